// Progress survives a lost connection: a model-backed extraction shown in Chromium while its `wrangler dev` is
// killed and started again on the same port and state folder, while the browser goes offline, and while a cancel
// is sent offline. The page must end showing the committed graph (or the cancel), each message once.
// This file runs its own `wrangler dev` (it has to kill it) and the scripted model server (slow batches).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { freePort, startWranglerDev, stopProcess, waitForHealth } from '../../scripts/lib/wrangler.mjs';
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.mjs';
import { openBrowser, type BrowserSession } from '../support/browser';
import { newStateDir, removeState, scriptedModels } from '../e2e/harness';
import { eventually, graphNodes, openDemo } from './workbench-helpers';

const MODEL = 'openai-compatible:slow-600';
// 24 sections of about 110 characters, batches of 200 characters, one at a time, 600 ms each: 12+ s of work.
const TEXT = Array.from(
  { length: 24 },
  (_, i) =>
    `Section ${i + 1} says that river ${i + 1} floods in spring. Therefore farms near river ${i + 1} move uphill.`,
).join('\n\n');

let llm: ScriptedLlm;
let stateDir: string;
let port: number;
let base: string;
let dev: ChildProcess | undefined;
let browser: BrowserSession;

async function startServer(): Promise<void> {
  dev = startWranglerDev({
    port,
    stateDir,
    vars: {
      KG_MODELS: scriptedModels(llm.url, ['slow-600'], { concurrency: 1, batchChars: 200 }),
      KG_MODEL_TIMEOUT_MS: '8000',
      // An interrupted task resumes from its checkpoints this soon after the restart (the heartbeat alarm).
      KG_RESUME_DELAY_MS: '1500',
    },
  });
  await waitForHealth(base, 90_000, dev);
}

beforeAll(async () => {
  llm = await startScriptedLlm();
  stateDir = newStateDir();
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  await startServer();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stopProcess(dev);
  if (stateDir) removeState(stateDir);
  await llm?.close();
});

type Page = BrowserSession['page'];

/** Counts the workbench's events (kg-error, kg-task-done) from the page's start. */
async function countEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __events: Array<{ type: string; detail: unknown }> };
    w.__events = [];
    for (const type of ['kg-error', 'kg-task-done']) {
      document.addEventListener(type, (e) => w.__events.push({ type, detail: (e as CustomEvent).detail }));
    }
  });
}

const events = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __events: Array<{ type: string; detail: { task?: { status: string } } }> }).__events,
  );

