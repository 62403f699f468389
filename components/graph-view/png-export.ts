// Image export of the whole drawn graph (every node of the view or the chosen section, not only the part on
// screen), with a title above and a legend of the type colours and the grounding marks below: as SVG, and as PNG
// (the SVG decoded as an image and drawn on a canvas). The drawing is cloned as it is and styled by the view's own
// stylesheet with its colour variables resolved (no per-element computed styles: 800 nodes export in milliseconds).
// Works in headless Chromium: the image comes from a data: URL, so the canvas is never tainted.
import { NODE_TYPES } from '../../core/schema/vocabulary';
import { typeVariable } from '../shared/palette';
import type { Box } from './viewport-math';

const NS = 'http://www.w3.org/2000/svg';
const PAD = 24;
const TITLE_H = 34;
const LEGEND_ROW = 20;
/** Chromium's canvas limits (one side, and an area well below its 268 M px): larger drawings get a smaller scale. */
const MAX_SIDE = 16_000;
const MAX_AREA = 120_000_000;

export interface ExportDecor {
  title: string;
  /** The type names in the interface language, in NODE_TYPES order. */
  typeNames: string[];
  /** One line explaining the hatched nodes. */
  ungroundedNote: string;
  background: string;
  fontFamily: string;
  /** `--_name: value;` declarations: the view's colours as resolved on its host. */
  variables: string;
  /** The view's stylesheet text (its :host rules simply do not apply in the file). */
  css: string;
}

export interface GraphImage {
  markup: string;
  width: number;
  height: number;
}

/** A standalone SVG of the drawing inside `bounds` (graph units) with title and legend. */
export function graphSvg(source: SVGSVGElement, bounds: Box, decor: ExportDecor): GraphImage {
  const width = Math.ceil(Math.max(bounds.width + 2 * PAD, 420));
  const legendRows = Math.ceil((decor.typeNames.length * 110) / Math.max(1, width - 2 * PAD)) + 1;
  const legendH = legendRows * LEGEND_ROW + PAD / 2;
  const height = Math.ceil(TITLE_H + bounds.height + 2 * PAD + legendH);
  const root = el('svg', { xmlns: NS, width, height, viewBox: `0 0 ${width} ${height}` });
  const style = el('style');
  style.textContent = `svg{${decor.variables}font-family:${decor.fontFamily};}\n${decor.css}\n.title{font-size:16px;font-weight:600;fill:var(--_fg)}.legend-text{font-size:12px;fill:var(--_muted)}`;
  root.append(style, el('rect', { width: '100%', height: '100%', fill: decor.background }));
  const title = el('text', { class: 'title', x: PAD, y: 24 });
  title.textContent = decor.title;
  root.append(title);
  const drawing = el('g', { transform: `translate(${PAD - bounds.x},${TITLE_H + PAD - bounds.y})` });
  for (const child of Array.from(source.children)) drawing.append(child.cloneNode(true));
  root.append(drawing);
  root.append(legend(decor, PAD, TITLE_H + bounds.height + 2 * PAD, width - 2 * PAD));
  return { markup: new XMLSerializer().serializeToString(root), width, height };
}

/** The type swatches (wrapped to the width), then the grounding note. */
function legend(decor: ExportDecor, x0: number, y0: number, room: number): SVGGElement {
  const g = el('g', { class: 'legend' });
  let x = 0;
  let y = 0;
  NODE_TYPES.forEach((type, i) => {
    const name = decor.typeNames[i] ?? type;
    const w = 22 + name.length * 9;
    if (x > 0 && x + w > room) {
      x = 0;
      y += LEGEND_ROW;
    }
    g.append(
      el('rect', { x: x0 + x, y: y0 + y, width: 10, height: 10, rx: 2, style: `fill:var(${typeVariable(type)})` }),
    );
    const text = el('text', { class: 'legend-text', x: x0 + x + 14, y: y0 + y + 9 });
    text.textContent = name;
    g.append(text);
    x += w + 10;
  });
  const note = el('text', { class: 'legend-text', x: x0, y: y0 + y + LEGEND_ROW + 9 });
  note.textContent = decor.ungroundedNote;
  g.append(note);
  return g;
}

/** The scale actually used for a PNG of `image` (at most `wanted`, within the canvas limits). */
export function pngScale(image: { width: number; height: number }, wanted: number): number {
  const s = Number.isFinite(wanted) && wanted > 0 ? wanted : 2;
  return Math.min(
    s,
    MAX_SIDE / image.width,
    MAX_SIDE / image.height,
    Math.sqrt(MAX_AREA / (image.width * image.height)),
  );
}

export async function svgToPng(image: GraphImage, wanted: number, background: string): Promise<Blob> {
  const scale = pngScale(image, wanted);
  const img = new Image();
  img.decoding = 'async';
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(image.markup)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.width * scale));
  canvas.height = Math.max(1, Math.round(image.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas is not available');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
}

function el<K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number> = {},
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}
