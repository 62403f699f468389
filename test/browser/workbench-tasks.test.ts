import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { WebSocketRoute } from 'playwright-core';
import { useBrowser, type BrowserSession } from '../support/browser';
import { EN_TEXT, extract, openDemo, eventually } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** What the task feed (GET /api/tasks/:id/events, a WebSocket) is in the page: the real server, or a script. */
let feedScript: ((ws: WebSocketRoute, taskId: string) => void) | null = null;

beforeAll(async () => {
  await browser.page.routeWebSocket(/\/api\/tasks\/[^/]+\/events$/, (ws) => {
    const taskId = decodeURIComponent(new URL(ws.url()).pathname.split('/')[3]);
    if (feedScript) feedScript(ws, taskId);
    else ws.connectToServer();
  });
});
beforeEach(() => {
  browser.errors.length = 0;
});

const progressBar = (page: BrowserSession['page']) => page.getByRole('progressbar', { name: 'Extraction progress' });

/**
 * The built-in extractor finishes even a 1,000,000-character text before its first progress message here, so the
 * running phase is held at the feed: the task's WebSocket is scripted to say "running" every 400 ms until
 * `release()` closes it; the page then reconnects to the real feed, whose first message is the real state.
 * Cancel is answered by the real server unless `cancelled` is set.
 */
async function holdTaskRunning(page: BrowserSession['page'], options: { cancelled?: boolean } = {}) {
  let polls = 0;
  const open = new Set<WebSocketRoute>();
  feedScript = (ws, taskId) => {
    open.add(ws);
    const send = () => {
      polls++;
      ws.send(
        JSON.stringify({
          taskId,
          documentId: '',
          kind: 'extract',
          status: 'running',
          stage: 'extract',
          progress: { done: Math.min(polls, 9), total: 10, charsReceived: 0 },
          elapsedMs: 1500 + polls * 400,
          warnings: ['batch 3: dropped causes edge (quote not found)'],
          model: 'builtin:heuristic',
        }),
      );
    };
    send();
    const timer = setInterval(send, 400);
    ws.onClose(() => {
      clearInterval(timer);
      open.delete(ws);
    });
  };
  if (options.cancelled) {
    await page.route('**/api/tasks/*/cancel', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          taskId: 'task_x',
          documentId: '',
          kind: 'extract',
          status: 'cancelled',
          stage: 'extract',
          progress: { done: 4, total: 10 },
          elapsedMs: 4200,
          warnings: [],
          model: 'builtin:heuristic',
          error: { code: 'cancelled', message: 'The task was cancelled.' },
        }),
      }),
    );
  }
  return {
    polls: () => polls,
    release: async () => {
      feedScript = null;
      for (const ws of open) await ws.close({ code: 1012, reason: 'released by the test' });
      await page.unroute('**/api/tasks/*/cancel');
    },
  };
}

async function paste(page: BrowserSession['page'], text: string) {
  const newText = page.getByRole('button', { name: 'New text' });
  if ((await newText.count()) && (await newText.getAttribute('aria-expanded')) !== 'true') await newText.click();
  await page.getByLabel('Text to extract').fill(text);
}

