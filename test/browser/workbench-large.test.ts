import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { mixedText } from '../support/texts';
import { drawnNodeIds, extract, graphNodes, loadedGraph, openDemo, eventually } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let documentId = '';
let totals = { nodes: 0, edges: 0, units: 0 };

beforeAll(async () => {
  await openDemo(browser.page, baseUrl);
  await extract(browser.page, mixedText(60_000), { title: 'Large "graph", with commas', timeout: 90_000 });
  const { info } = await loadedGraph(browser.page);
  documentId = info.documentId;
  const doc = await (await fetch(`${baseUrl}/api/documents/${documentId}`)).json();
  totals = { nodes: doc.nodeCount, edges: doc.edgeCount, units: doc.unitCount };
}, 150_000);

/** Parses CSV as RFC 4180 (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

async function download(format: RegExp): Promise<{ name: string; body: Buffer }> {
  const { page } = browser;
  await page.getByText('Export', { exact: true }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: format }).click()]);
  return { name: file.suggestedFilename(), body: readFileSync((await file.path())!) };
}

describe('a graph larger than the 800-node window', () => {
  it('pages through windows of 800 nodes: next, previous and jump to a page', async () => {
    const { page } = browser;
    expect(totals.nodes).toBeGreaterThan(800);
    expect(await graphNodes(page).count()).toBe(800);
    const first = new Set(await drawnNodeIds(page));
    const windowInfo = page.locator('kg-view-controls [data-window]');
    expect(await windowInfo.textContent()).toBe(`nodes 1–800 of ${totals.nodes.toLocaleString('en-US')}`);

    await page.getByRole('button', { name: 'Next page of nodes' }).click();
    await eventually(() => windowInfo.textContent()).toMatch(/^nodes 801–/);
    await eventually(async () => (await drawnNodeIds(page)).some((id) => first.has(id))).toBe(false);
    await eventually(() => graphNodes(page).count()).toBe(Math.min(800, totals.nodes - 800));

    await page.getByRole('button', { name: 'Previous page of nodes' }).click();
    await eventually(() => windowInfo.textContent()).toMatch(/^nodes 1–800 /);

    await page.getByLabel('Page number').fill('2');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await eventually(() => windowInfo.textContent()).toMatch(/^nodes 801–/);
    await page.getByLabel('Page number').fill('1');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await eventually(() => windowInfo.textContent()).toMatch(/^nodes 1–800 /);
  });

  it('reaches and locates a node beyond the first 800 through the query box', async () => {
    const { page } = browser;
    const far = await (
      await fetch(`${baseUrl}/api/documents/${documentId}/graph?offset=${totals.nodes - 5}&limit=5`)
    ).json();
    const target = far.nodes.find((n: { paragraph: number | null }) => n.paragraph !== null);
    expect(await drawnNodeIds(page)).not.toContain(target.id);

    await page.getByLabel('Search nodes by id, text, type or section').fill(target.id);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const node = page.locator(`kg-graph-view [data-node-id="${target.id}"]`);
    await node.waitFor();
    await eventually(() => node.getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('kg-view-controls [data-matches]').textContent()).toBe('Matching nodes: 1');
    // Located: its card is open and its unit, far down the source, is shown and current.
    expect(await page.locator('kg-detail-card [data-node-text]').textContent()).toBe(target.text);
    const unit = page.locator(`kg-source-pane [data-unit="${target.paragraph}"]`);
    await eventually(() => unit.getAttribute('aria-current')).toBe('true');
    expect(await unit.isVisible()).toBe(true);
    expect(await page.locator('kg-source-pane [data-unit]').count()).toBeLessThanOrEqual(200);

    await page.getByRole('button', { name: 'Clear search' }).click();
    await eventually(() => graphNodes(page).count()).toBe(800);
  });

  it('exports the whole graph: JSON with every node, CSVs with a row per node and relation, a PNG', async () => {
    const json = await download(/Full graph \(JSON\)/);
    expect(json.name).toMatch(/\.graph\.json$/);
    const graph = JSON.parse(json.body.toString('utf8'));
    expect(graph.nodes).toHaveLength(totals.nodes);
    expect(graph.edges).toHaveLength(totals.edges);
    expect(graph.units).toHaveLength(totals.units);
    expect(graph.title).toBe('Large "graph", with commas');

    const nodes = parseCsv((await download(/Nodes \(CSV\)/)).body.toString('utf8').replace(/^\uFEFF/, ''));
    expect(nodes[0][0]).toBe('id');
    expect(nodes.length - 1).toBe(totals.nodes);
    expect(new Set(nodes.slice(1).map((r) => r[0]))).toEqual(new Set(graph.nodes.map((n: { id: string }) => n.id)));

    const edges = parseCsv((await download(/Relations \(CSV\)/)).body.toString('utf8').replace(/^\uFEFF/, ''));
    expect(edges[0]).toEqual(['id', 'from_id', 'to_id', 'relation', 'evidence_paragraphs', 'quote']);
    expect(edges.length - 1).toBe(totals.edges);

    const png = await download(/PNG image/);
    expect(png.name).toMatch(/\.png$/);
    expect([...png.body.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // 2× the rendered view.
    const width = png.body.readUInt32BE(16);
    const view = (await browser.page.locator('kg-graph-view .canvas').boundingBox())!;
    expect(width).toBeGreaterThanOrEqual(Math.floor(view.width * 2) - 2);
    expect(browser.errors).toEqual([]);
  });
});
