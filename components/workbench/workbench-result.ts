// The result area of the workbench: the one-line summary, the view controls, the source and graph panes with the
// detail card, the optional insights panel, the trust tools and the diagnostics list. Part of the element's own
// template: it takes the context, the shell (shell.ts) and the handlers, and marks the elements the workbench talks
// to with `ref`.
import { html, nothing } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { styleMap } from 'lit/directives/style-map.js';
import { GRAPH_VIEW_LIMIT } from '../../core/limits';
import type { KgNode, Mention } from '../../core/schema';
import { formatNumber, t, type Lang } from '../shared/i18n';
import { renderAskPanel } from './ask-navigation';
import '../image-gallery/image-gallery';
import { isBuiltinModel } from '../shared/provenance';
import type { WorkbenchContext } from './context';
import { layeredFor, renderPaneTabs } from './narrow-panes';
import { weakOfUnit } from './grounding-marks';
import type { WorkbenchShell } from './shell';
import type { WorkbenchHandlers } from './workbench-handlers';

const NO_MENTIONS: Mention[] = [];
const NO_CONCEPTS: KgNode[] = [];

/** What the overview marks (issue 16): the selection, the nodes of a search view, an insight's evidence. */
function overviewMarks(ctx: WorkbenchContext) {
  const { doc, selection: sel } = ctx;
  return {
    selectedIds: sel.selectedNodeId ? [sel.selectedNodeId] : [],
    hitIds: doc.query && doc.graph ? doc.graph.nodes.map((n) => n.id) : [],
    insightIds: [...sel.highlightNodeIds],
  };
}

