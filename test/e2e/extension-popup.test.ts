// The browser extension (integrations/extension), built and loaded unpacked into Chromium (new headless mode), against
// a `wrangler dev` whose KG_EXTENSION_ORIGINS holds this extension's origin (its id is read from the loaded service
// worker). Select text on a local page → the page's 「拆成知识图 / Make a graph」 button → the service worker opens the
// result page (popup.html in a window: the options page's "open results in a window", since headless Chromium opens
// the toolbar popup where no page can see it) → <kg-workbench> extracts and shows nodes → clicking a node highlights its source.
// The context-menu item runs the same makeGraph function in the service worker; Playwright cannot click browser menus.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildExtension } from '../../integrations/extension/build.mjs';
import { newStateDir, removeState, startDev, stopDev, type Dev } from './harness';

const TEXT =
  'Photosynthesis turns light into chemical energy. Chlorophyll in the leaves absorbs the light. The plant stores the energy as sugar, and animals eat the plant.';
let dev: Dev | undefined;
let stateDir = '';
let context: BrowserContext;
let profile = '';
let extensionDir = '';
let site: Server;
let siteBase = '';
let extensionId = '';

beforeAll(async () => {
  extensionDir = await buildExtension(mkdtempSync(path.join(tmpdir(), 'kg-extension-')));
  profile = mkdtempSync(path.join(tmpdir(), 'kg-chromium-ext-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.KG_CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-sync',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
    ],
    viewport: { width: 1280, height: 860 },
    locale: 'en-US',
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  extensionId = new URL(worker.url()).host;
  stateDir = newStateDir();
  dev = await startDev(stateDir, { KG_EXTENSION_ORIGINS: `chrome-extension://${extensionId}` });
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Plants</title></head>
<body><h1>Plants</h1><p id="text">${TEXT}</p><textarea aria-label="notes">Not for graphs.</textarea></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteBase = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await context?.close();
  site?.close();
  await stopDev(dev);
  if (stateDir) removeState(stateDir);
  for (const dir of [profile, extensionDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

it('selection on a page → Make a graph → nodes in the extension page → a node click highlights its source', async () => {
  // The Worker's URL is a setting (options page, chrome.storage.local).
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  expect(await options.locator('#origin').textContent()).toBe(`chrome-extension://${extensionId}`);
  await options.locator('#api').fill(dev!.base);
  // Headless Chromium "opens" the toolbar popup where no page can see it: results go to a window (an option).
  await options.locator('#window').check();
  await options.getByRole('button', { name: /Save/ }).click();
  await expect.poll(() => options.locator('#saved').textContent()).toContain('Saved');
  await options.close();

  const page = await context.newPage();
  await page.goto(`${siteBase}/`);
  // Not offered for text in a form field.
  await page.getByLabel('notes').click({ clickCount: 3 });
  await page.waitForTimeout(50); // the button would show 10 ms after mouseup
  expect(await page.getByRole('button', { name: '拆成知识图 / Make a graph' }).isVisible()).toBe(false);

  await page.locator('#text').click({ clickCount: 3 });
  const opened = context.waitForEvent('page', {
    predicate: (p) => p.url().startsWith(`chrome-extension://${extensionId}/popup.html`),
    timeout: 30_000,
  });
  await page.getByRole('button', { name: '拆成知识图 / Make a graph' }).click();
  const result: Page = await opened;
  const calls: Array<{ method: string; path: string; status: number; acao: string | undefined }> = [];
  result.on('response', (r) => {
    if (r.url().startsWith(dev!.base)) {
      calls.push({
        method: r.request().method(),
        path: new URL(r.url()).pathname,
        status: r.status(),
        acao: r.headers()['access-control-allow-origin'],
      });
    }
  });
  const pageErrors: string[] = [];
  result.on('pageerror', (e) => pageErrors.push(e.message));

  const nodes = result.locator('kg-graph-view [data-node-id]');
  await expect.poll(() => nodes.count(), { timeout: 60_000 }).toBeGreaterThan(0);
  await expect
    .poll(() =>
      result
        .locator('kg-source-pane')
        .getByText(/Chlorophyll in the leaves/)
        .count(),
    )
    .toBeGreaterThan(0);

  // Navigate: a node click highlights its source unit.
  await nodes
    .filter({ hasText: /Chlorophyll/ })
    .first()
    .click();
  await expect.poll(() => result.locator('kg-source-pane [data-unit][aria-current="true"]').count()).toBeGreaterThan(0);
  expect(await result.locator('kg-source-pane [data-unit][aria-current="true"]').first().textContent()).toMatch(
    /Chlorophyll/,
  );

  // The extraction was a CORS request from this extension, answered by the gate (only it answers CORS to an extension
  // origin). Chromium sends no Origin on the extension's GETs (the content script's <all_urls> match gives it host
  // access), so the gate sees its writes; what it refused is listed (the workbench lays out in the page instead).
  const extract = calls.find((c) => c.method === 'POST' && c.path === '/api/documents');
  expect(extract).toMatchObject({ status: 202, acao: `chrome-extension://${extensionId}` });
  expect(pageErrors).toEqual([]);
  expect(await result.locator('kg-workbench .notice[role="alert"]').count()).toBe(0);
  const refused = calls.filter((c) => c.status >= 400).map((c) => `${c.status} ${c.method} ${c.path}`);
  console.log(`extension ${extensionId}; refused by the Worker: ${refused.join(', ') || 'none'}`);
});
