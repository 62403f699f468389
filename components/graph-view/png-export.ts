// PNG export of the rendered view: the SVG is cloned with its computed styles written inline (an SVG drawn as an
// image sees no shadow-root stylesheet), put under the view's pan and zoom, serialised, decoded as an image and
// drawn on a canvas at `scale`×. Works in headless Chromium: the image comes from a data: URL, so the canvas is
// never tainted.
import { sceneWithin, type Scene } from './scene';
import { svgTransform, visibleBox, type ViewTransform } from './viewport-math';

/** Presentation properties that decide how the graph looks; everything else is left to the SVG defaults. */
const STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
] as const;

export interface PngOptions {
  /** Size of the view (CSS px). */
  width: number;
  height: number;
  /** Output pixels per CSS px. */
  scale: number;
  background: string;
  /** Pan and zoom of the drawing inside the view. */
  transform: ViewTransform;
  /** Leaves out elements the view does not show (their styles need not be computed). Default: keep all. */
  include?: (el: Element) => boolean;
}

export async function svgToPng(source: SVGSVGElement, options: PngOptions): Promise<Blob> {
  const { width, height } = options;
  const scale = Number.isFinite(options.scale) && options.scale > 0 ? options.scale : 2;
  const markup = serializeWithStyles(source, width, height, options.transform, options.background, options.include);
  const image = new Image();
  image.decoding = 'async';
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas is not available');
  ctx.fillStyle = options.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.drawImage(image, 0, 0, width, height);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
}

/** A standalone SVG document of the view: the drawing with inline styles under the view's pan and zoom, on its
 * background; hidden elements are left out. */
export function serializeWithStyles(
  source: SVGSVGElement,
  width: number,
  height: number,
  transform: ViewTransform,
  background: string,
  include: (el: Element) => boolean = () => true,
): string {
  const NS = 'http://www.w3.org/2000/svg';
  const root = document.createElementNS(NS, 'svg');
  root.setAttribute('xmlns', NS);
  root.setAttribute('width', String(width));
  root.setAttribute('height', String(height));
  root.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const bg = document.createElementNS(NS, 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', background);
  const view = document.createElementNS(NS, 'g');
  view.setAttribute('transform', svgTransform(transform));
  copyChildren(source, view, include);
  root.append(bg, view);
  return new XMLSerializer().serializeToString(root);
}

function copyChildren(from: Element, to: Element, include: (el: Element) => boolean): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(child.cloneNode(false));
      continue;
    }
    if (!(child instanceof SVGElement) || !include(child)) continue;
    const style = getComputedStyle(child);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const copy = child.cloneNode(false) as SVGElement;
    for (const name of ['tabindex', 'role', 'aria-label', 'aria-roledescription', 'aria-selected', 'part']) {
      copy.removeAttribute(name);
    }
    let inline = '';
    for (const p of STYLE_PROPERTIES) {
      const v = style.getPropertyValue(p);
      if (v) inline += `${p}:${v};`;
    }
    copy.setAttribute('style', inline);
    copy.removeAttribute('class');
    to.appendChild(copy);
    copyChildren(child, copy, include);
  }
}

/**
 * PNG of what the view shows: only the nodes and edges inside the visible box are copied (computing styles for
 * 10,000 off-screen elements would take seconds).
 */
export function viewToPng(
  svg: SVGSVGElement,
  scene: Scene | null,
  view: { width: number; height: number; transform: ViewTransform; scale: number; background: string },
): Promise<Blob> {
  const shown = scene ? sceneWithin(scene, visibleBox(view.transform, view, 16)) : null;
  const nodeIds = new Set(shown?.nodes.map((n) => n.id));
  const edgeIds = new Set(shown?.edges.map((e) => e.id));
  const include = (el: Element) => {
    const node = el.getAttribute('data-node-id');
    if (node !== null) return nodeIds.has(node);
    const edge = el.getAttribute('data-edge-id') ?? el.getAttribute('data-label-for');
    return edge === null || edgeIds.has(edge);
  };
  return svgToPng(svg, { width: view.width, height: view.height, scale: view.scale, background: view.background, transform: view.transform, include });
}
