// Packs component boxes compactly (skyline, bottom-left), trying a few strip widths and keeping the smallest
// bounding area, so unrelated subgraphs sit side by side instead of sharing one global layering.
export interface PackBox {
  width: number;
  height: number;
}

export interface Packing {
  positions: Array<{ x: number; y: number }>;
  width: number;
  height: number;
}

interface Segment {
  x: number;
  width: number;
  y: number;
}

export function packBoxes(boxes: readonly PackBox[], gap = 40, aspect = 1.6): Packing {
  if (boxes.length === 0) return { positions: [], width: 0, height: 0 };
  const padded = boxes.map((b) => ({ width: b.width + gap, height: b.height + gap }));
  const order = padded
    .map((_, i) => i)
    .sort((a, b) => padded[b].height - padded[a].height || padded[b].width - padded[a].width || a - b);
  const widest = Math.max(...padded.map((b) => b.width));
  const area = padded.reduce((sum, b) => sum + b.width * b.height, 0);
  const ideal = Math.sqrt(area * aspect);
  const widths = new Set<number>([widest]);
  for (const f of [0.7, 0.85, 1, 1.15, 1.3, 1.6]) widths.add(Math.max(widest, Math.ceil(ideal * f)));
  let best: Packing | null = null;
  let bestCost = Infinity;
  for (const stripWidth of [...widths].sort((a, b) => a - b)) {
    const packing = skyline(padded, order, stripWidth);
    const ratio = packing.width / Math.max(1, packing.height);
    // Area first; a mild penalty keeps the picture near a screen's shape.
    const cost = packing.width * packing.height * (1 + 0.15 * Math.abs(Math.log(ratio / aspect)));
    if (cost < bestCost) {
      bestCost = cost;
      best = packing;
    }
  }
  return { ...best!, width: best!.width - gap, height: best!.height - gap };
}

function skyline(boxes: readonly PackBox[], order: readonly number[], stripWidth: number): Packing {
  let sky: Segment[] = [{ x: 0, width: stripWidth, y: 0 }];
  const positions: Array<{ x: number; y: number }> = new Array(boxes.length);
  let width = 0;
  let height = 0;
  for (const i of order) {
    const { width: w, height: h } = boxes[i];
    let bestX = 0;
    let bestY = Infinity;
    for (const start of sky) {
      if (start.x + w > stripWidth + 1e-6 && start.x > 0) continue;
      let y = 0;
      for (const s of sky) if (s.x < start.x + w - 1e-6 && s.x + s.width > start.x + 1e-6) y = Math.max(y, s.y);
      if (y < bestY - 1e-6) {
        bestY = y;
        bestX = start.x;
      }
    }
    positions[i] = { x: bestX, y: bestY };
    width = Math.max(width, bestX + w);
    height = Math.max(height, bestY + h);
    sky = raise(sky, bestX, w, bestY + h);
  }
  return { positions, width, height };
}

/** The skyline after a box covering [x, x+w) was placed with its bottom at `top`. */
function raise(sky: Segment[], x: number, w: number, top: number): Segment[] {
  const out: Segment[] = [];
  for (const s of sky) {
    const end = s.x + s.width;
    if (end <= x || s.x >= x + w) {
      out.push(s);
      continue;
    }
    if (s.x < x) out.push({ x: s.x, width: x - s.x, y: s.y });
    if (end > x + w) out.push({ x: x + w, width: end - (x + w), y: s.y });
  }
  out.push({ x, width: w, y: top });
  out.sort((a, b) => a.x - b.x);
  // Merge neighbours at the same height so the candidate list stays short.
  const merged: Segment[] = [];
  for (const s of out) {
    const last = merged[merged.length - 1];
    if (last && Math.abs(last.y - s.y) < 1e-6 && Math.abs(last.x + last.width - s.x) < 1e-6) last.width += s.width;
    else merged.push({ ...s });
  }
  return merged;
}
