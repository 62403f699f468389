// <kg-graph-view> in real Chromium: drawing, selection, keyboard access and zoom.
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { events, focusedNodeId, frames, mountGraphView, plusGraph, zoomOf } from './graph-view.fixture';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

async function mountPlus(extra: { lang?: 'en' | 'zh' } = {}) {
  const g = plusGraph();
  await mountGraphView(browser.page, baseUrl, { nodes: g.nodes, edges: g.edges, layoutResult: g.layout, ...extra });
  return g;
}

describe('<kg-graph-view> drawing', () => {
  it('draws every node and edge with stable hooks, in its type colour matching the legend', async () => {
    const { page } = browser;
    const g = await mountPlus();
    const drawn = await page.evaluate(() => {
      const root = document.querySelector('kg-graph-view')!.shadowRoot!;
      const swatch = (type: string) =>
        getComputedStyle(root.querySelector(`.legend .swatch[data-type="${type}"]`)!).backgroundColor;
      return {
        nodes: Array.from(root.querySelectorAll('[data-node-id]')).map((el) => {
          const box = el.querySelector('.box')!;
          return {
            id: el.getAttribute('data-node-id'),
            type: el.getAttribute('data-type'),
            stroke: getComputedStyle(box).stroke,
            legend: swatch(el.getAttribute('data-type')!),
            dash: getComputedStyle(box).strokeDasharray,
            text: el.querySelector('text')!.textContent,
          };
        }),
        edges: Array.from(root.querySelectorAll('[data-edge-id]')).map((el) => el.getAttribute('data-edge-id')),
        legend: root.querySelectorAll('.legend .swatch[data-type]').length,
      };
    });
    expect(drawn.nodes.map((n) => n.id).sort()).toEqual(g.nodes.map((n) => n.id).sort());
    expect(drawn.edges.sort()).toEqual(g.edges.map((e) => e.id).sort());
    expect(drawn.legend).toBe(8);
    for (const n of drawn.nodes) {
      expect(n.stroke).toBe(n.legend);
      expect(n.text).toBe(g.nodes.find((x) => x.id === n.id)!.text);
    }
    // Seven nodes of seven different types: seven different colours.
    expect(new Set(drawn.nodes.map((n) => n.stroke)).size).toBe(7);
    // The node that could not be anchored (paragraph null) is dashed; anchored ones are not.
    expect(drawn.nodes.find((n) => n.id === 'w')!.dash).not.toBe('none');
    expect(drawn.nodes.find((n) => n.id === 'c')!.dash).toBe('none');
    expect(browser.errors).toEqual([]);
  });

  it('shows at most 4 lines of a long node text, the last ending with an ellipsis', async () => {
    const { page } = browser;
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const g = plusGraph();
    g.nodes[0] = { ...g.nodes[0], text: long };
    await mountGraphView(page, baseUrl, { nodes: g.nodes, edges: g.edges, layout: 'circle' });
    const lines = await page.locator('kg-graph-view [data-node-id="c"] tspan').allTextContents();
    expect(lines).toHaveLength(4);
    expect(lines[3].endsWith('…')).toBe(true);
    expect(long.startsWith(lines[0])).toBe(true);
  });
});

describe('<kg-graph-view> selection', () => {
  it('a click on a node fires kg-graph-node-select and marks it aria-selected', async () => {
    const { page } = browser;
    await mountPlus();
    await page.locator('kg-graph-view [data-node-id="n"]').click();
    expect(await events(page, 'kg-graph-node-select')).toEqual([{ nodeId: 'n' }]);
    await expect
      .poll(() => page.locator('kg-graph-view [data-node-id="n"]').getAttribute('aria-selected'))
      .toBe('true');
    expect(await page.locator('kg-graph-view [aria-selected="true"]').count()).toBe(1);
  });

  it('marks selectedNodeId and the highlighted nodes of a source unit, and a cancelled select changes nothing', async () => {
    const { page } = browser;
    await mountPlus();
    await page.evaluate(() => {
      const el = document.querySelector('kg-graph-view')!;
      el.selectedNodeId = 'c';
      el.highlightNodeIds = new Set(['s', 'e']);
      el.addEventListener('kg-graph-node-select', (e) => e.preventDefault());
    });
    await expect
      .poll(() =>
        page
          .locator('kg-graph-view [aria-selected="true"]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-node-id')).sort()),
      )
      .toEqual(['c', 'e', 's']);
    await page.locator('kg-graph-view [data-node-id="lone"]').click();
    expect(await events(page, 'kg-graph-node-select')).toEqual([{ nodeId: 'lone' }]);
    expect(await page.locator('kg-graph-view [data-node-id="lone"]').getAttribute('aria-selected')).toBe('false');
    expect(await page.evaluate(() => document.querySelector('kg-graph-view')!.selectedNodeId)).toBe('c');
  });

  it('a click on an edge fires kg-graph-edge-select; dragging pans without selecting', async () => {
    const { page } = browser;
    await mountPlus();
    // The edge w→c is horizontal: click on the line, away from its label chip.
    const line = (await page.locator('kg-graph-view [data-edge-id="w-c"] .line').evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width };
    }))!;
    await page.mouse.click(line.x + line.width * 0.25, line.y + 2);
    expect(await events(page, 'kg-graph-edge-select')).toEqual([{ edgeId: 'w-c' }]);
    const drawingTransform = () =>
      page.locator('kg-graph-view svg.graph').evaluate((el) => (el as SVGSVGElement).style.transform);
    const before = await drawingTransform();
    const box = (await page.locator('kg-graph-view [data-node-id="n"]').boundingBox())!;
    await page.mouse.move(box.x + 10, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + 40, { steps: 5 });
    await page.mouse.up();
    await frames(page);
    const after = await drawingTransform();
    expect(after).not.toBe(before);
    const moved = (await page.locator('kg-graph-view [data-node-id="n"]').boundingBox())!;
    expect(moved.x - box.x).toBeCloseTo(50, 0);
    expect(moved.y - box.y).toBeCloseTo(30, 0);
    expect(await events(page, 'kg-graph-node-select')).toEqual([]);
  });
});

