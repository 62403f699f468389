// Two forces d3-force lacks: edges push away nodes they would run through, and the edges around a node fan out by
// angle so they do not leave it on top of each other. Both are plain functions over the simulation's nodes.
import type { Force, SimulationNodeDatum } from 'd3-force';
import { RectGrid } from './grid';

export interface SimNode extends SimulationNodeDatum {
  index: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  width: number;
  height: number;
}

/** Nodes closer than their half size (+ clearance) to an edge they are not an end of are pushed off the line. */
export function forceEdgeRepulsion(links: ReadonlyArray<[number, number]>, clearance = 10, strength = 0.6): Force<SimNode, undefined> {
  let nodes: SimNode[] = [];
  const force = (alpha: number) => {
    if (alpha > 0.6) return; // let the rough shape settle first
    const grid = new RectGrid<{ x: number; y: number; width: number; height: number; i: number }>(160);
    nodes.forEach((n, i) => grid.add({ x: n.x - n.width / 2, y: n.y - n.height / 2, width: n.width, height: n.height, i }));
    for (const [s, t] of links) {
      if (s === t) continue;
      const a = nodes[s];
      const b = nodes[t];
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const len2 = dx * dx + dy * dy;
      if (len2 < 1) continue;
      const box = { x: Math.min(a.x, b.x) - 100, y: Math.min(a.y, b.y) - 100, width: Math.abs(dx) + 200, height: Math.abs(dy) + 200 };
      for (const k of grid.near(box)) {
        const w = nodes[grid.items[k].i];
        if (w === a || w === b) continue;
        const u = ((w.x - a.x) * dx + (w.y - a.y) * dy) / len2;
        if (u <= 0 || u >= 1) continue;
        const px = a.x + u * dx;
        const py = a.y + u * dy;
        let nx = w.x - px;
        let ny = w.y - py;
        let dist = Math.hypot(nx, ny);
        if (dist < 1e-6) {
          nx = -dy;
          ny = dx;
          dist = Math.hypot(nx, ny);
        }
        nx /= dist;
        ny /= dist;
        const reach = Math.abs(nx) * (w.width / 2) + Math.abs(ny) * (w.height / 2) + clearance;
        if (dist >= reach) continue;
        const push = (reach - dist) * alpha * strength;
        w.vx += nx * push;
        w.vy += ny * push;
        a.vx -= nx * push * (1 - u) * 0.5;
        a.vy -= ny * push * (1 - u) * 0.5;
        b.vx -= nx * push * u * 0.5;
        b.vy -= ny * push * u * 0.5;
      }
    }
  };
  force.initialize = (n: SimNode[]) => {
    nodes = n;
  };
  return force;
}

/** Neighbours of one node closer in angle than `minAngle` are turned apart around it. */
export function forceFanOut(adjacency: ReadonlyArray<readonly number[]>, minAngle = Math.PI / 7, strength = 0.25): Force<SimNode, undefined> {
  let nodes: SimNode[] = [];
  const force = (alpha: number) => {
    adjacency.forEach((neighbours, v) => {
      if (neighbours.length < 2) return;
      const c = nodes[v];
      const wanted = Math.min(minAngle, (2 * Math.PI) / neighbours.length);
      const around = neighbours
        .map((n) => ({ n, angle: Math.atan2(nodes[n].y - c.y, nodes[n].x - c.x) }))
        .sort((a, b) => a.angle - b.angle || a.n - b.n);
      for (let k = 0; k < around.length; k++) {
        const p = around[k];
        const q = around[(k + 1) % around.length];
        let gap = q.angle - p.angle;
        if (k === around.length - 1) gap += 2 * Math.PI;
        if (gap >= wanted) continue;
        const turn = ((wanted - gap) / 2) * alpha * strength;
        rotate(nodes[p.n], c, -turn);
        rotate(nodes[q.n], c, turn);
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
