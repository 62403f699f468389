// <kg-graph-view> as a reader's tool (issue 16): the plain wheel zooms around the pointer, the minimap moves the
// view and hides with M, the quote card stays readable at the right edge, candidate and unsupported nodes look and
// read differently and a filter hides them, node text can be shortened, SVG export holds every node.
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { edge, frames, mountGraphView, node, plusGraph, zoomOf } from './graph-view.fixture';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

function weakPlus() {
  const g = plusGraph();
  g.nodes = g.nodes.map((n) =>
    n.id === 'n'
      ? { ...n, groundingStatus: 'unsupported' as const }
      : n.id === 's'
        ? { ...n, groundingStatus: 'candidate' as const }
        : n,
  );
  return g;
}

describe('<kg-graph-view> reading', () => {
  it('the plain wheel zooms around the pointer, keeping the point under it fixed', async () => {
    const { page } = browser;
    const g = plusGraph();
    await mountGraphView(page, baseUrl, { nodes: g.nodes, edges: g.edges, layoutResult: g.layout });
    const before = await zoomOf(page);
    const box = (await page.locator('kg-graph-view [data-node-id="e"]').boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(at.x, at.y);
    await page.mouse.wheel(0, -200);
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(before * 1.3);
    await frames(page);
    const after = (await page.locator('kg-graph-view [data-node-id="e"]').boundingBox())!;
    expect(Math.abs(after.x + after.width / 2 - at.x)).toBeLessThan(3);
    expect(Math.abs(after.y + after.height / 2 - at.y)).toBeLessThan(3);
  });

  it('the minimap outlines the view, a click on it moves the view there, and M hides it', async () => {
    const { page } = browser;
    const g = plusGraph();
    await mountGraphView(page, baseUrl, {
      nodes: g.nodes,
      edges: g.edges,
      layoutResult: g.layout,
      width: 600,
      height: 420,
    });
    await page.evaluate(() => document.querySelector('kg-graph-view')!.setZoom(2));
    await frames(page);
    const map = page.locator('kg-graph-view .minimap');
    await expect.poll(() => map.count()).toBe(1);
    const rect = page.locator('kg-graph-view .mm-view');
    const mapBox = (await map.boundingBox())!;
    const before = (await rect.boundingBox())!;
    expect(before.width).toBeLessThan(mapBox.width);
    // A click near the minimap's right end brings the far-right nodes (far, lone) into view.
    await page.mouse.click(mapBox.x + mapBox.width - 4, mapBox.y + mapBox.height / 2);
    await frames(page);
    const after = (await rect.boundingBox())!;
    expect(after.x).toBeGreaterThan(before.x + 20);
    const canvas = (await page.locator('kg-graph-view .canvas').boundingBox())!;
    const lone = (await page.locator('kg-graph-view [data-node-id="lone"]').boundingBox())!;
    expect(lone.x + lone.width / 2).toBeGreaterThan(canvas.x);
    expect(lone.x + lone.width / 2).toBeLessThan(canvas.x + canvas.width);
    await page.locator('kg-graph-view [data-node-id="c"]').focus();
    await page.keyboard.press('m');
    await expect.poll(() => map.count()).toBe(0);
    expect(await page.locator('kg-graph-view .minimap-toggle').getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('m');
    await expect.poll(() => map.count()).toBe(1);
  });

  it('the quote card by a node at the right edge keeps a readable width inside the view', async () => {
    const { page } = browser;
    const long = 'A long quote that needs several words on each of its lines to be read comfortably by anyone at all.';
    const g = plusGraph();
    g.nodes = g.nodes.map((n) => (n.id === 'far' ? { ...n, quote: long } : n));
    await mountGraphView(page, baseUrl, {
      nodes: g.nodes,
      edges: g.edges,
      layoutResult: g.layout,
      width: 700,
      height: 500,
    });
    // Put "far" against the right edge of the canvas.
    await page.evaluate(() => {
      const el = document.querySelector('kg-graph-view')!;
      (el as unknown as { moveTo(t: { x: number; y: number; k: number }): void }).moveTo({ x: -130, y: 40, k: 1 });
    });
    await frames(page);
    await page.locator('kg-graph-view [data-node-id="far"]').hover();
    const tip = page.locator('kg-graph-view [role="tooltip"]');
    await expect.poll(() => tip.count()).toBe(1);
    const tipBox = (await tip.boundingBox())!;
    const canvas = (await page.locator('kg-graph-view .canvas').boundingBox())!;
    expect(tipBox.width).toBeGreaterThanOrEqual(180);
    expect(tipBox.x + tipBox.width).toBeLessThanOrEqual(canvas.x + canvas.width);
    expect(tipBox.x).toBeGreaterThanOrEqual(canvas.x);
  });

  it('candidate and unsupported nodes differ from grounded ones (outline, hatch, mark, name) and the filter hides them', async () => {
    const { page } = browser;
    const g = weakPlus();
    await mountGraphView(page, baseUrl, { nodes: g.nodes, edges: g.edges, layoutResult: g.layout });
    const look = (id: string) =>
      page.evaluate((nodeId) => {
        const el = document.querySelector('kg-graph-view')!.shadowRoot!.querySelector(`[data-node-id="${nodeId}"]`)!;
        return {
          dash: getComputedStyle(el.querySelector('.box')!).strokeDasharray,
          hatch: el.querySelectorAll('.hatch').length,
          mark: el.querySelector('.mark text')?.textContent ?? null,
          label: el.getAttribute('aria-label'),
          display: getComputedStyle(el).display,
        };
      }, id);
    const grounded = await look('c');
    const unsupported = await look('n');
    const candidate = await look('s');
    expect(grounded).toMatchObject({ dash: 'none', hatch: 0, mark: null });
    expect(unsupported.dash).not.toBe('none');
    expect(unsupported).toMatchObject({ hatch: 1, mark: '!' });
    expect(unsupported.label).toContain('unsupported');
    expect(candidate).toMatchObject({ hatch: 1, mark: '?' });
    expect(candidate.label).toContain('candidate');
    expect(await page.locator('kg-graph-view [data-edge-id="c-n"]').getAttribute('data-ungrounded')).toBe('');
    await page.evaluate(() => (document.querySelector('kg-graph-view')!.hideUngrounded = true));
    await expect.poll(async () => (await look('n')).display).toBe('none');
    expect((await look('s')).display).toBe('none');
    expect((await look('c')).display).not.toBe('none');
    const edgeDisplay = (id: string) =>
      page.evaluate(
        (edgeId) =>
          getComputedStyle(
            document.querySelector('kg-graph-view')!.shadowRoot!.querySelector(`[data-edge-id="${edgeId}"]`)!,
          ).display,
        id,
      );
    expect(await edgeDisplay('c-n')).toBe('none');
    expect(await edgeDisplay('c-e')).not.toBe('none');
  });

  it('label-lines shortens long node texts (full text in the accessible name); toSvg holds every node', async () => {
    const { page } = browser;
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const nodes = [node('a', 'fact', long), node('b', 'claim', 'Short'), node('c', 'rule', 'Third')];
    await mountGraphView(page, baseUrl, {
      nodes,
      edges: [edge('ab', 'a', 'b'), edge('bc', 'b', 'c')],
      layout: 'circle',
    });
    await page.evaluate(() => (document.querySelector('kg-graph-view')!.labelLines = 2));
    await expect.poll(() => page.locator('kg-graph-view [data-node-id="a"] tspan').count()).toBe(2);
    const lines = await page.locator('kg-graph-view [data-node-id="a"] tspan').allTextContents();
    expect(lines[1].endsWith('…')).toBe(true);
    expect(await page.locator('kg-graph-view [data-node-id="a"]').getAttribute('aria-label')).toContain('word39');
    const svg = await page.evaluate(async () =>
      (await document.querySelector('kg-graph-view')!.toSvg({ title: 'Three nodes' })).text(),
    );
    for (const id of ['a', 'b', 'c']) expect(svg).toContain(`data-node-id="${id}"`);
    expect(svg).toContain('Three nodes');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(browser.errors).toEqual([]);
  });
});
