// The drawable scene: the layout result joined with the graph's nodes and edges, built once per layout so that
// rendering, hit tests, keyboard navigation and export all read the same positions. Pure (no DOM). Mentions (issue
// 25) are a layer of their own: never among the edges (no arrow, no chip, no card, no keyboard step).
import type { KgEdge, KgNode, Mention } from '../../core/schema/graph';
import type { LayoutResult, PlacedLabel } from '../../core/layout/types';
import { NODE_BOX } from '../../core/layout/text-size';
import type { NodeCentre } from './neighbour-by-direction';
import { unionBox, type Box } from './viewport-math';

/** One line of a node's text; `fit` (px) pins a line the reader's font draws wider than the box allows. */
export interface NodeLine {
  text: string;
  fit?: number;
}

/** Measures text as the reader's font draws it (px), or returns undefined when it cannot. */
export type MeasureText = (text: string) => number | undefined;

export interface SceneNode extends Box {
  id: string;
  node: KgNode;
  /** The wrapped lines shown in the box (at most 4, the last with an ellipsis when clipped). */
  lines: readonly NodeLine[];
  /** SVG transform placing the node group. */
  transform: string;
  /** How far the lines sit inside the box (a box grown with its degree), and the text's transform then. */
  inset: number;
  textTransform?: string;
  /** A concept anchor outside the node window, drawn only as the end of mentions (GraphView.concepts). */
  outside?: boolean;
}

/** A mention drawn: a thin, dashed, arrowless line from the statement to the concept anchor it names. */
export interface SceneMention {
  id: string;
  mention: Mention;
  box: Box;
  d: string;
}

/** What the scene draws beside the nodes and relations. */
export interface SceneExtras {
  mentions?: readonly Mention[];
  /** Concept anchors outside the window (drawn as nodes, marked `outside`). */
  concepts?: readonly KgNode[];
  /** Inset of a node's lines in its box (LayoutRunner.insetOf). */
  insetOf?: (id: string) => number;
  /** The layout's route of a mention, by mention id. */
  routeId?: (mentionId: string) => string;
}

export interface SceneEdge {
  id: string;
  edge: KgEdge;
  /** Bounding box of the route (graph units). */
  box: Box;
  /** SVG path data. */
  d: string;
  label?: PlacedLabel;
  labelTransform?: string;
}

export interface Scene {
  width: number;
  height: number;
  /** What is drawn (nodes and label chips), for fit: the layout's declared size may include a margin. */
  bounds: Box;
  nodes: SceneNode[];
  edges: SceneEdge[];
  /** Edges whose label chip placement found room for (drawn always). */
  placedLabels: SceneEdge[];
  nodeById: Map<string, SceneNode>;
  edgeById: Map<string, SceneEdge>;
  centres: Map<string, NodeCentre>;
  /** Candidate and unsupported nodes (drawn hatched; the grounding filter hides them). */
  weakNodeIds: Set<string>;
  mentions: SceneMention[];
  /** The largest connected piece (relations and mentions): where the view opens. */
  mainPiece: { bounds: Box; nodes: SceneNode[] };
}

