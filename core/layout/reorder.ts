// Our crossing reduction and node placement between two ELK runs, for large top-down components. ELK's layer
// sweeps (barycenter with restarts) leave crossings that sifting removes, and its Brandes-Köpf placement draws long
// jogs. From ELK's first drawing we read the layers (node rows) and the order in them (long edges: where their
// routes cross each row), sift every vertex to its best place in its layer, place the vertices in that order
// (blocks.ts: long edges straight, blocks pulled to their edges; align.ts: more pieces straight where there is
// room; ports.ts: ports slide to where their pieces run straight), and hand ELK the result as positions, port
// orders and bend points for its interactive layering, crossing minimisation and placement, so it keeps all of it
// and only routes.
import type { ElkExtendedEdge, ElkNode, ElkPort, LayoutOptions } from 'elkjs/lib/elk-api';
import { alignBlocks } from './align';
import { placeBlocks, type Link, type Vertex } from './blocks';
import { slidePortsOf } from './ports';

export type { Vertex } from './blocks';

/** The rows of a top-down drawing: nodes whose vertical extents overlap share a layer. */
export function layersOf(boxes: ReadonlyArray<{ y: number; height: number }>): number[] {
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[a].y - boxes[b].y || a - b);
  const layer = new Array<number>(boxes.length);
  let current = -1;
  let bottom = -Infinity;
  for (const i of order) {
    if (boxes[i].y >= bottom) current++;
    bottom = boxes[i].y >= bottom ? boxes[i].y + boxes[i].height : Math.max(bottom, boxes[i].y + boxes[i].height);
    layer[i] = current;
  }
  return layer;
}

/** Straight-line crossings between consecutive layers. */
export function crossingCount(vertices: readonly Vertex[], layers: readonly number[][]): number {
  const pos = new Int32Array(vertices.length);
  layers.forEach((row) => row.forEach((v, i) => (pos[v] = i)));
  let c = 0;
  for (const row of layers) {
    const es: Array<[number, number]> = [];
    for (const v of row) for (const w of vertices[v].down) es.push([pos[v], pos[w]]);
    for (let i = 0; i < es.length; i++)
      for (let j = i + 1; j < es.length; j++) if ((es[i][0] - es[j][0]) * (es[i][1] - es[j][1]) < 0) c++;
  }
  return c;
}

/** Sifting: each vertex, most connected first, moves to the place in its layer with the fewest crossings with both
 * neighbouring layers; rounds until none gains. Never adds crossings. */
export function sift(vertices: readonly Vertex[], layers: number[][], rounds = 10): void {
  const pos = new Int32Array(vertices.length);
  const reindex = (l: number) => layers[l].forEach((v, i) => (pos[v] = i));
  layers.forEach((_, l) => reindex(l));
  const pair = (a: readonly number[], b: readonly number[]) => {
    let c = 0;
    for (const x of a) for (const y of b) if (pos[x] > pos[y]) c++;
    return c;
  };
  // Crossings between the edges of u and of v when u is left of v.
  const cross = (u: number, v: number) =>
    pair(vertices[u].up, vertices[v].up) + pair(vertices[u].down, vertices[v].down);
  const degree = (v: number) => vertices[v].up.length + vertices[v].down.length;
  const byDegree = vertices.map((_, i) => i).sort((a, b) => degree(b) - degree(a) || a - b);
  for (let round = 0; round < rounds; round++) {
    let gained = 0;
    for (const v of byDegree) {
      const l = vertices[v].layer;
      if (layers[l].length < 2) continue;
      const from = pos[v];
      const others = layers[l].filter((w) => w !== v);
      // acc: crossings of v placed right after others[i], relative to v placed first.
      let acc = 0;
      let best = 0;
      let bestAt = 0;
      let current = 0;
      for (let i = 0; i < others.length; i++) {
        acc += cross(others[i], v) - cross(v, others[i]);
        if (i + 1 === from) current = acc;
        if (acc < best) {
          best = acc;
          bestAt = i + 1;
        }
      }
      if (best < current) {
        gained += current - best;
        others.splice(bestAt, 0, v);
        layers[l] = others;
        reindex(l);
      }
    }
    if (gained === 0) break;
  }
}

const NODE_GAP = 20;
const EDGE_GAP = 10;
const LAYER_GAP = 40;

