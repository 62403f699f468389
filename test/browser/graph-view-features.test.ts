// <kg-graph-view> in real Chromium: layouts, label chips, tooltips, focusNodes, PNG export, theming and safety.
import { describe, expect, inject, it } from 'vitest';
import { useBrowser, type BrowserSession } from '../support/browser';
import { edge, events, frames, mountGraphView, node, plusGraph, zoomOf } from './graph-view.fixture';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

function positions(page: BrowserSession['page']): Promise<Record<string, string | null>> {
  return page
    .locator('kg-graph-view .node')
    .evaluateAll((els) =>
      Object.fromEntries(els.map((el) => [el.getAttribute('data-node-id'), el.getAttribute('transform')])),
    );
}

describe('<kg-graph-view> layouts', () => {
  it('the layout menu switches layouts, moves the nodes and reports the choice', async () => {
    const { page } = browser;
    const g = plusGraph();
    await mountGraphView(page, baseUrl, { nodes: g.nodes, edges: g.edges, layout: 'force' });
    const force = await positions(page);
    await page.locator('kg-graph-view').getByRole('combobox', { name: 'Layout' }).selectOption('circle');
    expect(await events(page, 'kg-graph-layout-change')).toEqual([{ layout: 'circle' }]);
    await expect.poll(() => positions(page)).not.toEqual(force);
    const circle = await positions(page);
    expect(Object.keys(circle).sort()).toEqual(Object.keys(force).sort());
    expect(await page.locator('kg-graph-view').getAttribute('layout')).toBe('circle');
    await page.locator('kg-graph-view').getByRole('combobox', { name: 'Layout' }).selectOption('radial');
    await expect.poll(() => positions(page)).not.toEqual(circle);
    // Back to force: the same picture as before (layouts are deterministic and cached).
    await page.locator('kg-graph-view').getByRole('combobox', { name: 'Layout' }).selectOption('force');
    await expect.poll(() => positions(page)).toEqual(force);
    expect(await events(page, 'kg-graph-layout-change')).toEqual([
      { layout: 'circle' },
      { layout: 'radial' },
      { layout: 'force' },
    ]);
  });

  it('layered asks the embedder (the server) with the sized graph, and falls back to force without it', async () => {
    const { page } = browser;
    const g = plusGraph();
    await mountGraphView(page, baseUrl, { nodes: g.nodes, edges: g.edges, layout: 'force' });
    const force = await positions(page);
    await page.evaluate((layout) => {
      const el = document.querySelector('kg-graph-view')!;
      const w = window as unknown as { __asked: unknown[] };
      w.__asked = [];
      el.layeredLayout = async (graph) => {
        w.__asked.push(graph.nodes.map((n) => ({ id: n.id, sized: (n.width ?? 0) > 0 && (n.height ?? 0) > 0 })));
        return layout;
      };
      el.layout = 'layered';
    }, g.layout);
    await expect
      .poll(() => positions(page))
      .toEqual(Object.fromEntries(g.layout.nodes.map((n) => [n.id, `translate(${n.x},${n.y})`])));
    const asked = (await page.evaluate(
      () => (window as unknown as { __asked: Array<Array<{ id: string; sized: boolean }>> }).__asked,
    ))!;
    expect(asked).toHaveLength(1);
    expect(asked[0].every((n) => n.sized)).toBe(true);
    expect(asked[0].map((n) => n.id).sort()).toEqual(g.nodes.map((n) => n.id).sort());

    // A new callback identity from a re-rendering shell neither asks again nor resets the reader's zoom.
    await page.evaluate(async () => {
      const el = document.querySelector('kg-graph-view')!;
      el.setZoom(1.5);
      const previous = el.layeredLayout!;
      el.layeredLayout = (graph, signal) => previous(graph, signal);
      await el.updateComplete;
    });
    await frames(page);
    expect(await zoomOf(page)).toBe(1.5);
    expect(await page.evaluate(() => (window as unknown as { __asked: unknown[] }).__asked.length)).toBe(1);

    await page.evaluate(() => {
      const el = document.querySelector('kg-graph-view')!;
      el.layeredLayout = async () => {
        throw new Error('server down');
      };
      el.nodes = [...el.nodes];
    });
    await expect.poll(() => positions(page)).toEqual(force);
  });
});

