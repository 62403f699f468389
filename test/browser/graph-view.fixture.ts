// Mounting <kg-graph-view> in a blank page served from the test server's origin (so /kg-workbench.js loads as the
// built module), with small graphs whose geometry the tests know.
import type { Page } from 'playwright-core';
import type { KgEdge, KgNode, Mention } from '../../core/schema';
import type { LayoutResult } from '../../core/layout/types';
// Brings in the element's global types (HTMLElementTagNameMap, the event map) for page.evaluate callbacks.
import type {} from '../../components/graph-view/graph-view';

export const BLANK_PATH = '/__graph-view-test';

export function node(id: string, type: KgNode['type'], text: string, extra: Partial<KgNode> = {}): KgNode {
  return {
    id,
    type,
    text,
    paragraph: 1,
    quote: `Quote of ${id}`,
    evidence: [],
    groundingStatus: 'grounded',
    entailmentStatus: 'unverified',
    ...extra,
  };
}

export function edge(id: string, from: string, to: string, relation: KgEdge['relation'] = 'supports'): KgEdge {
  return { id, fromNodeId: from, toNodeId: to, relation, evidence: [] };
}

/** A plus-shaped graph around `c` (n above, s below, e right, w left), an isolated node `lone`, and `far`
 * linked only to `e`. The edge c→e has a label chip that placement hid. */
export function plusGraph(): { nodes: KgNode[]; edges: KgEdge[]; layout: LayoutResult } {
  const nodes = [
    node('c', 'fact', 'Centre node'),
    node('n', 'claim', 'North node'),
    node('s', 'inference', 'South node'),
    node('e', 'concept', 'East node'),
    node('w', 'definition', 'West node', { paragraph: null, quote: '' }),
    node('lone', 'rule', 'Lonely node'),
    node('far', 'example', 'Far node'),
  ];
  const edges = [
    edge('c-n', 'c', 'n'),
    edge('c-s', 'c', 's', 'causes'),
    edge('c-e', 'c', 'e', 'defines'),
    edge('w-c', 'w', 'c', 'is_a'),
    edge('e-far', 'e', 'far'),
  ];
  const box = (id: string, x: number, y: number) => ({ id, x, y, width: 100, height: 40 });
  const placed = [
    box('c', 300, 200),
    box('n', 300, 60),
    box('s', 310, 340),
    box('e', 520, 200),
    box('w', 80, 200),
    box('lone', 620, 420),
    box('far', 700, 60),
  ];
  const centre = (id: string): [number, number] => {
    const p = placed.find((b) => b.id === id)!;
    return [p.x + 50, p.y + 20];
  };
  const route = (id: string, a: string, b: string, label?: { x: number; y: number; hidden?: boolean }) => ({
    id,
    points: [centre(a), centre(b)],
    ...(label ? { label: { width: 50, height: 16, ...label } } : {}),
  });
  const layout: LayoutResult = {
    width: 820,
    height: 480,
    nodes: placed,
    edges: [
      route('c-n', 'c', 'n', { x: 325, y: 150 }),
      route('c-s', 'c', 's', { x: 330, y: 290 }),
      route('c-e', 'c', 'e', { x: 435, y: 212, hidden: true }),
      route('w-c', 'w', 'c', { x: 215, y: 212 }),
      route('e-far', 'e', 'far', { x: 640, y: 150 }),
    ],
  };
  return { nodes, edges, layout };
}

export function mention(id: string, nodeId: string, conceptId: string, term: string): Mention {
  return {
    id,
    nodeId,
    conceptId,
    term,
    evidence: [{ documentId: 'doc', sourceId: 'src', chunkId: 'ch', paragraph: 1, quote: term }],
  };
}

export interface MountOptions {
  nodes: KgNode[];
  edges: KgEdge[];
  /** The concept layer (issue 25): mentions and the anchors outside `nodes` they name. */
  mentions?: Mention[];
  concepts?: KgNode[];
  layout?: string;
  layoutResult?: LayoutResult | null;
  lang?: 'en' | 'zh';
  theme?: 'light' | 'dark';
  width?: number;
  height?: number;
}

/** Opens a blank page on the test server, loads /kg-workbench.js and mounts one <kg-graph-view>. Every event the
 * element dispatches is recorded in window.__events. Resolves once the nodes are drawn. */
export async function mountGraphView(page: Page, baseUrl: string, options: MountOptions): Promise<void> {
  await page.unroute(`${baseUrl}${BLANK_PATH}`);
  await page.route(`${baseUrl}${BLANK_PATH}`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
        <script type="module" src="${baseUrl}/kg-workbench.js"></script></head>
        <body style="margin:0"><button id="before">before</button></body></html>`,
    }),
  );
  await page.goto(`${baseUrl}${BLANK_PATH}`);
  await page.waitForFunction(() => !!customElements.get('kg-graph-view'));
  await page.evaluate((o) => {
    const w = window as unknown as { __events: Array<{ type: string; detail: unknown }> };
    w.__events = [];
    const el = document.createElement('kg-graph-view');
    el.style.cssText = `display:block;width:${o.width ?? 860}px;height:${o.height ?? 560}px`;
    for (const type of [
      'kg-graph-node-select',
      'kg-graph-node-activate',
      'kg-graph-dismiss',
      'kg-graph-edge-select',
      'kg-graph-zoom',
      'kg-graph-layout-change',
    ]) {
      el.addEventListener(type, (e) => w.__events.push({ type, detail: (e as CustomEvent).detail }));
    }
    if (o.theme) el.setAttribute('theme', o.theme);
    Object.assign(el, { lang: o.lang ?? 'en', layout: o.layout ?? 'force', nodes: o.nodes, edges: o.edges });
    if (o.mentions) el.mentions = o.mentions;
    if (o.concepts) el.concepts = o.concepts;
    if (o.layoutResult) el.layoutResult = o.layoutResult;
    document.body.append(el);
  }, options);
  await page.waitForFunction(
    (count) =>
      (document.querySelector('kg-graph-view')?.shadowRoot?.querySelectorAll('.node[data-node-id]').length ?? 0) ===
      count,
    options.nodes.length + (options.concepts?.length ?? 0),
  );
}

export function events(page: Page, type: string): Promise<unknown[]> {
  return page.evaluate(
    (t) =>
      (window as unknown as { __events: Array<{ type: string; detail: unknown }> }).__events
        .filter((e) => e.type === t)
        .map((e) => e.detail),
    type,
  );
}

/** The data-node-id of the element focused inside the graph view, or null. */
export function focusedNodeId(page: Page): Promise<string | null> {
  return page.evaluate(
    () => document.querySelector('kg-graph-view')?.shadowRoot?.activeElement?.getAttribute('data-node-id') ?? null,
  );
}

export function zoomOf(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('kg-graph-view')!.zoom);
}

/** Waits two animation frames, so scheduled transforms are on screen. */
export function frames(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}