describe('<kg-graph-view> keyboard (roving tabindex)', () => {
  it('Tab reaches the graph once; arrows move between connected nodes by direction', async () => {
    const { page } = browser;
    await mountPlus();
    await page.focus('#before');
    let reached: string | null = null;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await focusedNodeId(page);
    }
    expect(reached).toBe('c');
    expect(await page.locator('kg-graph-view [tabindex="0"]').count()).toBe(1);
    const press = async (key: string) => {
      await page.keyboard.press(key);
      await frames(page);
      return focusedNodeId(page);
    };
    expect(await press('ArrowUp')).toBe('n');
    expect(await press('ArrowDown')).toBe('c');
    expect(await press('ArrowRight')).toBe('e');
    // From e, up-right is far (connected); left goes back to c.
    expect(await press('ArrowUp')).toBe('far');
    // far has only e: no connected node to its right, so the nearest connected one.
    expect(await press('ArrowRight')).toBe('e');
    expect(await press('ArrowLeft')).toBe('c');
    expect(await press('ArrowDown')).toBe('s');
    expect(await press('ArrowUp')).toBe('c');
    expect(await press('ArrowLeft')).toBe('w');
    // The roving tabindex followed focus.
    expect(await page.locator('kg-graph-view [tabindex="0"]').getAttribute('data-node-id')).toBe('w');
    // Tab leaves the graph and Shift+Tab comes back to the remembered node.
    await page.keyboard.press('Tab');
    expect(await focusedNodeId(page)).toBeNull();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedNodeId(page)).toBe('w');
  });

  it('Enter activates, Space selects, Escape dismisses', async () => {
    const { page } = browser;
    await mountPlus();
    await page.locator('kg-graph-view [data-node-id="s"]').focus();
    await page.keyboard.press('Enter');
    expect(await events(page, 'kg-graph-node-activate')).toEqual([{ nodeId: 's' }]);
    await page.keyboard.press(' ');
    expect(await events(page, 'kg-graph-node-select')).toEqual([{ nodeId: 's' }]);
    await page.keyboard.press('Escape');
    expect(await events(page, 'kg-graph-dismiss')).toHaveLength(1);
  });

  it('the focused node has a visible focus ring', async () => {
    const { page } = browser;
    await mountPlus();
    await page.focus('#before');
    for (let i = 0; i < 10 && !(await focusedNodeId(page)); i++) await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const root = document.querySelector('kg-graph-view')!.shadowRoot!;
      const focused = root.activeElement!;
      const other = root.querySelector('[data-node-id="lone"]')!;
      const o = getComputedStyle(focused);
      return {
        outline: o.outlineStyle,
        width: parseFloat(o.outlineWidth),
        stroke: getComputedStyle(focused.querySelector('.box')!).stroke,
        otherOutline: getComputedStyle(other).outlineStyle,
        otherStroke: getComputedStyle(other.querySelector('.box')!).stroke,
      };
    });
    expect(ring.outline).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(ring.otherOutline).toBe('none');
    expect(ring.stroke).not.toBe(ring.otherStroke);
  });

  it('reports zoom-out-limit at the floor even in the first moments after the page loaded', async () => {
    // performance.now() counts from navigation, and a quiet machine mounts and zooms out within 500 ms: a throttle
    // that started at 0 swallowed that first report. The page's clock is set back to its first 10 ms here.
    const { page } = browser;
    await mountPlus();
    await frames(page);
    await page.evaluate(() => {
      const view = document.querySelector('kg-graph-view') as HTMLElement & { setZoom(k: number): void };
      const w = window as unknown as { __events: Array<{ type: string; detail: unknown }> };
      view.addEventListener('zoom-out-limit', (e) =>
        w.__events.push({ type: 'zoom-out-limit', detail: (e as CustomEvent).detail }),
      );
      const realNow = performance.now.bind(performance);
      const offset = realNow() - 10;
      performance.now = () => realNow() - offset;
      view.setZoom(0.1);
    });
    await frames(page);
    expect(await zoomOf(page)).toBeCloseTo(0.1, 9);
    await page.evaluate(() =>
      (document.querySelector('kg-graph-view') as HTMLElement & { zoomStep(d: -1): void }).zoomStep(-1),
    );
    expect(await events(page, 'zoom-out-limit')).toEqual([{ scale: 0.1 }]);
  });

  it('+ / − / 0 zoom by 10 % steps within 10–200 %; below the floor the view reports zoom-out-limit', async () => {
    const { page } = browser;
    await mountPlus();
    await page.locator('kg-graph-view [data-node-id="c"]').focus();
    await page.keyboard.press('0');
    expect(await zoomOf(page)).toBe(1);
    await page.keyboard.press('+');
    expect(await zoomOf(page)).toBeCloseTo(1.1, 9);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    expect(await zoomOf(page)).toBeCloseTo(0.9, 9);
    await page.evaluate(() =>
      document.querySelector('kg-graph-view')!.addEventListener('zoom-out-limit', (e) =>
        (window as unknown as { __events: Array<{ type: string; detail: unknown }> }).__events.push({
          type: 'zoom-out-limit',
          detail: (e as CustomEvent).detail,
        }),
      ),
    );
    for (let i = 0; i < 8; i++) await page.keyboard.press('-');
    expect(await zoomOf(page)).toBeCloseTo(0.1, 9);
    expect(await events(page, 'zoom-out-limit')).toEqual([]);
    await page.keyboard.press('-');
    expect(await zoomOf(page)).toBeCloseTo(0.1, 9);
    expect(await events(page, 'zoom-out-limit')).toEqual([{ scale: 0.1 }]);
    for (let i = 0; i < 20; i++) await page.keyboard.press('+');
    expect(await zoomOf(page)).toBe(2);
    await frames(page);
    expect(await page.locator('kg-graph-view .percent').textContent()).toBe('200%');
    expect(
      await page.locator('kg-graph-view svg.graph').evaluate((el) => (el as SVGSVGElement).style.transform),
    ).toContain('scale(2)');
    await page.keyboard.press('0');
    await frames(page);
    expect(await zoomOf(page)).toBe(1);
    const zoomEvents = (await events(page, 'kg-graph-zoom')) as Array<{ scale: number }>;
    expect(zoomEvents.at(-1)).toEqual({ scale: 1 });
  });
});