describe('<kg-graph-view> label chips and tooltips', () => {
  it('a chip hidden by placement shows while its edge is hovered, and when the edge is selected', async () => {
    const { page } = browser;
    const g = plusGraph();
    await mountGraphView(page, baseUrl, { nodes: g.nodes, edges: g.edges, layoutResult: g.layout });
    const chip = page.locator('kg-graph-view [data-label-for="c-e"]');
    const shown = page.locator('kg-graph-view [data-label-for="c-n"]');
    const visible = () =>
      chip.evaluateAll(
        (els) =>
          els.filter((el) => getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().width > 0).length,
      );
    expect(await visible()).toBe(0);
    expect(await shown.evaluate((el) => getComputedStyle(el).display)).not.toBe('none');
    const line = await page.locator('kg-graph-view [data-edge-id="c-e"] .line').evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width };
    });
    await page.mouse.move(line.x + line.width * 0.3, line.y + 1);
    await expect.poll(visible).toBe(1);
    expect(await chip.textContent()).toBe('defines');
    await page.mouse.move(5, 5);
    await expect.poll(visible).toBe(0);
    await page.evaluate(() => (document.querySelector('kg-graph-view')!.highlightEdgeIds = new Set(['c-e'])));
    await expect.poll(visible).toBe(1);
    await page.evaluate(() => {
      const el = document.querySelector('kg-graph-view')!;
      el.highlightEdgeIds = new Set();
      el.selectedEdgeId = 'c-e';
    });
    await expect.poll(visible).toBe(1);
    await page.evaluate(() => (document.querySelector('kg-graph-view')!.selectedEdgeId = null));
    await expect.poll(visible).toBe(0);
  });

  it('hovering a node shows its quote as text', async () => {
    const { page } = browser;
    const g = plusGraph();
    await mountGraphView(page, baseUrl, { nodes: g.nodes, edges: g.edges, layoutResult: g.layout });
    await page.locator('kg-graph-view [data-node-id="lone"]').hover();
    const tip = page.locator('kg-graph-view [role="tooltip"]');
    // The full node text (the box may shorten it), then the quote.
    await expect.poll(() => tip.textContent()).toBe('Lonely node“Quote of lone”');
    await page.mouse.move(2, 2);
    await expect.poll(() => tip.count()).toBe(0);
  });
});

describe('<kg-graph-view> long press', () => {
  it('a long touch press shows the quote and does not select the node', async () => {
    const { page } = browser;
    const g = plusGraph();
    await mountGraphView(page, baseUrl, { nodes: g.nodes, edges: g.edges, layoutResult: g.layout });
    const box = (await page.locator('kg-graph-view [data-node-id="n"]').boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.evaluate((p) => {
      const target = document.querySelector('kg-graph-view')!.shadowRoot!.querySelector('[data-node-id="n"] .box')!;
      const init = {
        bubbles: true,
        composed: true,
        pointerId: 7,
        pointerType: 'touch',
        isPrimary: true,
        button: 0,
        clientX: p.x,
        clientY: p.y,
      };
      target.dispatchEvent(new PointerEvent('pointerdown', init));
      (window as unknown as { __up: () => void }).__up = () => {
        target.dispatchEvent(new PointerEvent('pointerup', init));
        target.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, clientX: p.x, clientY: p.y }));
      };
    }, at);
    await expect
      .poll(() => page.locator('kg-graph-view [role="tooltip"] .quote').textContent(), { timeout: 3000 })
      .toBe('“Quote of n”');
    await page.evaluate(() => (window as unknown as { __up: () => void }).__up());
    expect(await events(page, 'kg-graph-node-select')).toEqual([]);
  });

  it('a short tap selects the node and leaves no hover tooltip behind (a finger has no hover)', async () => {
    const { page } = browser;
    const g = plusGraph();
    await mountGraphView(page, baseUrl, { nodes: g.nodes, edges: g.edges, layoutResult: g.layout });
    const box = (await page.locator('kg-graph-view [data-node-id="n"]').boundingBox())!;
    await page.evaluate(
      (p) => {
        const target = document.querySelector('kg-graph-view')!.shadowRoot!.querySelector('[data-node-id="n"] .box')!;
        const init = {
          bubbles: true,
          composed: true,
          pointerId: 8,
          pointerType: 'touch',
          isPrimary: true,
          button: 0,
          clientX: p.x,
          clientY: p.y,
        };
        target.dispatchEvent(new PointerEvent('pointerover', init));
        target.dispatchEvent(new PointerEvent('pointerdown', init));
        target.dispatchEvent(new PointerEvent('pointerup', init));
        target.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, clientX: p.x, clientY: p.y }));
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    await expect.poll(() => events(page, 'kg-graph-node-select')).toHaveLength(1);
    // Longer than the hover delay: a mouse pointer over the node would have shown the tooltip by now.
    await page.waitForTimeout(1200);
    expect(await page.locator('kg-graph-view [role="tooltip"]').count()).toBe(0);
  });
});

