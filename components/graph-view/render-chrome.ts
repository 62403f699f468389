// The controls around the drawing: the toolbar (− 100 % +, fit, the layout menu) and the legend of type colours.
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
}

export function renderToolbar(lang: Lang, zoomPercent: number, layout: LayoutAlgorithm, on: ToolbarActions): TemplateResult {
  const s = strings(lang);
  const reset = format(lang, s.zoomReset, { percent: zoomPercent });
  return html`<div class="toolbar" part="toolbar" role="group" aria-label=${s.toolbar}>
    <button type="button" class="zoom-out" aria-label=${s.zoomOut} title=${s.zoomOut} @click=${on.zoomOut}>−</button>
    <button type="button" class="percent" aria-label=${reset} title=${reset} @click=${on.zoomReset}>${zoomPercent}%</button>
    <button type="button" class="zoom-in" aria-label=${s.zoomIn} title=${s.zoomIn} @click=${on.zoomIn}>+</button>
    <button type="button" class="fit" aria-label=${s.fit} title=${s.fit} @click=${on.fit}>${fitIcon}</button>
    <span class="spacer"></span>
    <select class="layout" part="menu" aria-label=${s.layout} title=${s.layout} @change=${on.layoutChange}>
      ${LAYOUT_ALGORITHMS.map((a) => html`<option value=${a} ?selected=${a === layout}>${s.layouts[a]}</option>`)}
    </select>
  </div>`;
}

export function renderLegend(lang: Lang): TemplateResult {
  return html`<ul class="legend" part="legend" aria-label=${strings(lang).legend}>
    ${NODE_TYPES.map((t) => html`<li><span class="swatch" data-type=${t}></span>${typeLabel(t, lang)}</li>`)}
  </ul>`;
}

const fitIcon = html`<svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" fill="none" stroke="currentColor"
  stroke-width="1.6"><path d="M1 5V1h4M9 1h4v4M13 9v4H9M5 13H1V9"></path></svg>`;