export function buildScene(
  result: LayoutResult,
  nodes: readonly KgNode[],
  edges: readonly KgEdge[],
  linesOf: (id: string) => readonly string[],
  measure: MeasureText = () => undefined,
  extras: SceneExtras = {},
): Scene {
  const insetOf = extras.insetOf ?? (() => 0);
  const outside = new Set<string>();
  const known = new Set(nodes.map((n) => n.id));
  const all: KgNode[] = [...nodes];
  for (const c of extras.concepts ?? []) {
    if (known.has(c.id)) continue;
    known.add(c.id);
    outside.add(c.id);
    all.push(c);
  }
  const placed = new Map(result.nodes.map((n) => [n.id, n]));
  const routed = new Map(result.edges.map((e) => [e.id, e]));
  const sceneNodes: SceneNode[] = [];
  const nodeById = new Map<string, SceneNode>();
  const centres = new Map<string, NodeCentre>();
  const weakNodeIds = new Set<string>();
  // A concept the layout left out (an outside anchor beyond the server's node limit) goes under the statements that
  // name it; any other node the layout left out (it should not happen) in a row under the drawing, not vanishing.
  const namedAt = new Map<string, { x: number; y: number; n: number }>();
  for (const m of extras.mentions ?? []) {
    const s = placed.get(m.nodeId);
    if (!s || placed.has(m.conceptId)) continue;
    const at = namedAt.get(m.conceptId) ?? { x: 0, y: 0, n: 0 };
    at.x += s.x + s.width / 2;
    at.y = Math.max(at.y, s.y + s.height);
    at.n++;
    namedAt.set(m.conceptId, at);
  }
  let spareX = 20;
  const spareY = result.height + 20;
  let height = result.height;
  for (const node of all) {
    if (nodeById.has(node.id)) continue;
    const named = namedAt.get(node.id);
    const size = linesOf(node.id).length;
    const p =
      placed.get(node.id) ??
      (named
        ? {
            x: named.x / named.n - 60,
            y: named.y + 24,
            width: 120,
            height: 2 * NODE_BOX.paddingY + NODE_BOX.lineHeight * size,
          }
        : undefined);
    const box = p ?? {
      x: spareX,
      y: spareY,
      width: 120,
      height: 2 * NODE_BOX.paddingY + NODE_BOX.lineHeight * linesOf(node.id).length,
    };
    if (!p) {
      spareX += box.width + 20;
      height = Math.max(height, spareY + box.height + 20);
    }
    if (named && !placed.has(node.id)) {
      height = Math.max(height, box.y + box.height + 20);
      spareX = Math.max(spareX, box.x + box.width + 20);
    }
    const inset = p ? insetOf(node.id) : 0;
    const room = box.width - 2 * NODE_BOX.paddingX - 2 * inset;
    let lines: NodeLine[] | undefined;
    const sn: SceneNode = {
      id: node.id,
      node,
      // Wrapped and measured on first use: a large scene's first frame needs only the nodes it shows.
      get lines(): NodeLine[] {
        lines ??= linesOf(node.id).map((text): NodeLine => {
          const w = measure(text);
          return w !== undefined && w > room ? { text, fit: room } : { text };
        });
        return lines;
      },
      x: box.x,
      y: box.y,
      width: box.width,
      height: box.height,
      transform: `translate(${box.x},${box.y})`,
      inset,
      ...(inset ? { textTransform: `translate(${inset},${inset})` } : {}),
      ...(outside.has(node.id) ? { outside: true } : {}),
    };
    sceneNodes.push(sn);
    if (node.groundingStatus === 'candidate' || node.groundingStatus === 'unsupported') weakNodeIds.add(node.id);
    nodeById.set(node.id, sn);
    centres.set(node.id, { id: node.id, x: sn.x + sn.width / 2, y: sn.y + sn.height / 2 });
  }
  const sceneEdges: SceneEdge[] = [];
  const edgeById = new Map<string, SceneEdge>();
  const placedLabels: SceneEdge[] = [];
  for (const edge of edges) {
    const from = nodeById.get(edge.fromNodeId);
    const to = nodeById.get(edge.toNodeId);
    if (!from || !to) continue;
    const r = routed.get(edge.id);
    const routedPoints = r && r.points.length >= 2;
    const d = r?.path ?? (routedPoints ? polyline(r.points) : straight(from, to));
    const box = routedPoints ? pointsBox(r.points) : unionBox([centreBox(from), centreBox(to)])!;
    const label = r?.label;
    const se: SceneEdge = {
      id: edge.id,
      edge,
      d,
      box,
      label,
      labelTransform: label ? `translate(${label.x},${label.y})` : undefined,
    };
    sceneEdges.push(se);
    edgeById.set(se.id, se);
    if (label && !label.hidden) placedLabels.push(se);
  }
  const mentions: SceneMention[] = [];
  const routeId = extras.routeId ?? ((id: string) => id);
  // A mention beside a relation of the same two nodes (a definition naming what it defines) would only double it.
  const related = new Set(sceneEdges.map((e) => pairKey(e.edge.fromNodeId, e.edge.toNodeId)));
  for (const m of extras.mentions ?? []) {
    const from = nodeById.get(m.nodeId);
    const to = nodeById.get(m.conceptId);
    if (!from || !to || from === to || related.has(pairKey(m.nodeId, m.conceptId))) continue;
    const r = routed.get(routeId(m.id));
    const routedPoints = r && r.points.length >= 2;
    mentions.push({
      id: m.id,
      mention: m,
      d: r?.path ?? (routedPoints ? polyline(r.points) : straight(from, to)),
      box: routedPoints ? pointsBox(r.points) : unionBox([centreBox(from), centreBox(to)])!,
    });
  }
  const drawn: Box[] = [...sceneNodes];
  for (const e of placedLabels) drawn.push(e.label!);
  const width = Math.max(result.width, spareX);
  const bounds = unionBox(drawn) ?? { x: 0, y: 0, width, height };
  const pieceNodes = largestPiece(sceneNodes, sceneEdges, mentions);
  const inPiece = new Set(pieceNodes.map((n) => n.id));
  const pieceDrawn: Box[] = [...pieceNodes];
  for (const e of placedLabels) if (inPiece.has(e.edge.fromNodeId)) pieceDrawn.push(e.label!);
  return {
    width,
    height,
    bounds,
    nodes: sceneNodes,
    edges: sceneEdges,
    placedLabels,
    nodeById,
    edgeById,
    centres,
    weakNodeIds,
    mentions,
    mainPiece: { bounds: unionBox(pieceDrawn) ?? bounds, nodes: pieceNodes },
  };
}

