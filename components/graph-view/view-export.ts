// The graph view's exports (toSvg, toPng): the whole scene drawn first (a large one may still be showing only its
// opening part), then cloned with the title, the legend and the view's colours as resolved on its host.
import { NODE_TYPES } from '../../core/schema/vocabulary';
import { graphViewStyles } from './graph-view.styles';
import { strings, typeLabel, type Lang } from './i18n';
import { LIGHT, paletteDeclarations } from './palette';
import { graphSvg, svgToPng, type GraphImage } from './png-export';
import type { Scene } from './scene';

/** The private colour variables of the view (--_bg, --_type-fact, …): their names, read once from the palette. */
const VARIABLES = [...new Set(paletteDeclarations(LIGHT).match(/--_[\w-]+(?=:)/g) ?? [])];

export interface ExportHost extends HTMLElement {
  readonly lang: Lang;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export function viewImage(host: ExportHost, scene: Scene | null, title: string): GraphImage {
  const svg = host.renderRoot.querySelector<SVGSVGElement>('svg.graph');
  if (!svg || !scene) throw new Error('kg-graph-view has nothing drawn');
  const style = getComputedStyle(host);
  const variables = VARIABLES.map((name) => `${name}:${style.getPropertyValue(name).trim()};`).join('');
  const s = strings(host.lang);
  return graphSvg(svg, scene.bounds, {
    title: title || s.canvas,
    typeNames: NODE_TYPES.map((t) => typeLabel(t, host.lang)),
    ungroundedNote: s.legendUngrounded,
    background: background(host),
    fontFamily: style.fontFamily,
    variables,
    css: graphViewStyles.cssText,
  });
}

export function imageToPng(host: ExportHost, image: GraphImage, scale: number): Promise<Blob> {
  return svgToPng(image, scale, background(host));
}

function background(host: HTMLElement): string {
  const bg = getComputedStyle(host).backgroundColor;
  return !bg || bg === 'rgba(0, 0, 0, 0)' ? '#ffffff' : bg;
}