describe('<kg-graph-view> navigation', () => {
  it('focusNodes leaves a visible node where it is, centres one out of view and flashes it; Ctrl+wheel zooms', async () => {
    const { page } = browser;
    const g = plusGraph();
    await mountGraphView(page, baseUrl, { nodes: g.nodes, edges: g.edges, layoutResult: g.layout });
    const geometry = () =>
      page.evaluate(() => {
        const root = document.querySelector('kg-graph-view')!.shadowRoot!;
        const canvas = root.querySelector('.canvas')!.getBoundingClientRect();
        const n = root.querySelector('[data-node-id="far"]')!;
        const r = n.getBoundingClientRect();
        const visible =
          r.left >= canvas.left && r.right <= canvas.right && r.top >= canvas.top && r.bottom <= canvas.bottom;
        return {
          dx: r.x + r.width / 2 - (canvas.x + canvas.width / 2),
          dy: r.y + r.height / 2 - (canvas.y + canvas.height / 2),
          visible,
          flash: n.hasAttribute('data-flash'),
        };
      });
    // In view: the reader keeps their place.
    await page.evaluate(() => document.querySelector('kg-graph-view')!.setZoom(1));
    await expect.poll(() => zoomOf(page)).toBeCloseTo(1, 5);
    await frames(page);
    const before = await geometry();
    expect(before.visible).toBe(true);
    await page.evaluate(() => document.querySelector('kg-graph-view')!.focusNodes(['far']));
    const kept = await geometry();
    expect(Math.abs(kept.dx - before.dx)).toBeLessThan(2);
    expect(Math.abs(kept.dy - before.dy)).toBeLessThan(2);
    // Out of view (zoomed in): centred, at the same zoom, and flashed.
    await page.evaluate(() => document.querySelector('kg-graph-view')!.setZoom(2));
    await expect.poll(() => zoomOf(page)).toBeCloseTo(2, 5);
    await frames(page);
    await expect.poll(async () => (await geometry()).visible).toBe(false);
    await page.evaluate(() => document.querySelector('kg-graph-view')!.focusNodes(['far'], { flash: true }));
    const centred = await geometry();
    expect(Math.abs(centred.dx)).toBeLessThan(2);
    expect(Math.abs(centred.dy)).toBeLessThan(2);
    expect(centred.flash).toBe(true);
    expect(await zoomOf(page)).toBeCloseTo(2, 5);
    await page.evaluate(() => document.querySelector('kg-graph-view')!.setZoom(1));
    await expect.poll(() => zoomOf(page)).toBeCloseTo(1, 5);
    await frames(page);

    const canvas = (await page.locator('kg-graph-view .canvas').boundingBox())!;
    await page.mouse.move(canvas.x + 100, canvas.y + 100);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -200);
    await page.keyboard.up('Control');
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(1.2);
    // The plain wheel zooms too (as in every map).
    await page.mouse.wheel(0, 200);
    await expect.poll(() => zoomOf(page)).toBeLessThan(1.2);
  });
});