const status = (page: Page) => page.locator('kg-task-progress [role=status]');
const reconnecting = (page: Page) => page.locator('kg-workbench p.notice[data-error-code=reconnecting]');
const batchesDone = async (page: Page) =>
  Number(/batches (\d+)\//.exec((await status(page).textContent()) ?? '')?.[1] ?? -1);

async function startExtraction(page: Page, title: string): Promise<void> {
  await openDemo(page, base);
  await countEvents(page);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Extractor').selectOption(MODEL);
  await page.getByLabel('Text to extract').fill(TEXT);
  await page.getByRole('button', { name: 'Extract', exact: true }).click();
  await eventually(() => batchesDone(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
}

/** While the server is unreachable the browser reports failed connections; nothing else may fail. */
function unexpectedErrors(errors: string[]): string[] {
  return errors.filter(
    (e) =>
      !/^WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/api\/tasks\/task_[0-9a-z]+\/events' failed/.test(e) &&
      !/^Failed to load resource: net::ERR_(CONNECTION_REFUSED|INTERNET_DISCONNECTED|CONNECTION_RESET|EMPTY_RESPONSE)$/.test(
        e,
      ),
  );
}

async function expectGraphShown(page: Page, title: string): Promise<void> {
  await eventually(() => page.locator('kg-workbench h1').textContent(), { timeout: 120_000 }).toBe(title);
  await page.locator('[data-summary]').waitFor({ timeout: 30_000 });
  await graphNodes(page).first().waitFor({ timeout: 30_000 });
  expect(await graphNodes(page).count()).toBeGreaterThan(10);
}

describe('a lost connection during an extraction', () => {
  it('survives wrangler dev being killed and restarted: the committed graph is shown, no error, one done', async () => {
    const { page } = browser;
    browser.errors.length = 0;
    await startExtraction(page, 'Rivers through a restart');
    const before = await batchesDone(page);

    await stopProcess(dev, 'SIGKILL');
    dev = undefined;
    // The page says once that it is reconnecting, and keeps the last progress it saw.
    await reconnecting(page).waitFor({ timeout: 30_000 });
    expect(await reconnecting(page).count()).toBe(1);
    expect(await batchesDone(page)).toBeGreaterThanOrEqual(before);
    await page.waitForTimeout(2_000);
    expect(await page.locator('kg-workbench [role=alert]').count()).toBe(0);

    const shownAtKill = await batchesDone(page);
    await startServer();
    const ready = Date.now();
    await eventually(() => reconnecting(page).count(), { timeout: 30_000, interval: 50 }).toBe(0);
    const live = Date.now();
    // The task resumed on the restarted server and its progress reaches the page again.
    await eventually(() => batchesDone(page), { timeout: 15_000 }).toBeGreaterThan(shownAtKill);
    await expectGraphShown(page, 'Rivers through a restart');
    console.log(
      `[network-loss] restart: live again ${live - ready} ms after the server answered, graph shown after ${Date.now() - ready} ms`,
    );
    const seen = await events(page);
    expect(seen.filter((e) => e.type === 'kg-error')).toEqual([]);
    expect(seen.filter((e) => e.type === 'kg-task-done').map((e) => e.detail.task?.status)).toEqual(['succeeded']);
    expect(await page.locator('kg-workbench [role=alert]').count()).toBe(0);
    expect(await page.locator('kg-task-progress [part=error]').count()).toBe(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('kg-workbench:ui') ?? '{}').running)).toBeNull();
    expect(unexpectedErrors(browser.errors)).toEqual([]);
  }, 240_000);

  it('survives the browser going offline for a few seconds', async () => {
    const { page, context } = browser;
    browser.errors.length = 0;
    await startExtraction(page, 'Rivers through an outage');
    await context.setOffline(true);
    await reconnecting(page).waitFor({ timeout: 15_000 });
    const offlineAt = await batchesDone(page);
    await page.waitForTimeout(4_000);
    // Nothing arrives while offline; the page neither freezes into an error nor repeats itself.
    expect(await batchesDone(page)).toBe(offlineAt);
    expect(await reconnecting(page).count()).toBe(1);
    await context.setOffline(false);
    const online = Date.now();
    // Back online, the state the server sends first replaces the stale one: the batches done jumped ahead.
    await eventually(() => batchesDone(page), { timeout: 15_000, interval: 50 }).toBeGreaterThan(offlineAt);
    console.log(`[network-loss] offline: resynced ${Date.now() - online} ms after the browser was back online`);
    await expectGraphShown(page, 'Rivers through an outage');
    const seen = await events(page);
    expect(seen.filter((e) => e.type === 'kg-error')).toEqual([]);
    expect(seen.filter((e) => e.type === 'kg-task-done').map((e) => e.detail.task?.status)).toEqual(['succeeded']);
    expect(await page.locator('kg-workbench [role=alert]').count()).toBe(0);
    // Offline, nothing is attempted (the socket is closed on 'offline', the next try waits for 'online'): no failed loads.
    expect(browser.errors).toEqual([]);
  }, 180_000);

  it('falls back to polling when WebSockets are impossible, and the polling survives an outage too', async () => {
    // A second page of the same browser whose WebSocket does not exist (as behind a proxy that forbids it).
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(() => {
      delete (window as unknown as { WebSocket?: unknown }).WebSocket;
    });
    const polled: string[] = [];
    page.on('request', (r) => /\/api\/tasks\/task_[0-9a-z]+$/.test(r.url()) && polled.push(r.url()));
    try {
      await startExtraction(page, 'Rivers followed by polling');
      expect(polled.length).toBeGreaterThan(0);
      await browser.context.setOffline(true);
      await reconnecting(page).waitFor({ timeout: 15_000 });
      await page.waitForTimeout(3_000);
      await browser.context.setOffline(false);
      await expectGraphShown(page, 'Rivers followed by polling');
      const seen = await events(page);
      expect(seen.filter((e) => e.type === 'kg-error')).toEqual([]);
      expect(seen.filter((e) => e.type === 'kg-task-done').map((e) => e.detail.task?.status)).toEqual(['succeeded']);
      expect(errors).toEqual([]);
    } finally {
      await browser.context.setOffline(false);
      await page.close();
    }
  }, 180_000);

  it('cancels while offline: the cancel is sent once the network is back and said once', async () => {
    const { page, context } = browser;
    browser.errors.length = 0;
    await startExtraction(page, 'Rivers cancelled offline');
    await context.setOffline(true);
    await reconnecting(page).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Cancel the extraction' }).click();
    await page.waitForTimeout(1_500);
    await context.setOffline(false);
    await eventually(() => page.locator('kg-task-progress [part=error]').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.locator('kg-task-progress [part=error]').textContent()).toBe('The extraction was cancelled.');
    await eventually(() => reconnecting(page).count()).toBe(0);
    const seen = await events(page);
    expect(seen.filter((e) => e.type === 'kg-error')).toEqual([]);
    expect(seen.filter((e) => e.type === 'kg-task-done').map((e) => e.detail.task?.status)).toEqual(['cancelled']);
    // Nothing else says it: no alert, no second copy.
    expect(await page.locator('kg-workbench [role=alert]').count()).toBe(0);
    expect(await page.getByText('The extraction was cancelled.').count()).toBe(1);
    // The cancel waited for the network instead of failing against it.
    expect(browser.errors).toEqual([]);
  }, 180_000);
});
