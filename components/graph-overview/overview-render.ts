// Drawing the overview on a 2D canvas. Everything in world space is built once per data set as Path2D objects (one
// for the section regions, one for all relations, one per node type), so a frame of pan or zoom is a transform and
// a handful of fill/stroke calls however many nodes there are; only the marks (selection, search hits, insights)
// and the labels are drawn in screen space, per frame.
import type { Palette } from '../graph-view/palette';
import type { PlacedLabel, View } from './overview-labels';
import { NODE_FONT, SECTION_FONT } from './overview-labels';
import type { OverviewModel } from './overview-model';

/** Half the side of a node's square in world units (nodes sit 12 units apart). */
const HALF = 3.5;

export interface OverviewPaths {
  regions: Path2D;
  edges: Path2D;
  /** One path per type index. */
  types: Path2D[];
}

export function buildPaths(model: OverviewModel): OverviewPaths {
  const regions = new Path2D();
  for (const s of model.sections) regions.rect(s.x + 2, s.y + 2, s.w - 4, s.h - 4);
  const edges = new Path2D();
  const { x, y } = model;
  for (let k = 0; k + 1 < model.edges.length; k += 2) {
    const a = model.edges[k];
    const b = model.edges[k + 1];
    edges.moveTo(x[a], y[a]);
    edges.lineTo(x[b], y[b]);
  }
  const types = model.typeNames.map(() => new Path2D());
  for (let i = 0; i < model.n; i++) types[model.type[i]].rect(x[i] - HALF, y[i] - HALF, HALF * 2, HALF * 2);
  return { regions, edges, types };
}

export interface Marks {
  selected: ReadonlySet<number>;
  hits: ReadonlySet<number>;
  insights: ReadonlySet<number>;
}

export function drawOverview(
  ctx: CanvasRenderingContext2D,
  model: OverviewModel,
  paths: OverviewPaths,
  view: View,
  dpr: number,
  palette: Palette,
  marks: Marks,
  labels: readonly PlacedLabel[],
): void {
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = palette.bg;
  ctx.fillRect(0, 0, view.w, view.h);
  ctx.setTransform(dpr * view.scale, 0, 0, dpr * view.scale, dpr * view.tx, dpr * view.ty);
  ctx.fillStyle = palette.labelBg;
  ctx.fill(paths.regions);
  ctx.lineWidth = 1 / view.scale;
  ctx.strokeStyle = palette.border;
  ctx.stroke(paths.regions);
  // Relations: hairlines, fainter when zoomed out (30,000 of them would otherwise be a grey fog).
  ctx.globalAlpha = Math.min(0.5, 0.12 + view.scale * 0.15);
  ctx.strokeStyle = palette.edge;
  ctx.lineWidth = 0.75 / view.scale;
  ctx.stroke(paths.edges);
  ctx.globalAlpha = 1;
  paths.types.forEach((path, t) => {
    ctx.fillStyle = (palette.types as Record<string, string>)[model.typeNames[t]] ?? palette.muted;
    ctx.fill(path);
  });
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const ring = (set: ReadonlySet<number>, colour: string, radius: number, width: number) => {
    if (set.size === 0) return;
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.beginPath();
    const r = Math.max(radius, HALF * view.scale + 3);
    for (const i of set) {
      const sx = model.x[i] * view.scale + view.tx;
      const sy = model.y[i] * view.scale + view.ty;
      if (sx < -r || sy < -r || sx > view.w + r || sy > view.h + r) continue;
      ctx.moveTo(sx + r, sy);
      ctx.arc(sx, sy, r, 0, Math.PI * 2);
    }
    ctx.stroke();
  };
  ring(marks.insights, palette.edgeHighlight, 6, 1.5);
  ring(marks.hits, palette.flash, 7, 2.5);
  ring(marks.selected, palette.selected, 9, 3);
  ctx.textBaseline = 'middle';
  for (const l of labels) {
    ctx.globalAlpha = 0.85;
    ctx.fillStyle = palette.bg;
    ctx.fillRect(l.x, l.y, l.w, l.h);
    ctx.globalAlpha = 1;
    ctx.font = l.kind === 'section' ? SECTION_FONT : NODE_FONT;
    ctx.fillStyle = l.kind === 'section' ? palette.fg : palette.labelText;
    ctx.fillText(l.text, l.x + (l.kind === 'section' ? 4 : 3), l.y + l.h / 2);
  }
}
