// What the workbench does for the ask panel (components/ask-panel): a structured search's subgraph becomes the graph
// view (direct matches emphasised, their neighbours shown as context), and a match or citation selects its node,
// relation or unit. A node outside the current 800-node window is loaded by a query for its id first: being off
// screen never means being absent from the graph, so a node that cannot be loaded is reported as a load failure.
import { html, nothing } from 'lit';
import type { KgEdge, KgNode } from '../../core/schema';
import { apiAskBackend, type AskBackend } from '../ask-panel/ask-backend';
import type { AskResultsDetail, AskSelectDetail } from '../ask-panel/events';
import { staticAskBackend } from '../ask-panel/static-backend';
import { edgeKey } from '../ask-panel/ask-types';
import '../ask-panel/ask-panel';
import type { KgAskPanel } from '../ask-panel/ask-panel';
import { format, strings, type Lang } from '../shared/i18n';
import { StaticDocumentSource } from '../shared/static-source';
import type { KgWorkbench } from './workbench';

const backends = new WeakMap<object, AskBackend>();

/** The panel's backend for the shown document (one per document source, so the panel keeps its state meanwhile). */
export function askBackendOf(wb: KgWorkbench): AskBackend | null {
  const source = wb.doc.source;
  if (!source) return null;
  let backend = backends.get(source);
  if (!backend) {
    if (source instanceof StaticDocumentSource) backend = staticAskBackend(source.exported);
    else if (wb.client) backend = apiAskBackend(wb.client, source.documentId);
    else return null;
    backends.set(source, backend);
  }
  return backend;
}

const inView = (wb: KgWorkbench) => new Set(wb.doc.graph?.nodes.map((n) => n.id) ?? []);

export async function showAskResults(wb: KgWorkbench, detail: AskResultsDetail): Promise<void> {
  const nodes = detail.nodes as KgNode[];
  const edges: KgEdge[] = detail.edges.map((e) => ({ ...e, id: edgeKey(e) }));
  wb.doc.showFound(nodes, edges, detail.query, detail.matchIds.length);
  await wb.updateComplete;
  wb.selection.selectEvidence(detail.matchIds, [], inView(wb));
}

export async function followAskSelection(
  wb: KgWorkbench,
  panel: Pick<KgAskPanel, 'report'>,
  detail: AskSelectDetail,
): Promise<void> {
  const l = strings(wb.uiLang).askPanel;
  const loadAround = async (nodeId: string): Promise<boolean> => {
    if (inView(wb).has(nodeId)) return true;
    panel.report(format(wb.uiLang, l.locating, { id: nodeId }));
    try {
      await wb.doc.search(nodeId);
    } catch (error) {
      panel.report(
        format(wb.uiLang, l.locateFailed, { id: nodeId, message: (error as Error)?.message ?? String(error) }),
      );
      return false;
    }
    if (!inView(wb).has(nodeId)) {
      panel.report(
        format(wb.uiLang, l.locateFailed, {
          id: nodeId,
          message: wb.doc.error ? String((wb.doc.error as Error).message) : '—',
        }),
      );
      return false;
    }
    panel.report(null);
    return true;
  };
  const reveal = async (paragraph: number | null) => {
    if (paragraph === null) return;
    // The cited unit is the evidence the reader asked to see: a narrow workbench (panes as tabs, a phone) shows the
    // source pane for it; a wide one ignores the choice.
    wb.handlers.showPane('source');
    await wb.updateComplete;
    void wb.sourcePane?.reveal(paragraph);
  };

  if (detail.target === 'node' && detail.nodeId) {
    if (!(await loadAround(detail.nodeId))) return;
    await wb.updateComplete;
    wb.selection.selectNode(detail.nodeId);
    if (detail.paragraph !== null)
      wb.selection.currentUnits = new Set([...wb.selection.currentUnits, detail.paragraph]);
    await reveal(detail.paragraph);
    void wb.graphView?.focusNodes([detail.nodeId], { flash: true });
  } else if (detail.target === 'edge') {
    const matches = (e: KgEdge) =>
      e.id === detail.edgeId ||
      (e.fromNodeId === detail.fromNodeId &&
        e.toNodeId === detail.toNodeId &&
        (!detail.relation || e.relation === detail.relation));
    let edge = wb.doc.graph?.edges.find(matches);
    if (!edge && detail.fromNodeId) {
      if (!(await loadAround(detail.fromNodeId))) return;
      edge = wb.doc.graph?.edges.find(matches);
    }
    await wb.updateComplete;
    if (edge) wb.selection.selectEdge(edge);
    else if (detail.fromNodeId && detail.toNodeId)
      wb.selection.selectEvidence([detail.fromNodeId, detail.toNodeId], [], inView(wb));
    await reveal(detail.paragraph);
    const ends = [detail.fromNodeId, detail.toNodeId].filter((id): id is string => !!id && inView(wb).has(id));
    if (ends.length) void wb.graphView?.focusNodes(ends, { flash: true });
  } else if (detail.paragraph !== null) {
    const ids = wb.selection.selectUnit(detail.paragraph, inView(wb));
    await reveal(detail.paragraph);
    if (ids.length && !ids.some((id) => inView(wb).has(id))) {
      if (await loadAround(ids[0])) wb.selection.selectUnit(detail.paragraph, inView(wb));
    }
  }
  wb.requestUpdate();
}

/** The `ask` attribute's question belongs to the document named beside it (`document-id`), never to another one. */
function sharedQuestion(wb: KgWorkbench): string | null {
  const shown = wb.doc.info?.documentId;
  return wb.ask && shown && wb.documentId === shown ? wb.ask : null;
}

/** The panel as the workbench mounts it, between the toolbar and the panes. */
export function renderAskPanel(wb: KgWorkbench, lang: Lang) {
  return html`<kg-ask-panel part="ask" lang=${lang} question=${sharedQuestion(wb) ?? nothing} .backend=${askBackendOf(wb)}
    .sections=${wb.doc.info?.sections ?? []}
    @kg-ask-select=${(e: CustomEvent<AskSelectDetail>) => void followAskSelection(wb, e.currentTarget as KgAskPanel, e.detail)}
    @kg-ask-results=${(e: CustomEvent<AskResultsDetail>) => void showAskResults(wb, e.detail)}></kg-ask-panel>`;
}
