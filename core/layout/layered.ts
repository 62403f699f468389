// The layered layout (ELK): each connected component is laid out on its own and the components are packed, so no
// unrelated subgraph shares a layering with another. Relations steer the layering: causes/infers are the main
// flow (kept pointing forward and straight), illustrations and concept links stay short beside the node they
// explain, and support links only pull their ends together. Orthogonal routes; node boxes come from the node's text.
// Top-down by default: node boxes are wide text blocks and chips are one line high, so thin layers of side-by-side
// boxes need far less room and ink than left-to-right columns as wide as their widest box, whose gaps must each
// hold a whole chip. Deterministic: fixed seed, stable orders.
import type { ElkNode, LayoutOptions } from 'elkjs/lib/elk-api';
import { packComponents, type ComponentLayout } from './compose';
import { elkComponent, fromElk, type ElkEngine } from './elk-graph';
import { finishLayout } from './finish';
import { flowFirstOrder } from './flow-order';
import { layeringEdges, prepareGraph } from './prepare';
import { dropStaleBends, resequenced } from './reorder';
import type { RelationRole } from './relations';
import type { LayoutGraph, LayoutResult } from './types';

export type { ElkEngine } from './elk-graph';

export interface LayeredOptions {
  /** DEFAULT_DIRECTION when absent. */
  direction?: 'DOWN' | 'RIGHT';
}

/** The direction of a layered layout nobody asked a direction of (the API's default too). */
export const DEFAULT_DIRECTION: NonNullable<LayeredOptions['direction']> = 'DOWN';

/** ELK options of the layered layout. Beyond ELK's defaults: cycles are broken against the model order (reading
 * order with the main flow forward, see flow-order.ts: an edge pointing back to an earlier node is the one
 * reversed), which keeps most edges between nearby layers and cuts crossings by a third on knowledge graphs, where
 * ELK's greedy choice reverses edges that then span many layers; the greedy-switch crossing reduction on every
 * component (ELK runs it only below 40 nodes). Options by component size: see optionsFor. */
export const LAYERED_OPTIONS: LayoutOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': DEFAULT_DIRECTION,
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.randomSeed': '1',
  'elk.separateConnectedComponents': 'false',
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
  'elk.layered.crossingMinimization.greedySwitch.activationThreshold': '0',
};

/** Components of this many nodes and more are large: optionsFor below, and top-down the two ELK runs (takesTwoRuns). */
const LARGE_FROM = 50;

/** (Top-down, large components take two ELK runs instead: FIRST_PASS, SECOND_PASS.)
 * Large components have many more local optima for the layer sweeps to get stuck in, and hold most of the
 * crossings and most of the ink: twice ELK's default 7 crossing-minimisation runs, and post-compaction that pulls
 * nodes along the layer axis to shorten their long edges. Small ones settle within the default runs, and there
 * compaction saves little while its fixed cost per component would outweigh the rest of their layout. */
function optionsFor(nodes: number): LayoutOptions {
  return nodes >= LARGE_FROM
    ? { 'elk.layered.thoroughness': '14', 'elk.layered.compaction.postCompaction.strategy': 'EDGE_LENGTH' }
    : {};
}

/** Left to right, label chips are tail labels: ELK reserves their room beside the source node (a gap between two
 * columns is otherwise too narrow for a chip) without inserting a dummy node per labelled edge, which halves the
 * graph its crossing minimisation works on; our placer may still move them. Top-down, ELK gets no labels: a chip
 * fits beside the vertical run of its edge between two layers, and reserving room would only widen the drawing. */
export const LABEL_OPTIONS: LayoutOptions = { 'elk.edgeLabels.placement': 'TAIL' };

/** Top-down, the gap between two layers holds the label chip of an edge crossing it (16 px) with its line and
 * arrowhead still visible above and below; ELK's default 20 px gap would hide the arrow under the chip. */
const DOWN_OPTIONS: LayoutOptions = { 'elk.layered.spacing.nodeNodeBetweenLayers': '40' };

/** Relations steer the layering: the main flow keeps its direction and runs straight, branches stay short and
 * fairly straight beside the node they explain, soft links get no say. */
const PRIORITY: Record<RelationRole, LayoutOptions | undefined> = {
  flow: { 'elk.layered.priority.direction': '10', 'elk.layered.priority.straightness': '10' },
  branch: { 'elk.layered.priority.straightness': '2', 'elk.layered.priority.shortness': '2' },
  soft: undefined,
  light: undefined,
};

/** ELK writes its answer into the graph it is given; our second run needs the first input and its own. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Large components, top-down, get our crossing reduction and node placement (reorder.ts) between two ELK runs
 * instead of optionsFor's single run: on them ELK's layer sweeps leave crossings that sifting removes, and its
 * Brandes-Köpf placement draws long jogs (network simplex placement is shorter but costs more CPU than the rest of
 * the layout). The two runs together cost no more than the single one: neither sweeps 14 times nor compacts.
 * Except components both large and dense: there the two runs still cut crossings by ~5-10 % but drew longer edges
 * (up to 1.23x) and 26-50 % more bends than ELK's own placement (single 320- and 400-node components at 1.29-1.31
 * edges per node), while below DENSE_FROM_NODES nodes, or at most REORDER_MAX_DENSITY edges per node, they drew
 * shorter edges in 11 of 12 graphs measured (the benchmark's components are 50-240 nodes at ~1.33). */
