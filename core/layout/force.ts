// Force layout: d3-force per connected component (components are then packed side by side), with collision,
// edge-node repulsion and angular fan-out, a fixed tick budget and a seeded random source, so the same input
// always gives the same picture. Then, in three steps, no edge is left running through a node: box overlaps the
// collision circles missed are removed, a repair moves nodes off the edges that still cross them (clear-paths.ts),
// and the few edges left blocked bend around the boxes in their way (detour.ts).
import {
  forceCollide,
  forceLink,
  forceManyBody,
  forceSimulation,
  forceX,
  forceY,
  type SimulationLinkDatum,
} from 'd3-force';
import { depthFirstOrder, componentLayout } from './circle';
import { packComponents, type ComponentLayout } from './compose';
import { finishLayout } from './finish';
import { forceEdgeRepulsion, forceFanOut, type SimNode } from './force-extras';
import type { Rect } from './geometry';
import { clearEdgePaths } from './clear-paths';
import { detourBlockedEdges } from './detour';
import { removeOverlaps } from './overlap';
import { prepareGraph, type PreparedGraph } from './prepare';
import { seededRandom } from './random';
import type { LayoutGraph, LayoutResult } from './types';

export interface ForceOptions {
  /** Simulation ticks per component (default: 300 for small components, fewer for large ones). */
  ticks?: number;
  seed?: number;
  /** Keep edges from running through nodes: push nodes off them during and after the simulation, and bend the few
   *  edges still blocked around the boxes in their way (default true). */
  edgeRepulsion?: boolean;
  /** With edgeRepulsion, bend the edges still blocked (default true; false leaves every edge straight). */
  detours?: boolean;
}

/** A mention (role light) pulls a concept anchor towards the statements naming it, less than any relation. */
const LINK_STRENGTH = { flow: 1, branch: 0.8, soft: 0.35, light: 0.25 } as const;

export function layoutForce(graph: LayoutGraph, options: ForceOptions = {}): LayoutResult {
  const g = prepareGraph(graph);
  const boxes: Rect[] = g.nodes.map((n) => ({ x: 0, y: 0, width: n.width, height: n.height }));
  const ends = new Map(g.edges.map((e) => [e.id, [e.source, e.target] as const]));
  const parts: ComponentLayout[] = g.components.map((members) => {
    if (members.length === 1) return componentLayout(g, members, boxes);
    simulate(g, members, boxes, options);
    const part = componentLayout(g, members, boxes);
    return options.edgeRepulsion === false || options.detours === false ? part : detourBlockedEdges(part, ends);
  });
  return finishLayout(packComponents(parts), graph);
}

function simulate(g: PreparedGraph, members: number[], boxes: Rect[], options: ForceOptions): void {
  const local = new Map(members.map((v, i) => [v, i]));
  const order = depthFirstOrder(g, members);
  // Start on a sunflower spiral in depth-first order, so linked nodes start close together; the seed turns and
  // jitters it.
  const random = seededRandom(options.seed ?? 1);
  const turn = random() * 2 * Math.PI;
  const nodes: SimNode[] = members.map((v, i) => ({
    index: i,
    x: 0,
    y: 0,
    vx: 0,
    vy: 0,
    width: boxes[v].width,
    height: boxes[v].height,
  }));
  order.forEach((v, k) => {
    const r = 60 * Math.sqrt(k + 0.5);
    const a = turn + k * Math.PI * (3 - Math.sqrt(5));
    nodes[local.get(v)!].x = r * Math.cos(a) + (random() - 0.5) * 10;
    nodes[local.get(v)!].y = r * Math.sin(a) + (random() - 0.5) * 10;
  });
  const links: Array<SimulationLinkDatum<SimNode> & { role: keyof typeof LINK_STRENGTH; rest: number }> = [];
  const pairs: Array<[number, number]> = [];
  const adjacency: number[][] = members.map(() => []);
  for (const e of g.edges) {
    const s = local.get(e.s);
    const t = local.get(e.t);
    if (s === undefined || t === undefined || s === t) continue;
    const rest =
      (Math.hypot(boxes[e.s].width, boxes[e.s].height) + Math.hypot(boxes[e.t].width, boxes[e.t].height)) / 2 + 50;
    links.push({ source: s, target: t, role: e.role, rest });
    pairs.push([s, t]);
    adjacency[s].push(t);
    adjacency[t].push(s);
  }
  const ticks = options.ticks ?? Math.round(Math.max(120, Math.min(300, 36_000 / members.length)));
  const sim = forceSimulation<SimNode>(nodes)
    .randomSource(random)
    .alphaDecay(1 - 0.001 ** (1 / ticks))
    .force(
      'link',
      forceLink<SimNode, (typeof links)[number]>(links)
        .distance((l) => l.rest)
        .strength(
          (l) =>
            LINK_STRENGTH[l.role] /
            Math.min(adjacency[(l.source as SimNode).index].length, adjacency[(l.target as SimNode).index].length),
        ),
    )
    .force('charge', forceManyBody<SimNode>().strength(-420).distanceMax(900))
    .force('collide', forceCollide<SimNode>((n) => (Math.hypot(n.width, n.height) / 2) * 0.8 + 6).iterations(2))
    .force('edges', options.edgeRepulsion === false ? null : forceEdgeRepulsion(pairs))
    .force('fan', forceFanOut(adjacency))
    .force('x', forceX<SimNode>(0).strength(0.04))
    .force('y', forceY<SimNode>(0).strength(0.04))
    .stop();
  for (let i = 0; i < ticks; i++) sim.tick();
  members.forEach((v, i) => {
    boxes[v].x = nodes[i].x - boxes[v].width / 2;
    boxes[v].y = nodes[i].y - boxes[v].height / 2;
  });
  const localBoxes = members.map((v) => boxes[v]);
  removeOverlaps(localBoxes);
  if (options.edgeRepulsion !== false) clearEdgePaths(localBoxes, pairs);
}
