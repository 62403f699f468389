// The docs-tool example (demo/docs-site, VitePress) as its author meets it: its own `npm ci`, each page's graph made
// again from the page's current text through the CLI against a `wrangler dev` (and compared with the graph file the
// site ships), `vitepress build` (which renders every page in Node, importing kg-workbench/elements there), and the
// built site served from an origin of its own, read in Chromium in English and Chinese at desktop and phone size.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/wrangler.mjs';
import { useBrowser } from '../support/browser';
import { type OwnWorker, startOwnWorker } from '../support/own-worker';
import { eventually, graphNodes, settled } from './workbench-helpers';

const SITE = path.resolve(__dirname, '../../demo/docs-site');
const DIST = path.join(SITE, '.vitepress/dist');
const PAGES = [
  { lang: 'en', page: 'guide/caching.md', url: '/guide/caching.html', graph: 'caching' },
  { lang: 'zh', page: 'zh/guide/caching.md', url: '/zh/guide/caching.html', graph: 'caching.zh' },
] as const;

interface GraphFile {
  nodes: { id: string; type: string; text: string; quote: string; paragraph: number | null }[];
  edges: { fromNodeId: string; toNodeId: string; relation: string }[];
  units: { n: number; text: string }[];
}

const browser = useBrowser();
let worker: OwnWorker;
let server: Server;
let siteUrl: string;
let fresh: string;
const shots = process.env.KG_SHOTS_DIR;

function npm(args: string[]) {
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, {
    cwd: SITE,
    stdio: 'pipe',
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' },
  });
}

/** What a graph says, without the ids and times a new run gives: node words, relations by their ends' words, units. */
function content(file: GraphFile) {
  const text = new Map(file.nodes.map((n) => [n.id, n.text]));
  return {
    nodes: file.nodes.map((n) => `${n.type}|${n.text}|${n.quote}|${n.paragraph}`).sort(),
    edges: file.edges.map((e) => `${text.get(e.fromNodeId)}|${e.relation}|${text.get(e.toNodeId)}`).sort(),
    units: file.units.map((u) => `${u.n}|${u.text}`),
  };
}

/** A node the reader can see whole in the graph's viewport (the view opens fitted, but a phone's pane is small). */
async function visibleNode(page: Page): Promise<string> {
  // The canvas is the svg that holds the nodes (the toolbar's icons are svgs too).
  const view = await page.locator('kg-graph-view svg:has([data-node-id])').first().boundingBox();
  const nodes = graphNodes(page);
  for (let i = 0; i < (await nodes.count()); i++) {
    const box = await nodes.nth(i).boundingBox();
    if (view && box && box.x >= view.x && box.y >= view.y + 40 && box.x + box.width <= view.x + view.width - 130)
      if (box.y + box.height <= view.y + view.height - 20)
        return (await nodes.nth(i).getAttribute('data-node-id')) ?? '';
  }
  throw new Error('no node is wholly in view');
}

const readGraph = (file: string): GraphFile => JSON.parse(readFileSync(file, 'utf8'));