describe('tasks', () => {
  it('shows a running task (stage, elapsed time, batches, warnings) and picks it up again after a reload', async () => {
    const { page } = browser;
    await openDemo(page, baseUrl);
    const hold = await holdTaskRunning(page);
    await page.evaluate(() => {
      const w = window as unknown as { __progress: number };
      w.__progress = 0;
      document.addEventListener('kg-task-progress', () => w.__progress++);
    });
    await paste(page, EN_TEXT);
    await page.getByRole('button', { name: 'Extract', exact: true }).click();
    await progressBar(page).waitFor();
    const status = page.locator('kg-task-progress [role=status]');
    await eventually(() => status.textContent()).toMatch(
      /extracting[\s\S]*batches [1-9]\/10[\s\S]*\d+\.\d s[\s\S]*Warnings \(1\)/,
    );
    expect(await page.getByRole('button', { name: 'Cancel the extraction' }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __progress: number }).__progress)).toBeGreaterThan(0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('kg-workbench:ui') ?? '{}').running);
    expect(stored).toMatchObject({ taskId: expect.stringMatching(/^task_/), documentId: expect.any(String) });

    await page.reload();
    // The stored task is followed again …
    await progressBar(page).waitFor();
    const before = hold.polls();
    await eventually(() => hold.polls()).toBeGreaterThan(before + 1);
    // … and when the server says it is done, its document opens.
    await hold.release();
    await page.locator('[data-summary]').waitFor({ timeout: 30_000 });
    await eventually(() =>
      page.evaluate(() => JSON.parse(localStorage.getItem('kg-workbench:ui') ?? '{}').running),
    ).toBeNull();
    const shown = await page.evaluate(
      () =>
        (document.querySelector('kg-workbench') as unknown as { doc: { info: { documentId: string } } }).doc.info
          .documentId,
    );
    expect(shown).toBe(stored.documentId);
    await eventually(() => progressBar(page).count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  it('cancels a running task from its cancel button', async () => {
    const { page } = browser;
    await openDemo(page, baseUrl);
    const hold = await holdTaskRunning(page, { cancelled: true });
    const done = page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          document.addEventListener('kg-task-done', (e) => resolve((e as CustomEvent).detail.task.status), {
            once: true,
          }),
        ),
    );
    await paste(page, EN_TEXT);
    await page.getByRole('button', { name: 'Extract', exact: true }).click();
    await page.getByRole('button', { name: 'Cancel the extraction' }).click();
    expect(await done).toBe('cancelled');
    expect(await page.locator('kg-task-progress [part=error]').textContent()).toBe('The extraction was cancelled.');
    expect(await page.getByRole('button', { name: 'Cancel the extraction' }).count()).toBe(0);
    expect(await page.getByLabel('Text to extract').count()).toBe(1);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('kg-workbench:ui') ?? '{}').running)).toBeNull();
    await hold.release();
    expect(browser.errors).toEqual([]);
  });

  it("shows typed failures in the reader's language", async () => {
    const { page } = browser;
    await openDemo(page, baseUrl);
    await page.getByRole('button', { name: 'Switch the interface to Chinese' }).click();
    // A refused submission (413) …
    await page.route('**/api/documents', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 413,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'input_too_large', message: 'The input is too large. 1200000 characters.' },
            }),
          })
        : route.fallback(),
    );
    const reported = page.evaluate(
      () =>
        new Promise<unknown>((resolve) =>
          document.addEventListener('kg-error', (e) => resolve((e as CustomEvent).detail), { once: true }),
        ),
    );
    await page.getByLabel('待拆分文本').fill('一段文本。');
    await page.getByRole('button', { name: '拆分', exact: true }).click();
    expect(await reported).toMatchObject({ code: 'input_too_large' });
    const alert = page.locator('kg-workbench [role=alert]');
    await alert.waitFor();
    expect(await alert.getAttribute('data-error-code')).toBe('input_too_large');
    expect(await alert.textContent()).toContain('输入内容过大。');
    await page.unroute('**/api/documents');
    // … and a task that failed on the server.
    feedScript = (ws, taskId) => {
      ws.send(
        JSON.stringify({
          taskId,
          documentId: '00000000-0000-4000-8000-000000000000',
          kind: 'extract',
          status: 'failed',
          stage: 'verify',
          progress: { done: 3, total: 3, charsReceived: 0 },
          elapsedMs: 2100,
          warnings: ['batch 2: dropped causes edge (quote not found)'],
          model: 'builtin:heuristic',
          error: {
            code: 'invariant_violation',
            message: 'The graph failed its integrity checks; nothing was saved. 1 error(s): dangling edge e4.',
          },
        }),
      );
      void ws.close({ code: 1000, reason: 'failed' });
    };
    await page.getByRole('button', { name: '拆分', exact: true }).click();
    const failure = page.locator('kg-task-progress [part=error]');
    await failure.waitFor();
    expect(await failure.getAttribute('data-error-code')).toBe('invariant_violation');
    expect(await failure.textContent()).toContain('知识图未通过完整性检查，未保存任何内容。');
    expect(await failure.textContent()).toContain('dangling edge e4');
    expect(await page.locator('kg-task-progress details').textContent()).toContain('警告（1）');
    feedScript = null;
    await page.getByRole('button', { name: '切换界面为英文' }).click();
    // The refused submission is the only failed load.
    expect(browser.errors).toEqual([
      'Failed to load resource: the server responded with a status of 413 (Payload Too Large)',
    ]);
  });

  it('lists recent documents: reopen one from the server, delete one, clear all', async () => {
    const { page } = browser;
    await openDemo(page, baseUrl);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await extract(page, EN_TEXT, { title: 'First document' });
    await extract(page, 'A second text is defined as a short example. For example, it has two sentences.', {
      title: 'Second document',
    });
    await page.getByRole('button', { name: 'History' }).click();
    const list = page.locator('kg-history-list li');
    await eventually(() => list.count()).toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: 'Open First document' }).click();
    await eventually(() => page.locator('kg-workbench h1').textContent()).toBe('First document');
    // Only ids and small UI state are kept in the browser.
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).not.toContain('knowledge graph is defined');
    expect(stored).not.toContain('"nodes"');

    // Open mode: the page holds the write capability of each document it created, and lists exactly those.
    const held = await page.evaluate(
      () => Object.values(JSON.parse(localStorage.getItem('kg-workbench:write-capabilities') ?? '{}')) as string[],
    );
    expect(held.length).toBeGreaterThanOrEqual(2);
    expect(held.every((t) => t.startsWith('kgw_'))).toBe(true);

    await page.getByRole('button', { name: 'History' }).click();
    const before = await list.count();
    await page.getByRole('button', { name: 'Delete Second document' }).click();
    // Deleting asks first (workbench-delete-restore.test.ts covers the question and the restore).
    await page.locator('kg-history-list li[data-confirming] [data-confirm-delete]').click();
    await eventually(() => list.count()).toBe(before - 1);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByRole('button', { name: /^Delete (all \d+ documents|\d+ document)\?$/ }).click();
    await eventually(() => page.locator('kg-history-list p').textContent()).toBe('No documents yet.');
    // The shown document was deleted too: the input is back.
    await eventually(() => page.getByLabel('Text to extract').count()).toBe(1);
    // Deleted on the server (the capabilities the page held list nothing now but the deleted documents, which the
    // page can still restore with them for 30 days).
    const res = await fetch(`${baseUrl}/api/documents?limit=100`, { headers: { 'x-kg-capabilities': held.join(',') } });
    expect((await res.json()).items).toEqual([]);
    const gone = await fetch(`${baseUrl}/api/documents?deleted=1&limit=100`, {
      headers: { 'x-kg-capabilities': held.join(',') },
    });
    expect((await gone.json()).items.length).toBeGreaterThanOrEqual(2);
    expect(browser.errors).toEqual([]);
  });

  it('extracts a selection of the source as its own graph', async () => {
    const { page } = browser;
    await openDemo(page, baseUrl);
    await extract(page, EN_TEXT, { title: 'Source of a selection' });
    const text = page.locator('kg-source-pane [data-unit="2"] .text');
    const box = (await text.boundingBox())!;
    await page.mouse.move(box.x + 2, box.y + 4);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 4, box.y + box.height - 4, { steps: 5 });
    await page.mouse.up();
    const selected = await page
      .locator('kg-source-pane')
      .evaluate((el) => (el.shadowRoot as unknown as { getSelection(): Selection }).getSelection().toString());
    expect(selected.length).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'Extract selection as its own graph' }).click();
    await eventually(() => page.locator('kg-workbench h1').textContent(), { timeout: 30_000 }).toBe(
      'Selection from Source of a selection',
    );
    await page.locator('[data-summary]').waitFor();
    await eventually(async () =>
      (await page.locator('kg-source-pane ol').textContent())!.replace(/\s+/g, ' '),
    ).toContain(selected.replace(/\s+/g, ' ').trim().slice(0, 30));
  });
});