describe('<kg-graph-view> export, theming and safety', () => {
  it('toPng returns a PNG of the whole graph (not only the view) at twice its size, with title and legend', async () => {
    const { page } = browser;
    const g = plusGraph();
    await mountGraphView(page, baseUrl, {
      nodes: g.nodes,
      edges: g.edges,
      layoutResult: g.layout,
      width: 700,
      height: 500,
    });
    const png = await page.evaluate(async () => {
      const el = document.querySelector('kg-graph-view')!;
      const blob = await el.toPng(2, { title: 'Plus graph' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      const canvas = el.shadowRoot!.querySelector('.canvas')!;
      const view = new DataView(bytes.buffer);
      // Count non-background pixels to prove the graph itself was drawn.
      const bitmap = await createImageBitmap(blob);
      const c = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = c.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let coloured = 0;
      for (let i = 0; i < data.length; i += 16) if (Math.abs(data[i] - data[i + 2]) > 40) coloured++;
      return {
        type: blob.type,
        signature: Array.from(bytes.slice(0, 8)),
        width: view.getUint32(16),
        height: view.getUint32(20),
        viewW: canvas.clientWidth,
        viewH: canvas.clientHeight,
        coloured,
      };
    });
    expect(png.type).toBe('image/png');
    expect(png.signature).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    // The drawing spans x 80–800 and y 60–480 (plusGraph): the image holds all of it plus margins, title and
    // legend, which is more than the 700 × 500 view shows.
    expect(png.width).toBeGreaterThanOrEqual((720 + 48) * 2);
    expect(png.width).toBeGreaterThan(png.viewW * 2);
    expect(png.height).toBeGreaterThanOrEqual((420 + 48 + 34) * 2);
    expect(png.coloured).toBeGreaterThan(100);
    expect(browser.errors).toEqual([]);
  });

  it('renders markup and script in node text and quotes as text; nothing executes', async () => {
    const { page } = browser;
    // The image's source fails to decode without a request, so its onerror would run soon if the markup were live.
    const payload = '<img src="data:," onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>';
    const nodes = [
      node('x1', 'claim', payload, { quote: payload }),
      node('x2', 'fact', '"><svg onload="window.__pwned=3">', { quote: '<iframe src="javascript:window.__pwned=4">' }),
    ];
    await page.evaluate(() => ((window as unknown as { __pwned: number }).__pwned = 0));
    await mountGraphView(page, baseUrl, { nodes, edges: [edge('x', 'x1', 'x2')], layout: 'circle' });
    await page.evaluate(() => ((window as unknown as { __pwned: number }).__pwned = 0));
    await page.locator('kg-graph-view [data-node-id="x1"]').hover();
    await expect.poll(() => page.locator('kg-graph-view [role="tooltip"]').textContent()).toBe(payload);
    const found = await page.evaluate(() => {
      const root = document.querySelector('kg-graph-view')!.shadowRoot!;
      return {
        injected: root.querySelectorAll('img, script, b, iframe, foreignObject, svg svg').length,
        text: Array.from(root.querySelectorAll('[data-node-id="x1"] tspan'))
          .map((t) => t.textContent)
          .join(' '),
        label: root.querySelector('[data-node-id="x2"]')!.getAttribute('aria-label'),
      };
    });
    expect(found.injected).toBe(0);
    expect(found.text.replace(/\s+/g, '')).toContain('<img');
    expect(found.label).toContain('<svg onload=');
    // Instead of waiting a while: the same markup, live, in the page's own DOM; once its handler has run, the
    // payload's would have run too.
    await page.evaluate(() =>
      document.body.insertAdjacentHTML('beforeend', '<img id="canary" src="data:," onerror="window.__canary=1">'),
    );
    await page.waitForFunction(() => (window as unknown as { __canary?: number }).__canary === 1);
    await page.evaluate(() => document.getElementById('canary')!.remove());
    expect(await page.evaluate(() => (window as unknown as { __pwned: number }).__pwned)).toBe(0);
  });

  it('follows theme="dark" and the embedder’s custom properties', async () => {
    const { page } = browser;
    const g = plusGraph();
    await mountGraphView(page, baseUrl, { nodes: g.nodes, edges: g.edges, layoutResult: g.layout });
    const look = () =>
      page.evaluate(() => {
        const el = document.querySelector('kg-graph-view')!;
        return {
          bg: getComputedStyle(el).backgroundColor,
          fact: getComputedStyle(el.shadowRoot!.querySelector('[data-node-id="c"] .box')!).stroke,
        };
      });
    const light = await look();
    expect(light.bg).toBe('rgb(255, 255, 255)');
    await page.evaluate(() => document.querySelector('kg-graph-view')!.setAttribute('theme', 'dark'));
    const dark = await look();
    expect(dark.bg).not.toBe(light.bg);
    expect(dark.fact).not.toBe(light.fact);
    await page.evaluate(() =>
      document.querySelector('kg-graph-view')!.style.setProperty('--kg-type-fact', 'rgb(1, 2, 3)'),
    );
    expect((await look()).fact).toBe('rgb(1, 2, 3)');

    // Without the attribute the view follows prefers-color-scheme; theme="light" wins over a dark preference.
    await page.evaluate(() => document.querySelector('kg-graph-view')!.removeAttribute('theme'));
    await page.emulateMedia({ colorScheme: 'dark' });
    expect((await look()).bg).toBe(dark.bg);
    await page.evaluate(() => document.querySelector('kg-graph-view')!.setAttribute('theme', 'light'));
    expect((await look()).bg).toBe(light.bg);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('exposes its parts to the embedder’s stylesheet', async () => {
    const { page } = browser;
    const g = plusGraph();
    await mountGraphView(page, baseUrl, { nodes: g.nodes, edges: g.edges, layoutResult: g.layout });
    await page.addStyleTag({
      content: `kg-graph-view::part(toolbar) { background: rgb(10, 20, 30); }
        kg-graph-view::part(canvas) { background: rgb(11, 21, 31); }
        kg-graph-view::part(node) { opacity: 0.5; }
        kg-graph-view::part(edge) { opacity: 0.4; }
        kg-graph-view::part(label) { opacity: 0.3; }
        kg-graph-view::part(legend) { background: rgb(12, 22, 32); }
        kg-graph-view::part(menu) { background: rgb(13, 23, 33); }`,
    });
    const styled = await page.evaluate(() => {
      const root = document.querySelector('kg-graph-view')!.shadowRoot!;
      const cs = (sel: string) => getComputedStyle(root.querySelector(sel)!);
      return [
        cs('.toolbar').backgroundColor,
        cs('.canvas').backgroundColor,
        cs('.node').opacity,
        cs('.edge').opacity,
        cs('.label').opacity,
        cs('.legend').backgroundColor,
        cs('select').backgroundColor,
      ];
    });
    expect(styled).toEqual([
      'rgb(10, 20, 30)',
      'rgb(11, 21, 31)',
      '0.5',
      '0.4',
      '0.3',
      'rgb(12, 22, 32)',
      'rgb(13, 23, 33)',
    ]);
  });
});

describe('<kg-graph-view> large graphs', () => {
  it('draws what the opening view shows first, then every node once', async () => {
    const { page } = browser;
    // 400 nodes on a 20 × 20 grid, 300 px apart: at the minimum zoom only part of it fits the view.
    const nodes = Array.from({ length: 400 }, (_, i) => node(`g${i}`, 'fact', `Grid node ${i}`));
    const edges = Array.from({ length: 399 }, (_, i) => edge(`ge${i}`, `g${i}`, `g${i + 1}`));
    const layout = {
      width: 6000,
      height: 6000,
      nodes: nodes.map((n, i) => ({
        id: n.id,
        x: (i % 20) * 300,
        y: Math.floor(i / 20) * 300,
        width: 100,
        height: 40,
      })),
      edges: edges.map((e, i) => ({
        id: e.id,
        points: [
          [(i % 20) * 300 + 50, Math.floor(i / 20) * 300 + 20],
          [((i + 1) % 20) * 300 + 50, Math.floor((i + 1) / 20) * 300 + 20],
        ] as Array<[number, number]>,
        label: { x: (i % 20) * 300 + 120, y: Math.floor(i / 20) * 300 + 60, width: 50, height: 16 },
      })),
    };
    await mountGraphView(page, baseUrl, { nodes: [node('x', 'fact', 'x')], edges: [], layout: 'force' });
    const first = await page.evaluate(
      async ({ nodes, edges, layout }) => {
        const el = document.querySelector('kg-graph-view')!;
        el.nodes = nodes;
        el.edges = edges;
        el.layoutResult = layout;
        await el.updateComplete;
        const canvas = el.shadowRoot!.querySelector('.canvas')!.getBoundingClientRect();
        const drawn = Array.from(el.shadowRoot!.querySelectorAll('[data-node-id]')).map((n) =>
          n.getBoundingClientRect(),
        );
        const outside = drawn.filter(
          (r) =>
            r.right < canvas.left - 60 ||
            r.left > canvas.right + 60 ||
            r.bottom < canvas.top - 60 ||
            r.top > canvas.bottom + 60,
        );
        return { drawn: drawn.length, outside: outside.length, zoom: el.zoom };
      },
      { nodes, edges, layout },
    );
    // Fitting 400 nodes would make labels unreadable: the view opens on the densest region, labels at least 11 px.
    expect(first.zoom).toBeCloseTo(11 / 12, 6);
    expect(first.drawn).toBeGreaterThan(0);
    expect(first.drawn).toBeLessThan(400);
    expect(first.outside).toBe(0);
    await expect.poll(() => page.locator('kg-graph-view [data-node-id]').count()).toBe(400);
    expect(await page.locator('kg-graph-view [data-edge-id]').count()).toBe(399);
    expect(await page.locator('kg-graph-view [tabindex="0"]').count()).toBe(1);
    await page.evaluate(() => document.querySelector('kg-graph-view')!.focusNodes(['g399']));
    const far = (await page.locator('kg-graph-view [data-node-id="g399"]').boundingBox())!;
    const canvas = (await page.locator('kg-graph-view .canvas').boundingBox())!;
    expect(Math.abs(far.x + far.width / 2 - (canvas.x + canvas.width / 2))).toBeLessThan(2);
  });
});