export function renderResult(ctx: WorkbenchContext, wb: WorkbenchShell, h: WorkbenchHandlers, lang: Lang) {
  const { doc, selection: sel } = ctx;
  const { refs } = wb;
  const info = doc.info!;
  const graph = doc.graph;
  const section = doc.section;
  const grounded = info.groundedCount ?? graph?.nodes.filter((n) => n.groundingStatus === 'grounded').length ?? 0;
  const summary = t(lang, 'summary', {
    nodes: info.nodeCount,
    edges: info.edgeCount,
    x: formatNumber(grounded, lang),
    y: formatNumber(info.nodeCount, lang),
  });
  const split = wb.liveSplit ?? wb.ui.value.split;
  const height = wb.liveHeight ?? wb.ui.value.height;
  // The insights panel (issue 6) has a place only when its element is loaded and the document comes from the API.
  const insightsDefined = !!customElements.get('kg-insights-panel') && !!doc.source?.insights;
  const insightsShown = insightsDefined && wb.ui.value.insightsOpen;
  const panes = styleMap({
    gridTemplateColumns: `minmax(0, ${split}fr) 5px minmax(0, ${1 - split}fr)${insightsShown ? ' minmax(13rem, 20rem)' : ''}`,
    ...(height ? { height: `${height}px` } : {}),
  });
  const unanchored = graph?.nodes.filter((n) => n.paragraph === null) ?? [];
  const range = section ? { first: Math.max(1, section.firstUnit), last: section.lastUnit } : null;
  const card = sel.card;

  return html`<section class="result" ${ref(refs.result)} tabindex="-1" aria-label=${info.title}>
    <div class="result-head">
      <p class="summary" part="summary" data-summary>${summary}</p>
      ${info.summary ? html`<p class="doc-summary muted" title=${info.summary}>${info.summary}</p>` : nothing}
    </div>
    <div class="toolbar">
      <kg-view-controls lang=${lang} .sections=${info.sections} .sectionId=${doc.sectionId} .view=${graph?.view ?? null}
        .query=${doc.query} page-size=${GRAPH_VIEW_LIMIT} @kg-view-page=${h.viewPage} @kg-view-query=${h.viewQuery}
        @kg-view-section=${h.viewSection} ?ungrounded-shown=${wb.ui.value.ungroundedShown} @kg-view-ungrounded=${h.viewUngrounded}
        ?has-mentions=${!!graph?.mentions?.length} ?mentions-shown=${wb.ui.value.mentionsShown} @kg-view-mentions=${h.viewMentions}></kg-view-controls>
      <span class="spacer"></span>
      ${
        insightsDefined
          ? html`<button type="button" aria-pressed=${insightsShown ? 'true' : 'false'} @click=${h.toggleInsights}>${t(lang, 'insights')}</button>`
          : nothing
      }
      <kg-export-menu lang=${lang} ?busy=${wb.exporting} @kg-export=${h.exportFile}></kg-export-menu>
    </div>
    ${renderAskPanel(ctx, lang, wb.sharedQuestion, refs.askPanel)}
    <kg-image-gallery lang=${lang} .client=${ctx.staticMode ? null : ctx.client} document-id=${info.documentId} revision=${info.revision}
      @kg-image-open=${h.imageOpen}></kg-image-gallery>
    ${
      info.nodeCount === 0
        ? html`<p class="notice info" role="status" data-empty-why>${t(lang, isBuiltinModel(info.model) ? 'emptyBuiltin' : 'emptyModel')}</p>`
        : nothing
    }
    ${renderPaneTabs(lang, wb.narrowPane, insightsShown, (pane) => {
      h.showPane(pane);
      return wb.updateComplete;
    })}
    <div class="panes" ${ref(refs.panes)} style=${panes} data-narrow-pane=${wb.narrowPane === 'insights' && !insightsShown ? 'graph' : wb.narrowPane}>
      ${
        wb.trace.events
          ? html`<kg-trace-events id="pane-source" part="source" lang=${lang} .events=${wb.trace.events} .currentUnits=${sel.currentUnits} ?following=${wb.trace.live(!!wb.traceEventSource)}
            ?can-append=${!!wb.traceEventSource && ctx.canWrite} ?busy=${wb.extraction.running}
            @kg-trace-event-select=${wb.trace.select} @kg-trace-append=${wb.trace.appendNew}></kg-trace-events>`
          : html`<kg-source-pane ${ref(refs.sourcePane)} id="pane-source" part="source" lang=${lang} .loader=${doc.unitLoader} .total=${info.unitCount}
            .range=${range} .currentUnits=${sel.currentUnits} .typesOf=${doc.typesOfUnit} .weakOf=${weakOfUnit(graph?.nodes)} ?selectable=${!ctx.staticMode}
            @kg-source-unit-click=${h.unitClick} @kg-extract-selection=${h.extractSelection} @kg-source-error=${h.sourceError}></kg-source-pane>`
      }
      <kg-splitter orientation="vertical" label=${t(lang, 'resizeSplit')} value=${split * 100} @kg-splitter-move=${h.splitMove}></kg-splitter>
      <div class="graph-pane" ${ref(refs.graphPane)} id="pane-graph" part="graph" role="region" aria-label=${t(lang, 'graphPane')} aria-busy=${doc.loading ? 'true' : 'false'}
        @zoom-out-limit=${wb.overview.onZoomOutLimit}>
        ${wb.overview.render(lang, overviewMarks(ctx), wb.theme)}
        ${
          graph
            ? html`<kg-graph-view ${ref(refs.graphView)} lang=${lang} theme=${wb.theme ?? nothing} .nodes=${graph.nodes} .edges=${graph.edges}
          .mentions=${graph.mentions ?? NO_MENTIONS} .concepts=${graph.concepts ?? NO_CONCEPTS} ?hide-mentions=${!wb.ui.value.mentionsShown}
          .layout=${wb.ui.value.layout} .layeredLayout=${layeredFor(doc)} label-lines=${isBuiltinModel(info.model) ? 2 : 4} ?hide-ungrounded=${!wb.ui.value.ungroundedShown}
          .selectedNodeId=${sel.selectedNodeId} .highlightNodeIds=${sel.highlightNodeIds}
          .highlightEdgeIds=${sel.highlightEdgeIds} .issueNodeSeverity=${wb.issueMarks.nodes} .issueEdgeSeverity=${wb.issueMarks.edges}
          @kg-graph-node-select=${h.nodeSelect} @kg-graph-node-activate=${h.nodeActivate}
          @kg-graph-dismiss=${h.dismiss} @kg-graph-edge-select=${h.edgeSelect} @kg-graph-layout-change=${h.layoutChange}
          >${wb.overview.renderToolbarToggle(lang)}</kg-graph-view>`
            : html`<p class="muted pane-loading">${t(lang, 'loading')}</p>`
        }
        ${
          card
            ? html`<kg-detail-card ${ref(refs.detailCard)} class="card ${wb.cardSide}" part="card" lang=${lang} .node=${card.kind === 'node' ? card.node : null}
              .edge=${card.kind === 'edge' ? card.edge : null} .lookup=${(id: string) => doc.known.get(id)} ?questionable=${!ctx.staticMode}
              @kg-card-close=${h.closeCard} @kg-card-locate=${h.cardLocate} @kg-card-question=${h.cardQuestion}></kg-detail-card>`
            : nothing
        }
      </div>
      ${
        insightsShown
          ? html`<aside class="insights" id="pane-insights" part="insights" aria-label=${t(lang, 'insights')}>
            <kg-insights-panel lang=${lang} .data=${wb.insightsData} @kg-insight-select=${h.insightSelect} @kg-insight-question=${h.insightQuestion}></kg-insights-panel>
          </aside>`
          : nothing
      }
    </div>
    <kg-splitter orientation="horizontal" label=${t(lang, 'resizeHeight')} value=${Math.min(100, (height || 480) / 40)}
      @kg-splitter-move=${h.heightMove}></kg-splitter>
    ${ctx.staticMode ? nothing : wb.trustTools}
    <kg-diagnostics-list lang=${lang} .nodes=${unanchored} @kg-diagnostic-open=${h.diagnosticOpen}></kg-diagnostics-list>
  </section>`;
}
