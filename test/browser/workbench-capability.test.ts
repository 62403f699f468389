// An embed that shows one document through a read capability (<kg-workbench capability="kgc_…">): every API call
// carries the capability and nothing else, the page stores no write capability, and a rotation shuts it out.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser';
import { EN_TEXT } from './workbench-helpers';

const baseUrl = inject('baseUrl');
let browser: BrowserSession;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api(path: string, init: { method?: string; token?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function embed(documentId: string, capability: string) {
  const { page } = browser;
  // A page with no workbench of its own (the static example, whose element is removed), then the embed.
  await page.goto(`${baseUrl}/examples/static.html`);
  await page.evaluate(
    ([id, token]) => {
      document.querySelector('kg-workbench')?.remove();
      const wb = document.createElement('kg-workbench');
      wb.setAttribute('document-id', id!);
      wb.setAttribute('capability', token!);
      document.body.append(wb);
    },
    [documentId, capability],
  );
}

describe('<kg-workbench capability>', () => {
  it('reads its document with the capability on every call, holds no write capability, and is refused after a rotation', async () => {
    const created = await api('/api/documents', {
      method: 'POST',
      json: { text: EN_TEXT, title: 'Embedded document' },
    });
    expect(created.status).toBe(202);
    const { documentId, taskId, writeCapability } = created.body as {
      documentId: string;
      taskId: string;
      writeCapability: string;
    };
    for (let status = 'queued'; status === 'queued' || status === 'running'; ) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await api(`/api/tasks/${taskId}`)).body.status;
    }
    const issued = await api(`/api/documents/${documentId}/capabilities`, {
      method: 'POST',
      token: writeCapability,
      json: { scope: 'read', ttlSeconds: 600 },
    });
    expect(issued.status).toBe(201);
    const capability = issued.body.token as string;

    const { page } = browser;
    const calls: { path: string; auth: string | undefined }[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) calls.push({ path: url.pathname, auth: r.headers().authorization });
    });
    await embed(documentId, capability);
    await page.locator('kg-graph-view [data-node-id]').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('kg-workbench h1').textContent()).toBe('Embedded document');
    const documentCalls = calls.filter((c) => c.path.startsWith(`/api/documents/${documentId}`));
    expect(documentCalls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.auth, call.path).toBe(`Bearer ${capability}`);
    expect(await page.evaluate(() => localStorage.getItem('kg-workbench:write-capabilities'))).toBeNull();

    // Rotating the document's secret revokes the capability: the embed now shows a typed 401.
    expect(
      (await api(`/api/documents/${documentId}/capabilities/rotate`, { method: 'POST', token: writeCapability }))
        .status,
    ).toBe(200);
    await embed(documentId, capability);
    const alert = page.locator('kg-workbench [role=alert]');
    await alert.waitFor();
    expect(await alert.getAttribute('data-error-code')).toBe('unauthorized');
  });
});