beforeAll(async () => {
  // The example's own install (VitePress is its dev dependency, not the product's), from its lockfile.
  if (!existsSync(path.join(SITE, 'node_modules/vitepress'))) npm(['ci']);
  worker = await startOwnWorker('docs-site', {});
  fresh = mkdtempSync(path.join(tmpdir(), 'kg-docs-graphs-'));
  execFileSync(process.execPath, [path.join(SITE, 'graph.mjs'), '--out', fresh], {
    cwd: SITE,
    stdio: 'pipe',
    env: { ...process.env, KG_API: worker.baseUrl, KG_CONFIG_DIR: fresh },
  });
  rmSync(DIST, { recursive: true, force: true });
  execFileSync(path.join(SITE, 'node_modules/.bin/vitepress'), ['build'], { cwd: SITE, stdio: 'pipe' });
  // The built site from an origin of its own: a static file server, as any host of a docs site is.
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    let file = path.join(DIST, decodeURIComponent(url.pathname));
    if (!file.startsWith(DIST)) return res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file) && existsSync(`${file}.html`)) file = `${file}.html`;
    if (!existsSync(file)) return res.writeHead(404).end();
    const type = file.endsWith('.html')
      ? 'text/html; charset=utf-8'
      : file.endsWith('.js')
        ? 'text/javascript'
        : file.endsWith('.css')
          ? 'text/css'
          : file.endsWith('.json')
            ? 'application/json'
            : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type });
    res.end(readFileSync(file));
  });
  const port: number = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${port}`;
}, 420_000);

afterAll(async () => {
  await worker?.stop();
  await new Promise((resolve) => server?.close(resolve));
  if (fresh) rmSync(fresh, { recursive: true, force: true });
});

describe('the VitePress example site', () => {
  for (const { lang, page, graph } of PAGES) {
    it(`ships the graph of ${page}'s current text`, () => {
      const shipped = readGraph(path.join(SITE, 'public/graphs', `${graph}.graph.json`));
      const remade = readGraph(path.join(fresh, `${graph}.graph.json`));
      expect(content(shipped), `run \`npm run graph\` in demo/docs-site after editing ${page}`).toEqual(
        content(remade),
      );
      // The graph is of the page's own words: every unit and every quote is in the page's Markdown.
      const markdown = readFileSync(path.join(SITE, page), 'utf8');
      expect(shipped.nodes.length).toBeGreaterThan(10);
      for (const u of shipped.units) expect(markdown, `${lang} unit ${u.n}`).toContain(u.text);
      for (const n of shipped.nodes) expect(markdown).toContain(n.quote);
    });
  }

  it('renders every page in Node, with the element in the HTML', () => {
    for (const { url, graph } of PAGES) {
      const html = readFileSync(path.join(DIST, url), 'utf8');
      expect(html).toContain(`<kg-workbench src="/graphs/${graph}.graph.json"`);
    }
  });

  for (const { lang, url, graph } of PAGES) {
    it(`shows the page's graph in Chromium (${lang}): nodes, their sentences, no write action, inside its box`, async () => {
      const { page } = browser;
      const file = readGraph(path.join(DIST, 'graphs', `${graph}.graph.json`));
      for (const [w, h, name] of [
        [1440, 900, 'desktop'],
        [390, 844, 'phone'],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.goto(`${siteUrl}${url}`);
        const wb = page.locator('kg-workbench.page-graph');
        await wb.scrollIntoViewIfNeeded();
        await graphNodes(page).first().waitFor({ timeout: 30_000 });
        await settled(page);
        expect(await graphNodes(page).count()).toBe(file.nodes.length);
        // A static graph is read-only: no input, no history, no editing.
        expect(await page.locator('kg-input-panel').count()).toBe(0);
        expect(await page.getByRole('button', { name: lang === 'zh' ? '历史' : 'History' }).count()).toBe(0);
        // The component stays inside the box the page gave it (720 px and a 1 px border).
        const box = await wb.boundingBox();
        expect(box?.height).toBeLessThanOrEqual(722);
        // and never scrolls sideways in the page's column.
        expect(await wb.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
        // A node leads to the sentence it comes from, in the page's language.
        const id = await visibleNode(page);
        const node = file.nodes.find((n) => n.id === id);
        await page.locator(`kg-graph-view [data-node-id="${id}"]`).click();
        await eventually(() => page.locator('kg-detail-card [data-node-text]').textContent()).toBe(node?.text);
        expect(readFileSync(path.join(SITE, PAGES.find((p) => p.url === url)?.page ?? ''), 'utf8')).toContain(
          node?.quote,
        );
        expect(await page.locator('kg-workbench [data-summary]').textContent()).toMatch(
          lang === 'zh' ? /节点 · / : /nodes · /,
        );
        if (shots) await page.screenshot({ path: path.join(shots, `docs-site-${lang}-${name}.png`), fullPage: false });
      }
      expect(browser.errors).toEqual([]);
    });
  }
});