describe('<kg-graph-view> toolbar', () => {
  it('names every control in English and in Chinese, and the buttons zoom and fit', async () => {
    const { page } = browser;
    await mountPlus();
    const view = page.locator('kg-graph-view');
    await view.getByRole('button', { name: 'Zoom in' }).click();
    const afterIn = await zoomOf(page);
    await view.getByRole('button', { name: 'Zoom out' }).click();
    await view.getByRole('button', { name: 'Zoom out' }).click();
    expect(await zoomOf(page)).toBeCloseTo(Math.round(afterIn * 10) / 10 - 0.2, 9);
    await view.getByRole('button', { name: /reset to 100%/ }).click();
    expect(await zoomOf(page)).toBe(1);
    await view.getByRole('button', { name: 'Fit to view' }).click();
    await frames(page);
    expect(await zoomOf(page)).not.toBe(1);
    await expect.poll(() => view.getByRole('combobox', { name: 'Layout' }).count()).toBe(1);

    await page.evaluate(() => (document.querySelector('kg-graph-view')!.lang = 'zh'));
    for (const name of ['放大', '缩小', '适应窗口']) {
      await expect.poll(() => view.getByRole('button', { name }).count()).toBe(1);
    }
    expect(await view.getByRole('combobox', { name: '布局' }).count()).toBe(1);
    expect(await view.getByRole('button', { name: /恢复到 100%/ }).count()).toBe(1);
    expect(await page.locator('kg-graph-view .legend').textContent()).toContain('反例');
    expect(await page.locator('kg-graph-view [data-label-for="c-s"] text').textContent()).toBe('因果');
    // Every button and the menu has an accessible name.
    const unnamed = await page.evaluate(
      () =>
        Array.from(document.querySelector('kg-graph-view')!.shadowRoot!.querySelectorAll('button, select')).filter(
          (el) => !el.getAttribute('aria-label'),
        ).length,
    );
    expect(unnamed).toBe(0);
  });
});
