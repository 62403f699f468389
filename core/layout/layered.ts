// The layered layout (ELK): each connected component is laid out on its own and the components are packed, so no
// unrelated subgraph shares a layering with another. Relations steer the layering: causes/infers are the main
// flow (kept short, straight and pointing down), illustrations and concept links hang beside the node they explain,
// and support links only pull their ends together. Orthogonal routes; node boxes come from the node's text and
// label chips are given to ELK so it reserves room for them. Deterministic: fixed seed, stable orders.
import type { LayoutOptions } from 'elkjs/lib/elk-api';
import { packComponents, type ComponentLayout } from './compose';
import { elkComponent, fromElk, type ElkEngine } from './elk-graph';
import { finishLayout } from './finish';
import { prepareGraph, type PreparedGraph } from './prepare';
import type { RelationRole } from './relations';
import type { LayoutGraph, LayoutResult } from './types';

export type { ElkEngine } from './elk-graph';

export interface LayeredOptions {
  direction?: 'DOWN' | 'RIGHT';
}

/** ELK options of the layered layout. Beyond ELK's defaults: the greedy-switch crossing reduction on every
 * component (ELK only runs it below 40 nodes) and post-compaction for edge length, which together give fewer
 * crossings and shorter edges than a plain call. Labels are end labels (see LABEL_OPTIONS). */
export const LAYERED_OPTIONS: LayoutOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.randomSeed': '1',
  'elk.separateConnectedComponents': 'false',
  'elk.layered.crossingMinimization.greedySwitch.activationThreshold': '0',
  'elk.layered.compaction.postCompaction.strategy': 'EDGE_LENGTH',
  'elk.layered.thoroughness': '7',
};

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
  const rootOptions = options.direction ? { ...LAYERED_OPTIONS, 'elk.direction': options.direction } : LAYERED_OPTIONS;
  const looped = new Set(g.edges.filter((e) => e.s === e.t).map((e) => e.s));
  const parts: ComponentLayout[] = [];
  for (const members of g.components) {
    if (members.length === 1 && !looped.has(members[0])) {
      const n = g.nodes[members[0]];
      parts.push({ nodes: [{ id: n.id, x: 0, y: 0, width: n.width, height: n.height }], edges: [] });
    } else {
      parts.push(await layoutComponent(g, members, elk, rootOptions));
    }
  }
  return finishLayout(packComponents(parts), graph);
}

async function layoutComponent(g: PreparedGraph, members: number[], elk: ElkEngine, rootOptions: LayoutOptions): Promise<ComponentLayout> {
  // Model order is the input order (for a document: reading order), which ELK's sweeps start from.
  const laid = await elk.layout(elkComponent(g, members, rootOptions, (e) => PRIORITY[e.role], LABEL_OPTIONS));
  return fromElk(g, laid);
}