/** Where a route (ELK sections) crosses height y, if it does. */
function routeXAt(e: ElkExtendedEdge, y: number): number | undefined {
  const pts = (e.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
  for (let i = 1; i < pts.length; i++) {
    const [a, b] = [pts[i - 1], pts[i]];
    if (a.y !== b.y && (a.y - y) * (b.y - y) <= 0) return a.x + ((y - a.y) / (b.y - a.y)) * (b.x - a.x);
  }
  return undefined;
}

/**
 * ELK's first drawing of a component (`laid`, no post-compaction) re-sequenced and placed by us, as the input of
 * ELK's second, interactive run (`input` is the component as first given, `options` the second run's options).
 */
export function resequenced(laid: ElkNode, input: ElkNode, options: LayoutOptions): ElkNode {
  const children = laid.children ?? [];
  const layerOf = layersOf(children.map((c) => ({ y: c.y ?? 0, height: c.height ?? 0 })));
  const index = new Map(children.map((c, i) => [c.id, i]));
  const vertices: Vertex[] = children.map((c, i) => ({ layer: layerOf[i], up: [], down: [], width: c.width ?? 0 }));
  const start = children.map((c) => (c.x ?? 0) + (c.width ?? 0) / 2);
  const top: number[] = [];
  const bottom: number[] = [];
  children.forEach((c, i) => {
    top[layerOf[i]] = Math.min(top[layerOf[i]] ?? Infinity, c.y ?? 0);
    bottom[layerOf[i]] = Math.max(bottom[layerOf[i]] ?? -Infinity, (c.y ?? 0) + (c.height ?? 0));
  });
  const routes = new Map(((laid.edges ?? []) as ElkExtendedEdge[]).map((e) => [e.id, e]));
  const chains: Array<{ edge: ElkExtendedEdge; chain: number[] }> = [];
  for (const edge of (input.edges ?? []) as ElkExtendedEdge[]) {
    const [s, t] = [index.get(edge.sources[0])!, index.get(edge.targets[0])!];
    const chain = [s];
    const dir = layerOf[t] > layerOf[s] ? 1 : -1;
    for (let l = layerOf[s] + dir; s !== t && layerOf[s] !== layerOf[t] && l !== layerOf[t]; l += dir) {
      // A long edge's dummy starts where ELK's route crossed the row, so the first order is ELK's.
      const f = (l - layerOf[s]) / (layerOf[t] - layerOf[s]);
      const route = routes.get(edge.id);
      start.push((route && routeXAt(route, (top[l] + bottom[l]) / 2)) ?? start[s] + f * (start[t] - start[s]));
      vertices.push({ layer: l, up: [], down: [], width: 0 });
      chain.push(vertices.length - 1);
    }
    chain.push(t);
    if (s !== t && layerOf[s] !== layerOf[t]) {
      for (let i = 1; i < chain.length; i++) {
        const [a, b] = dir > 0 ? [chain[i - 1], chain[i]] : [chain[i], chain[i - 1]];
        vertices[a].down.push(b);
        vertices[b].up.push(a);
      }
    }
    chains.push({ edge, chain });
  }
  const layers: number[][] = Array.from({ length: Math.max(-1, ...layerOf) + 1 }, () => []);
  vertices.forEach((v, i) => layers[v.layer].push(i));
  for (const row of layers) row.sort((a, b) => start[a] - start[b] || a - b);
  sift(vertices, layers);
  // Ports in a fixed order and place, each on the side facing the layer its edge goes to, ordered by where the edge
  // goes: ELK's interactive crossing minimisation orders a node's ports on one side only, the others would cross
  // there. The placement below lines up each edge's two ports, so the edge runs straight.
  const order = new Int32Array(vertices.length);
  for (const row of layers) row.forEach((v, i) => (order[v] = i));
  const ports = new Map<number, Array<{ id: string; south: boolean; key: number }>>();
  const addPort = (v: number, next: number, id: string) => {
    if (!ports.has(v)) ports.set(v, []);
    ports.get(v)!.push({ id, south: vertices[next].layer > vertices[v].layer, key: order[next] });
  };
  const ported = new Set<string>();
  for (const { edge, chain } of chains) {
    if (vertices[chain[0]].layer === vertices[chain[chain.length - 1]].layer) continue;
    ported.add(edge.id);
    addPort(chain[0], chain[1], `${edge.id}:s`);
    addPort(chain[chain.length - 1], chain[chain.length - 2], `${edge.id}:t`);
  }
  /** Each port's x from its node's left side. */
  const portX = new Map<string, number>();
  for (const [v, list] of ports) {
    for (const south of [true, false]) {
      const side = list.filter((p) => p.south === south).sort((a, b) => a.key - b.key);
      side.forEach((p, k) => portX.set(p.id, ((k + 1) * vertices[v].width) / (side.length + 1)));
    }
  }
  const links: Link[][] = vertices.map(() => []);
  for (const { edge, chain } of chains) {
    if (!ported.has(edge.id)) continue;
    for (let i = 1; i < chain.length; i++) {
      const [p, q] = [chain[i - 1], chain[i]];
      // Offsets of the edge's ends from their vertices' centres (0 at a dummy).
      const op = i === 1 ? portX.get(`${edge.id}:s`)! - vertices[p].width / 2 : 0;
      const oq = i === chain.length - 1 ? portX.get(`${edge.id}:t`)! - vertices[q].width / 2 : 0;
      links[q].push({ u: p, d: op - oq });
      links[p].push({ u: q, d: oq - op });
    }
  }
  const gap = (a: number, b: number) =>
    (vertices[a].width && vertices[b].width ? NODE_GAP : EDGE_GAP) + (vertices[a].width + vertices[b].width) / 2;
  const centre = placeBlocks(vertices, layers, links, gap);
  alignBlocks(
    { layerOf: vertices.map((v) => v.layer), dummy: (v) => vertices[v].width === 0, layers, links, gap },
    centre,
  );
  // Then the ports slide along their sides to where their pieces run straight.
  slidePortsOf(
    chains.filter(({ edge }) => ported.has(edge.id)).map(({ edge, chain }) => ({ id: edge.id, chain })),
    vertices,
    centre,
    ports,
    portX,
  );

  // Rows top-down, as high as their tallest node.
  const rowY: number[] = [];
  const rowHeight: number[] = [];
  let y = 0;
  for (const row of layers) {
    rowY.push(y);
    rowHeight.push(Math.max(0, ...row.filter((v) => v < children.length).map((v) => children[v].height ?? 0)));
    y += rowHeight[rowHeight.length - 1] + LAYER_GAP;
  }
  const rowMid = (v: number) => rowY[vertices[v].layer] + rowHeight[vertices[v].layer] / 2;

  const nodes = (input.children ?? []).map((c): ElkNode => {
    const i = index.get(c.id)!;
    const placed = { ...c, x: centre[i] - vertices[i].width / 2, y: rowY[vertices[i].layer] };
    const list = ports.get(i);
    if (!list) return placed;
    const elkPorts: ElkPort[] = list.map((p) => ({
      id: p.id,
      width: 0,
      height: 0,
      x: portX.get(p.id)!,
      y: p.south ? (c.height ?? 0) : 0,
      layoutOptions: { 'elk.port.side': p.south ? 'SOUTH' : 'NORTH' },
    }));
    return { ...placed, ports: elkPorts, layoutOptions: { ...c.layoutOptions, 'elk.portConstraints': 'FIXED_POS' } };
  });
  const edges = chains.map(({ edge: { sections: _s, junctionPoints: _j, ...edge }, chain }): ElkExtendedEdge => {
    const withPorts = ported.has(edge.id) ? { ...edge, sources: [`${edge.id}:s`], targets: [`${edge.id}:t`] } : edge;
    if (chain.length <= 2) return withPorts;
    // ELK reads an edge's given points as its dummies' places, in its own left-to-right frame (x along the
    // layers): transposed from ours.
    // A dummy's place holds across its whole row (top and bottom, in the edge's direction), wherever ELK reads it.
    const point = (v: number, along = rowMid(v)) => ({ x: along, y: centre[v] });
    const [s, t] = [chain[0], chain[chain.length - 1]];
    const down = vertices[t].layer > vertices[s].layer;
    const across = (v: number) => {
      const [a, b] = [rowY[vertices[v].layer], rowY[vertices[v].layer] + rowHeight[vertices[v].layer]];
      return down ? [point(v, a), point(v, b)] : [point(v, b), point(v, a)];
    };
    return {
      ...withPorts,
      sections: [
        { id: `${edge.id}s`, startPoint: point(s), endPoint: point(t), bendPoints: chain.slice(1, -1).flatMap(across) },
      ],
    };
  });
  return { ...input, layoutOptions: { ...input.layoutOptions, ...options }, children: nodes, edges };
}

/** elkjs keeps a given section's bend points when the new route has none: drop those stale ones. */
export function dropStaleBends(out: ElkNode, given: ElkNode): ElkNode {
  const before = new Map<string, string>();
  for (const e of (given.edges ?? []) as ElkExtendedEdge[])
    for (const s of e.sections ?? []) before.set(s.id, JSON.stringify(s.bendPoints ?? []));
  for (const e of (out.edges ?? []) as ElkExtendedEdge[]) {
    for (const s of e.sections ?? []) if (before.get(s.id) === JSON.stringify(s.bendPoints ?? [])) s.bendPoints = [];
  }
  return out;
}