/** One key for the two ends of a link, whichever way it points. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\n${b}` : `${b}\n${a}`;
}

/** The nodes of the largest connected piece, relations and mentions both joining (the first on ties, in node
 * order). Union-find over the drawn links. */
export function largestPiece(
  nodes: readonly SceneNode[],
  edges: readonly SceneEdge[],
  mentions: readonly SceneMention[],
): SceneNode[] {
  const index = new Map(nodes.map((n, i) => [n.id, i]));
  const parent = nodes.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const join = (a: string, b: string) => {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined) return;
    const ri = find(i);
    const rj = find(j);
    if (ri !== rj) parent[Math.max(ri, rj)] = Math.min(ri, rj);
  };
  for (const e of edges) join(e.edge.fromNodeId, e.edge.toNodeId);
  for (const m of mentions) join(m.mention.nodeId, m.mention.conceptId);
  const size = new Map<number, number>();
  let best = -1;
  let bestSize = 0;
  nodes.forEach((_, i) => {
    const r = find(i);
    const s = (size.get(r) ?? 0) + 1;
    size.set(r, s);
    if (s > bestSize || (s === bestSize && r < best)) {
      best = r;
      bestSize = s;
    }
  });
  return nodes.filter((_, i) => find(i) === best);
}

/** A drawable subset of a scene. */
export interface ScenePart {
  nodes: readonly SceneNode[];
  edges: readonly SceneEdge[];
  /** Edges whose placed label chip is drawn. */
  labels: readonly SceneEdge[];
  mentions: readonly SceneMention[];
}

/** The nodes, edges and placed label chips that meet `view` (graph units): what the first frame must show. */
export function sceneWithin(scene: Scene, view: Box): ScenePart {
  const meets = (b: Box) =>
    b.x <= view.x + view.width && b.x + b.width >= view.x && b.y <= view.y + view.height && b.y + b.height >= view.y;
  return {
    nodes: scene.nodes.filter(meets),
    edges: scene.edges.filter((e) => meets(e.box)),
    labels: scene.placedLabels.filter((e) => meets(e.label!)),
    mentions: scene.mentions.filter((m) => meets(m.box)),
  };
}

function pointsBox(points: ReadonlyArray<readonly [number, number]>): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

function centreBox(b: Box): Box {
  return { x: b.x + b.width / 2, y: b.y + b.height / 2, width: 0, height: 0 };
}

function polyline(points: ReadonlyArray<readonly [number, number]>): string {
  let d = '';
  for (let i = 0; i < points.length; i++) d += `${i === 0 ? 'M' : 'L'}${points[i][0]} ${points[i][1]}`;
  return d;
}

function straight(a: Box, b: Box): string {
  return `M${a.x + a.width / 2} ${a.y + a.height / 2}L${b.x + b.width / 2} ${b.y + b.height / 2}`;
}
