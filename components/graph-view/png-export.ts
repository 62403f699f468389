// PNG export of the rendered view: the SVG is cloned with its computed styles written inline (an SVG drawn as an
// image sees no shadow-root stylesheet), serialised, decoded as an image and drawn on a canvas at `scale`×.
// Works in headless Chromium: the image comes from a data: URL, so the canvas is never tainted.

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
  width: number;
  height: number;
  scale: number;
  background: string;
}

export async function svgToPng(source: SVGSVGElement, options: PngOptions): Promise<Blob> {
  const { width, height } = options;
  const scale = Number.isFinite(options.scale) && options.scale > 0 ? options.scale : 2;
  const markup = serializeWithStyles(source, width, height);
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

/** A standalone SVG document of `source` with inline styles; hidden elements are left out. */
export function serializeWithStyles(source: SVGSVGElement, width: number, height: number): string {
  const clone = source.cloneNode(false) as SVGSVGElement;
  copyChildren(source, clone);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('viewBox', `0 0 ${width} ${height}`);
  clone.removeAttribute('class');
  return new XMLSerializer().serializeToString(clone);
}

function copyChildren(from: Element, to: Element): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(child.cloneNode(false));
      continue;
    }
    if (!(child instanceof SVGElement)) continue;
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
    copyChildren(child, copy);
  }
}
