// The README's cross-origin embed snippet, for real: a docs site on another origin (a tiny node server) loads
// <script type="module" src="http://worker/kg-workbench.js"> and <kg-workbench api=… document-id=…> from a
// `wrangler dev` started with KG_CORS_ORIGINS naming that site, and shows the graph. A third origin that is not
// configured still loads the component (its code is public): an exported graph (`src`, no backend) renders, and
// `document-id` says the API refused the page and names the setting, not "cannot reach the server". Also checked
// here, against the same server: the demo page runs under its CSP with no violation, and source maps are not served.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  freePort,
  startWranglerDev,
  stopProcess,
  waitForHealth,
} from '../../scripts/lib/wrangler.mjs';
import { useBrowser } from '../support/browser';
import { extract, graphNodes, openDemo } from './workbench-helpers';

const browser = useBrowser();
let wrangler: ChildProcess;
let stateDir: string;
let workerUrl: string;
const sites: Server[] = [];

/** A docs page with the README's snippet, served by a node server of its own (its own origin). */
async function docsSite(documentId: () => string): Promise<string> {
  const page = (lang: string, element: string) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Docs</title>
<script type="module" src="${workerUrl}/kg-workbench.js"></script></head>
<body><h1>Chapter 1</h1>${element}</body></html>`;
  const server = createServer((req, res) => {
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    const live = `<kg-workbench api="${workerUrl}" document-id="${documentId()}"></kg-workbench>`;
    if (req.url === '/') return html(page('en', live));
    if (req.url === '/zh') return html(page('zh', live));
    if (req.url === '/static') return html(page('en', '<kg-workbench src="/chapter-1.graph.json"></kg-workbench>'));
    if (req.url === '/chapter-1.graph.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(exportedGraph);
    }
    return res.writeHead(404).end();
  });
  const port: number = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  sites.push(server);
  return `http://127.0.0.1:${port}`;
}

let documentId = '';
/** The document's exported graph file, served by the docs sites themselves (static mode: no backend). */
let exportedGraph = '';
let docsUrl: string;
let strangerUrl: string;

beforeAll(async () => {
  docsUrl = await docsSite(() => documentId);
  strangerUrl = await docsSite(() => documentId);
  stateDir = mkdtempSync(path.join(tmpdir(), 'kg-state-embed-'));
  applyMigrations(stateDir, { quiet: true });
  const port: number = await freePort();
  workerUrl = `http://127.0.0.1:${port}`;
  wrangler = startWranglerDev({ port, stateDir, vars: { KG_CORS_ORIGINS: docsUrl } });
  let log = '';
  wrangler.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  wrangler.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  try {
    await waitForHealth(workerUrl, 90_000, wrangler);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${log.slice(-3000)}`);
  }
  const created = await fetch(`${workerUrl}/api/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Embedded',
      text: 'A knowledge graph is defined as a network of facts. For example, a citation index links papers.',
    }),
  });
  const { documentId: id, taskId } = (await created.json()) as { documentId: string; taskId: string };
  for (let i = 0; i < 200; i++) {
    const task = (await (await fetch(`${workerUrl}/api/tasks/${taskId}`)).json()) as { status: string };
    if (task.status === 'succeeded') break;
    if (task.status !== 'queued' && task.status !== 'running') throw new Error(`extraction ${task.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  documentId = id;
  exportedGraph = await (await fetch(`${workerUrl}/api/documents/${id}/export?format=json`)).text();
});

afterAll(async () => {
  await stopProcess(wrangler);
  for (const site of sites) site.close();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

describe('embedding <kg-workbench> from another origin', () => {
  it('shows the graph on a docs site whose origin is in KG_CORS_ORIGINS', async () => {
    const { page } = browser;
    await page.goto(docsUrl);
    await graphNodes(page).first().waitFor({ timeout: 30_000 });
    expect(await graphNodes(page).count()).toBeGreaterThan(0);
    expect(browser.errors).toEqual([]);
  });

  it('renders an exported graph on an origin that is not configured (static mode needs no setting)', async () => {
    const { page } = browser;
    browser.errors.length = 0;
    await page.goto(`${strangerUrl}/static`);
    await graphNodes(page).first().waitFor({ timeout: 30_000 });
    expect(await graphNodes(page).count()).toBeGreaterThan(0);
    expect(browser.errors).toEqual([]);
  });

  it('says the API refused the page and names the setting on an origin that is not configured, in both languages', async () => {
    const { page } = browser;
    for (const [route, words] of [
      ['/', /not to this page[\s\S]*KG_CORS_ORIGINS/],
      ['/zh', /不接受本页面的请求[\s\S]*KG_CORS_ORIGINS/],
    ] as const) {
      browser.errors.length = 0;
      await page.goto(`${strangerUrl}${route}`);
      expect(await page.evaluate(() => customElements.get('kg-workbench') !== undefined)).toBe(true);
      const notice = page.getByText(words);
      await notice.first().waitFor({ timeout: 30_000 });
      expect(await page.getByText(/Cannot reach the server|无法连接服务器/).count()).toBe(0);
      expect(await page.getByText(strangerUrl).count()).toBeGreaterThan(0);
      if (process.env.KG_SHOTS_DIR)
        await page.screenshot({
          path: path.join(process.env.KG_SHOTS_DIR, `origin-refused${route.replace('/', '-')}.png`),
        });
      // The browser's own CORS refusal is all the console shows.
      expect(browser.errors.join('\n')).toMatch(/CORS|Access-Control-Allow-Origin|Failed to fetch|Failed to load/);
    }
  });
});

describe('the demo page under its own headers', () => {
  it('runs with no CSP violation (no inline script or style) and extracts', async () => {
    const { page } = browser;
    browser.errors.length = 0;
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    const res = await fetch(`${workerUrl}/`);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    await res.arrayBuffer();
    await openDemo(page, workerUrl);
    await page.evaluate(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    await extract(
      page,
      'A concept is defined as an idea. For example, a graph is a concept. Because graphs link ideas, they help readers.',
    );
    expect(await graphNodes(page).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(violations).toEqual([]);
    expect(browser.errors).toEqual([]);
  });

  it('serves no source map', async () => {
    const map = await fetch(`${workerUrl}/kg-workbench.js.map`);
    await map.arrayBuffer();
    expect(map.status).toBe(404);
    const js = await (await fetch(`${workerUrl}/kg-workbench.js`)).text();
    expect(js).not.toContain('sourceMappingURL');
  });
});
