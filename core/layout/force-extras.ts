// Two forces d3-force lacks: edges push away nodes they would run through, and the edges around a node fan out by
// angle so they do not leave it on top of each other. Both are plain functions over the simulation's nodes; they
// run every tick, so they avoid allocating per pair.
import type { Force, SimulationNodeDatum } from 'd3-force';

export interface SimNode extends SimulationNodeDatum {
  index: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  width: number;
  height: number;
}

const CELL = 160;
const SPAN = 1 << 20;
const cellKey = (gx: number, gy: number) => (gx + SPAN / 2) * SPAN + (gy + SPAN / 2);

/**
 * Nodes closer than their half size (+ clearance) to an edge they are not an end of are pushed off the line. The
 * push does not fade with alpha below `floor`, so it still acts in the last ticks, when the picture takes its shape.
 */
export function forceEdgeRepulsion(
  links: ReadonlyArray<[number, number]>,
  clearance = 14,
  strength = 0.8,
  floor = 0.05,
): Force<SimNode, undefined> {
  let nodes: SimNode[] = [];
  let reachMax = 0;
  const cells = new Map<number, number[]>();
  const force = (alpha: number) => {
    if (alpha > 0.5) return; // let the rough shape settle first
    // The cell lists are kept from tick to tick and emptied, not rebuilt: this runs every tick.
    for (const list of cells.values()) list.length = 0;
    nodes.forEach((n, i) => {
      const key = cellKey(Math.floor(n.x / CELL), Math.floor(n.y / CELL));
      const list = cells.get(key);
      if (list) list.push(i);
      else cells.set(key, [i]);
    });
    for (const [s, t] of links) {
      const a = nodes[s];
      const b = nodes[t];
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const len2 = dx * dx + dy * dy;
      if (len2 < 1) continue;
      const gx0 = Math.floor((Math.min(a.x, b.x) - reachMax) / CELL);
      const gx1 = Math.floor((Math.max(a.x, b.x) + reachMax) / CELL);
      const gy0 = Math.floor((Math.min(a.y, b.y) - reachMax) / CELL);
      const gy1 = Math.floor((Math.max(a.y, b.y) + reachMax) / CELL);
      for (let gx = gx0; gx <= gx1; gx++) {
        for (let gy = gy0; gy <= gy1; gy++) {
          const list = cells.get(cellKey(gx, gy));
          if (!list || list.length === 0) continue;
          for (const k of list) {
            if (k === s || k === t) continue;
            const w = nodes[k];
            const u = ((w.x - a.x) * dx + (w.y - a.y) * dy) / len2;
            if (u <= 0 || u >= 1) continue;
            let nx = w.x - (a.x + u * dx);
            let ny = w.y - (a.y + u * dy);
            let dist = Math.hypot(nx, ny);
            if (dist < 1e-6) {
              nx = -dy;
              ny = dx;
              dist = Math.hypot(nx, ny);
              nx /= dist;
              ny /= dist;
              dist = 0;
            } else {
              nx /= dist;
              ny /= dist;
            }
            const reach = Math.abs(nx) * (w.width / 2) + Math.abs(ny) * (w.height / 2) + clearance;
            if (dist >= reach) continue;
            const push = (reach - dist) * Math.max(alpha, floor) * strength;
            w.vx += nx * push;
            w.vy += ny * push;
            a.vx -= nx * push * (1 - u) * 0.5;
            a.vy -= ny * push * (1 - u) * 0.5;
            b.vx -= nx * push * u * 0.5;
            b.vy -= ny * push * u * 0.5;
          }
        }
      }
    }
  };
  force.initialize = (n: SimNode[]) => {
    nodes = n;
    reachMax = Math.max(0, ...n.map((m) => Math.max(m.width, m.height) / 2)) + clearance;
  };
  return force;
}

/** Neighbours of one node closer in angle than `minAngle` are turned apart around it. */
export function forceFanOut(
  adjacency: ReadonlyArray<readonly number[]>,
  minAngle = Math.PI / 7,
  strength = 0.25,
): Force<SimNode, undefined> {
  let nodes: SimNode[] = [];
  const angles = new Float64Array(Math.max(1, ...adjacency.map((a) => a.length)));
  const order: number[] = [];
  const force = (alpha: number) => {
    adjacency.forEach((neighbours, v) => {
      const count = neighbours.length;
      if (count < 2) return;
      const c = nodes[v];
      const wanted = Math.min(minAngle, (2 * Math.PI) / count);
      order.length = 0;
      for (let k = 0; k < count; k++) {
        angles[k] = Math.atan2(nodes[neighbours[k]].y - c.y, nodes[neighbours[k]].x - c.x);
        order.push(k);
      }
      order.sort((p, q) => angles[p] - angles[q] || p - q);
      for (let k = 0; k < count; k++) {
        const p = order[k];
        const q = order[(k + 1) % count];
        let gap = angles[q] - angles[p];
        if (k === count - 1) gap += 2 * Math.PI;
        if (gap >= wanted) continue;
        const turn = ((wanted - gap) / 2) * alpha * strength;
        rotate(nodes[neighbours[p]], c, -turn);
        rotate(nodes[neighbours[q]], c, turn);
      }
    });
  };
  force.initialize = (n: SimNode[]) => {
    nodes = n;
  };
  return force;
}

/** Adds to the node's velocity the tangential move of turning it by `angle` around `centre`. */
function rotate(node: SimNode, centre: SimNode, angle: number): void {
  const rx = node.x - centre.x;
  const ry = node.y - centre.y;
  node.vx += -ry * angle;
  node.vy += rx * angle;
}
