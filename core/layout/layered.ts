// The layered layout (ELK): each connected component is laid out on its own and the components are packed, so no
// unrelated subgraph shares a layering with another. Relations steer the layering: causes/infers are the main
// flow (kept pointing forward and straight), illustrations and concept links stay short beside the node they
// explain, and support links only pull their ends together. Orthogonal routes; node boxes come from the node's text and
// label chips are given to ELK so it reserves room for them. Deterministic: fixed seed, stable orders.
import type { ElkNode, LayoutOptions } from 'elkjs/lib/elk-api';
import { packComponents, type ComponentLayout } from './compose';
import { elkComponent, fromElk, type ElkEngine } from './elk-graph';
import { finishLayout } from './finish';
import { prepareGraph } from './prepare';
import type { RelationRole } from './relations';
import type { LayoutGraph, LayoutResult } from './types';

export type { ElkEngine } from './elk-graph';

export interface LayeredOptions {
  direction?: 'DOWN' | 'RIGHT';
}

/** ELK options of the layered layout. Beyond ELK's defaults: the greedy-switch crossing reduction on every
 * component (ELK runs it only below 40 nodes) and, on large components, twice the default number of
 * crossing-minimisation runs (see thoroughnessFor); together they give fewer crossings than a plain call. */
export const LAYERED_OPTIONS: LayoutOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.randomSeed': '1',
  'elk.separateConnectedComponents': 'false',
  'elk.layered.crossingMinimization.greedySwitch.activationThreshold': '0',
  'elk.layered.thoroughness': '7',
};

/** Large components have many more local optima for the layer sweeps to get stuck in, and hold most of the
 * crossings; small ones settle within ELK's default 7 runs. Tail labels (below) make the extra runs affordable. */
function thoroughnessFor(nodes: number): string {
  return nodes >= 50 ? '14' : '7';
}

/** Label chips are tail labels: ELK reserves their room beside the source node without inserting a dummy node per
 * labelled edge, which halves the graph its crossing minimisation works on; our placer may still move them. */
export const LABEL_OPTIONS: LayoutOptions = { 'elk.edgeLabels.placement': 'TAIL' };

/** Relations steer the layering: the main flow keeps its direction and runs straight, branches stay short and
 * fairly straight beside the node they explain, soft links get no say. */
const PRIORITY: Record<RelationRole, LayoutOptions | undefined> = {
  flow: { 'elk.layered.priority.direction': '10', 'elk.layered.priority.straightness': '10' },
  branch: { 'elk.layered.priority.straightness': '2', 'elk.layered.priority.shortness': '2' },
  soft: undefined,
};

export async function layoutLayered(graph: LayoutGraph, elk: ElkEngine, options: LayeredOptions = {}): Promise<LayoutResult> {
  const g = prepareGraph(graph);
  const componentOptions = options.direction ? { ...LAYERED_OPTIONS, 'elk.direction': options.direction } : LAYERED_OPTIONS;
  const looped = new Set(g.edges.filter((e) => e.s === e.t).map((e) => e.s));
  const parts: ComponentLayout[] = [];
  const compounds: ElkNode[] = [];
  for (const members of g.components) {
    if (members.length === 1 && !looped.has(members[0])) {
      const n = g.nodes[members[0]];
      parts.push({ nodes: [{ id: n.id, x: 0, y: 0, width: n.width, height: n.height }], edges: [] });
    } else {
      // Model order is the input order (for a document: reading order), which ELK's sweeps start from.
      const rootOptions = { ...componentOptions, 'elk.layered.thoroughness': thoroughnessFor(members.length) };
      compounds.push(elkComponent(g, members, rootOptions, (e) => PRIORITY[e.role], LABEL_OPTIONS));
    }
  }
  if (compounds.length) {
    // One ELK call for all components: each is a compound node that ELK lays out on its own (separate children),
    // which saves ELK's fixed cost per call (about 10 ms of CPU, more than a small component's own layout). The
    // root keeps them where they are; our packer places them afterwards.
    const laid = await elk.layout({ id: 'root', layoutOptions: { 'elk.algorithm': 'fixed' }, children: compounds });
    for (const compound of laid.children ?? []) parts.push(fromElk(g, compound));
  }
  return finishLayout(packComponents(parts), graph);
}
