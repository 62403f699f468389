// A narrow workbench (a phone, or a narrow column of a page: a container query on the workbench, not the page)
// shows one pane at a time under tabs (source, graph, insights), the graph taking the full width and height; wide
// ones ignore the tabs (hidden by the styles). Also: the layered layout for views of sentence-long nodes.
import { html, nothing } from 'lit';
import type { LayoutGraph, LayoutResult } from '../../core/layout/types';
import { t, type Lang } from '../shared/i18n';
import { isBuiltinModel } from '../shared/provenance';
import type { KgWorkbench } from './workbench';

type Pane = 'source' | 'graph' | 'insights';

export function renderPaneTabs(wb: KgWorkbench, lang: Lang, insightsShown: boolean) {
  const panes: Array<[Pane, string]> = [
    ['source', t(lang, 'sourcePane')],
    ['graph', t(lang, 'graphPane')],
    ...(insightsShown ? ([['insights', t(lang, 'insights')]] as Array<[Pane, string]>) : []),
  ];
  const current = panes.some(([p]) => p === wb.narrowPane) ? wb.narrowPane : 'graph';
  const key = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const i = panes.findIndex(([p]) => p === current);
    const next = panes[(i + (e.key === 'ArrowRight' ? 1 : panes.length - 1)) % panes.length][0];
    wb.handlers.showPane(next);
    void wb.updateComplete.then(() =>
      wb.renderRoot.querySelector<HTMLElement>(`.pane-tabs [data-pane="${next}"]`)?.focus(),
    );
  };
  return html`<div class="pane-tabs" role="tablist" aria-label=${t(lang, 'paneTabs')} @keydown=${key}>
    ${panes.map(
      ([pane, label]) => html`<button type="button" role="tab" data-pane=${pane} aria-controls=${`pane-${pane}`}
        aria-selected=${pane === current ? 'true' : 'false'} tabindex=${pane === current ? '0' : '-1'}
        @click=${() => wb.handlers.showPane(pane)}>${label}</button>`,
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
export function layeredFor(wb: KgWorkbench): Layered | undefined {
  const source = wb.doc.source;
  if (!isBuiltinModel(wb.doc.info?.model) || !source?.layeredLayout || !wb.doc.layeredLayout)
    return wb.doc.layeredLayout;
  let fn = posted.get(source);
  if (!fn) posted.set(source, (fn = (graph, signal) => source.layeredLayout!(graph, signal, null)));
  return fn;
}
