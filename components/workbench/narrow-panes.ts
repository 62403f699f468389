// A narrow workbench (a phone, or a narrow column of a page: a container query on the workbench, not the page)
// shows one pane at a time under tabs (source, graph, insights), the graph taking the full width and height; wide
// ones ignore the tabs (hidden by the styles). Also: the layered layout for views of sentence-long nodes.
import { html, nothing } from 'lit';
import type { LayoutGraph, LayoutResult } from '../../core/layout/types';
import { t, type Lang } from '../shared/i18n';
import { isBuiltinModel } from '../shared/provenance';
import type { Pane, ShownDocument } from './context';

/** The tabs of a narrow workbench: `shown` is the pane it shows; `show` picks another and resolves once it is drawn. */
export function renderPaneTabs(
  lang: Lang,
  shown: Pane,
  insightsShown: boolean,
  show: (pane: Pane) => Promise<unknown>,
) {
  const panes: Array<[Pane, string]> = [
    ['source', t(lang, 'sourcePane')],
    ['graph', t(lang, 'graphPane')],
    ...(insightsShown ? ([['insights', t(lang, 'insights')]] as Array<[Pane, string]>) : []),
  ];
  const current = panes.some(([p]) => p === shown) ? shown : 'graph';
  const key = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const tabs = e.currentTarget as HTMLElement;
    const i = panes.findIndex(([p]) => p === current);
    const next = panes[(i + (e.key === 'ArrowRight' ? 1 : panes.length - 1)) % panes.length][0];
    // The tab list is this helper's own markup: its buttons are found in it once it has re-rendered.
    void show(next).then(() => tabs.querySelector<HTMLElement>(`[data-pane="${next}"]`)?.focus());
  };
  return html`<div class="pane-tabs" role="tablist" aria-label=${t(lang, 'paneTabs')} @keydown=${key}>
    ${panes.map(
      ([pane, label]) => html`<button type="button" role="tab" data-pane=${pane} aria-controls=${`pane-${pane}`}
        aria-selected=${pane === current ? 'true' : 'false'} tabindex=${pane === current ? '0' : '-1'}
        @click=${() => void show(pane)}>${label}</button>`,
    )}
  </div>${nothing}`;
}

type Layered = (graph: LayoutGraph, signal: AbortSignal) => Promise<LayoutResult>;
const posted = new WeakMap<object, Layered>();

/**
 * The layered layout the graph view asks for. A built-in extractor's graph shows its sentence-long nodes on two
 * lines (label-lines), so its boxes are the browser's: the layout is posted with those sizes (POST /api/layout,
 * cached by the server) instead of the document route, which sizes boxes for four lines.
 */
export function layeredFor(doc: Pick<ShownDocument, 'source' | 'info' | 'layeredLayout'>): Layered | undefined {
  const source = doc.source;
  if (!isBuiltinModel(doc.info?.model) || !source?.layeredLayout || !doc.layeredLayout) return doc.layeredLayout;
  const fn = posted.get(source) ?? ((graph, signal) => source.layeredLayout!(graph, signal, null));
  posted.set(source, fn);
  return fn;
}
