// Drawing the overview on a 2D canvas. Everything in world space is built once per data set as Path2D objects (one
// for the section regions, one for all relations, one per node type) and rasterised into a cached layer
// (WorldLayer), so a frame of pan or zoom is one image copy however many nodes there are; only the marks
// (selection, search hits, insights) and the labels are drawn in screen space, per frame.
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

/**
 * The world layer (regions, relations, nodes) rasterised once into an off-screen canvas covering the viewport and a
 * margin around it. A frame of pan or zoom then copies it with one drawImage (moved, or scaled while the gesture
 * lasts) instead of rasterising 30,000 lines and 15,000 squares again: in software rendering that raster, not our
 * JavaScript, is what a frame costs. The element redraws the layer sharp once the gesture rests.
 */
export class WorldLayer {
  private canvas: HTMLCanvasElement | null = null;
  /** The view the layer was drawn for, in the layer's own pixels (the viewport sits at margin·w, margin·h). */
  private drawn: View | null = null;
  private dpr = 1;
  static readonly MARGIN = 0.5;

  /** Whether the layer shows exactly this view (same scale, and the viewport inside what it covers). */
  fits(view: View, dpr: number): boolean {
    const d = this.drawn;
    if (!d || dpr !== this.dpr || d.scale !== view.scale || d.w !== view.w || d.h !== view.h) return false;
    const m = WorldLayer.MARGIN;
    return Math.abs(view.tx - d.tx) <= d.w * m && Math.abs(view.ty - d.ty) <= d.h * m;
  }

  render(model: OverviewModel, paths: OverviewPaths, view: View, dpr: number, palette: Palette): void {
    const m = WorldLayer.MARGIN;
    const w = Math.round(view.w * (1 + 2 * m) * dpr);
    const h = Math.round(view.h * (1 + 2 * m) * dpr);
    this.canvas ??= document.createElement('canvas');
    const canvas = this.canvas;
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    const ctx = canvas.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, h);
    const ox = view.w * m;
    const oy = view.h * m;
    ctx.setTransform(dpr * view.scale, 0, 0, dpr * view.scale, dpr * (view.tx + ox), dpr * (view.ty + oy));
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
    this.drawn = { ...view };
    this.dpr = dpr;
  }

  /** Copies the layer onto `ctx` for `view` (moved and, during a zoom gesture, scaled). */
  paint(ctx: CanvasRenderingContext2D, view: View, dpr: number): void {
    const d = this.drawn;
    if (!this.canvas || !d) return;
    const k = view.scale / d.scale;
    const m = WorldLayer.MARGIN;
    // Layer pixel p shows world (p/dpr - d.t - margin) / d.scale; on screen that is at world·view.scale + view.t.
    const x = view.tx - (d.tx + d.w * m) * k;
    const y = view.ty - (d.ty + d.h * m) * k;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.drawImage(this.canvas, x, y, (this.canvas.width / dpr) * k, (this.canvas.height / dpr) * k);
  }
}

export function drawOverview(
  ctx: CanvasRenderingContext2D,
  model: OverviewModel,
  layer: WorldLayer,
  view: View,
  dpr: number,
  palette: Palette,
  marks: Marks,
  labels: readonly PlacedLabel[],
): void {
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = palette.bg;
  ctx.fillRect(0, 0, view.w, view.h);
  layer.paint(ctx, view, dpr);
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
