// The controls around the drawing: the toolbar (− 100 % +, fit, the layout menu, then the embedder's own controls in
// slot `toolbar`, e.g. the workbench's "Overview") and the legend of type colours.
// Every control is named in the interface language (aria-label and title).
import { html, type TemplateResult } from 'lit';
import { LAYOUT_ALGORITHMS, type LayoutAlgorithm } from '../../core/layout/types';
import { NODE_TYPES } from '../../core/schema/vocabulary';
import { format, strings, typeLabel, type Lang } from './i18n';

export interface ToolbarActions {
  zoomOut(): void;
  zoomReset(): void;
  zoomIn(): void;
  fit(): void;
  layoutChange(e: Event): void;
  toggleMinimap(): void;
}

/** The toolbar's handlers for a view; a layout picked in the menu goes to `pickLayout` (when it is a new one). */
export function toolbarActions(
  view: {
    readonly layout: LayoutAlgorithm;
    zoomStep(d: 1 | -1): void;
    zoomReset(): void;
    fit(): void;
    toggleMinimap(): void;
  },
  pickLayout: (layout: LayoutAlgorithm) => void,
): ToolbarActions {
  return {
    zoomOut: () => view.zoomStep(-1),
    zoomReset: () => view.zoomReset(),
    zoomIn: () => view.zoomStep(1),
    fit: () => view.fit(),
    layoutChange: (e: Event) => {
      const value = (e.target as HTMLSelectElement).value as LayoutAlgorithm;
      if (LAYOUT_ALGORITHMS.includes(value) && value !== view.layout) pickLayout(value);
    },
    toggleMinimap: () => view.toggleMinimap(),
  };
}

export function renderToolbar(
  lang: Lang,
  zoomPercent: number,
  layout: LayoutAlgorithm,
  minimap: boolean,
  on: ToolbarActions,
): TemplateResult {
  const s = strings(lang);
  const reset = format(lang, s.zoomReset, { percent: zoomPercent });
  return html`<div class="toolbar" part="toolbar" role="group" aria-label=${s.toolbar}>
    <button type="button" class="zoom-out" aria-label=${s.zoomOut} title=${s.zoomOut} @click=${on.zoomOut}>−</button>
    <button type="button" class="percent" aria-label=${reset} title=${reset} @click=${on.zoomReset}>${zoomPercent}%</button>
    <button type="button" class="zoom-in" aria-label=${s.zoomIn} title=${s.zoomIn} @click=${on.zoomIn}>+</button>
    <button type="button" class="fit" aria-label=${s.fit} title=${s.fit} @click=${on.fit}>${fitIcon}</button>
    <button type="button" class="minimap-toggle" aria-label=${s.minimapToggle} title=${s.minimapToggle}
      aria-pressed=${minimap ? 'true' : 'false'} @click=${on.toggleMinimap}>${minimapIcon}</button>
    <span class="spacer"></span>
    <select class="layout" part="menu" aria-label=${s.layout} title=${s.layout} @change=${on.layoutChange}>
      ${LAYOUT_ALGORITHMS.map((a) => html`<option value=${a} ?selected=${a === layout}>${s.layouts[a]}</option>`)}
    </select>
    <slot name="toolbar"></slot>
  </div>`;
}

export function renderLegend(lang: Lang): TemplateResult {
  return html`<ul class="legend" part="legend" aria-label=${strings(lang).legend}>
    ${NODE_TYPES.map((t) => html`<li><span class="swatch" data-type=${t}></span>${typeLabel(t, lang)}</li>`)}
    <li class="weak-key"><span class="swatch hatched"></span>${strings(lang).legendUngrounded}</li>
    <li class="mention-key"><span class="swatch mention-line"></span>${strings(lang).legendMention}</li>
  </ul>`;
}

const fitIcon = html`<svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" fill="none" stroke="currentColor"
  stroke-width="1.6"><path d="M1 5V1h4M9 1h4v4M13 9v4H9M5 13H1V9"></path></svg>`;

const minimapIcon = html`<svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" fill="none" stroke="currentColor"
  stroke-width="1.4"><rect x="1" y="1" width="12" height="12" rx="1"></rect><rect x="6" y="6" width="5" height="4"></rect></svg>`;