const DENSE_FROM_NODES = 300;
const REORDER_MAX_DENSITY = 1.2;

/** Whether a top-down component of this size takes the two ELK runs (LARGE_FROM, DENSE_FROM_NODES). */
export function takesTwoRuns(nodes: number, edges: number): boolean {
  return nodes >= LARGE_FROM && (nodes < DENSE_FROM_NODES || edges <= REORDER_MAX_DENSITY * nodes);
}

/** ELK's first run only gives the layers and the order in them: cheap placement, no greedy switch (sifting does
 * better), half the sweeps, no post-compaction (so each layer's nodes share its row), polyline routes (cheaper than
 * orthogonal ones, and they bend exactly where a long edge crosses a row, which is all reorder.ts reads of them). */
const FIRST_PASS: LayoutOptions = {
  'elk.layered.thoroughness': '7',
  'elk.layered.crossingMinimization.greedySwitch.type': 'OFF',
  'elk.layered.nodePlacement.strategy': 'SIMPLE',
  'elk.layered.compaction.postCompaction.strategy': 'NONE',
  'elk.edgeRouting': 'POLYLINE',
};

/** ELK's second run keeps our layers, order and positions and only routes the edges. Post-compaction is off: it
 * fails on interactive placement ("Invalid hitboxes"). */
const SECOND_PASS: LayoutOptions = {
  'elk.layered.cycleBreaking.strategy': 'INTERACTIVE',
  'elk.layered.layering.strategy': 'INTERACTIVE',
  'elk.layered.crossingMinimization.strategy': 'INTERACTIVE',
  'elk.layered.nodePlacement.strategy': 'INTERACTIVE',
  'elk.layered.compaction.postCompaction.strategy': 'NONE',
};

export async function layoutLayered(
  graph: LayoutGraph,
  elk: ElkEngine,
  options: LayeredOptions = {},
): Promise<LayoutResult> {
  // Mentions beyond the one that places a relation-less concept anchor are left to be drawn straight (layeringEdges).
  const g = prepareGraph({ nodes: graph.nodes, edges: layeringEdges(graph.edges) });
  const direction = options.direction ?? DEFAULT_DIRECTION;
  const componentOptions = {
    ...LAYERED_OPTIONS,
    'elk.direction': direction,
    ...(direction === 'DOWN' ? DOWN_OPTIONS : {}),
  };
  const labelOptions = direction === 'RIGHT' ? LABEL_OPTIONS : null;
  const looped = new Set(g.edges.filter((e) => e.s === e.t).map((e) => e.s));
  const parts: ComponentLayout[] = [];
  const compounds: ElkNode[] = [];
  for (const members of g.components) {
    if (members.length === 1 && !looped.has(members[0])) {
      const n = g.nodes[members[0]];
      parts.push({ nodes: [{ id: n.id, x: 0, y: 0, width: n.width, height: n.height }], edges: [] });
    } else {
      // Model order: reading order with the main flow forward. ELK breaks cycles by it and its sweeps start from it.
      const rootOptions = { ...componentOptions, ...optionsFor(members.length) };
      compounds.push(elkComponent(g, flowFirstOrder(g, members), rootOptions, (e) => PRIORITY[e.role], labelOptions));
    }
  }
  if (compounds.length) {
    // One ELK call for all components: each is a compound node that ELK lays out on its own (separate children),
    // which saves ELK's fixed cost per call (about 10 ms of CPU, more than a small component's own layout). The
    // root keeps them where they are; our packer places them afterwards.
    // Large, sparse components top-down take two ELK runs with our crossing reduction and placement between (reorder.ts).
    const large = compounds.map(
      (c) => direction === 'DOWN' && takesTwoRuns(c.children?.length ?? 0, c.edges?.length ?? 0),
    );
    // ELK writes into the graph it gets: a large component's first run gets a copy, its input is needed again.
    const first = compounds.map((c, i) =>
      large[i] ? copy({ ...c, layoutOptions: { ...c.layoutOptions, ...FIRST_PASS } }) : c,
    );
    const laid = await elk.layout({ id: 'root', layoutOptions: { 'elk.algorithm': 'fixed' }, children: first });
    const again = (laid.children ?? []).flatMap((c, i) =>
      large[i] ? [resequenced(c, compounds[i], SECOND_PASS)] : [],
    );
    const given = copy(again);
    const relaid = again.length
      ? ((await elk.layout({ id: 'root', layoutOptions: { 'elk.algorithm': 'fixed' }, children: again })).children ??
        [])
      : [];
    const byId = new Map(relaid.map((c, k) => [c.id, dropStaleBends(c, given[k])]));
    for (const compound of laid.children ?? []) parts.push(fromElk(g, byId.get(compound.id) ?? compound));
  }
  return finishLayout(packComponents(parts), graph);
}
