// What the workbench does for the ask panel (components/ask-panel): a structured search's subgraph becomes the graph
// view (direct matches emphasised, their neighbours shown as context), and a match or citation selects its node,
// relation or unit. A node outside the current 800-node window is loaded by a query for its id first: being off
// screen never means being absent from the graph, so a node that cannot be loaded is reported as a load failure.
import { html, nothing } from 'lit';
import { ref, type Ref } from 'lit/directives/ref.js';
import type { KgEdge, KgNode } from '../../core/schema';
import { apiAskBackend, type AskBackend } from '../ask-panel/ask-backend';
import type { AskResultsDetail, AskSelectDetail } from '../ask-panel/events';
import { staticAskBackend } from '../ask-panel/static-backend';
import { edgeKey } from '../ask-panel/ask-types';
import '../ask-panel/ask-panel';
import type { KgAskPanel } from '../ask-panel/ask-panel';
import { format, strings, type Lang } from '../shared/i18n';
import { StaticDocumentSource } from '../shared/static-source';
import type { ShowTarget, WorkbenchContext } from './context';

const backends = new WeakMap<object, AskBackend>();

/** The panel's backend for the shown document (one per document source, so the panel keeps its state meanwhile). */
export function askBackendOf(ctx: WorkbenchContext): AskBackend | null {
  const source = ctx.doc.source;
  if (!source) return null;
  let backend = backends.get(source);
  if (!backend) {
    if (source instanceof StaticDocumentSource) backend = staticAskBackend(source.exported);
    else if (ctx.client) backend = apiAskBackend(ctx.client, source.documentId);
    else return null;
    backends.set(source, backend);
  }
  return backend;
}

const inView = (ctx: WorkbenchContext) => new Set(ctx.doc.graph?.nodes.map((n) => n.id) ?? []);

export async function showAskResults(ctx: WorkbenchContext, detail: AskResultsDetail): Promise<void> {
  const nodes = detail.nodes as KgNode[];
  const edges: KgEdge[] = detail.edges.map((e) => ({ ...e, id: edgeKey(e) }));
  ctx.doc.showFound(nodes, edges, detail.query, detail.matchIds.length);
  await ctx.updateComplete;
  ctx.selection.selectEvidence(detail.matchIds, [], inView(ctx));
}

/** Shows what the reader asked to see (the context's `follow`): `report` says what happens meanwhile. */
export async function followAskSelection(
  ctx: WorkbenchContext,
  report: (text: string | null) => void,
  detail: ShowTarget,
): Promise<void> {
  const { doc, selection, panes } = ctx;
  const l = strings(ctx.lang).askPanel;
  const loadAround = async (nodeId: string): Promise<boolean> => {
    if (inView(ctx).has(nodeId)) return true;
    report(format(ctx.lang, l.locating, { id: nodeId }));
    try {
      await doc.search(nodeId);
    } catch (error) {
      report(format(ctx.lang, l.locateFailed, { id: nodeId, message: (error as Error)?.message ?? String(error) }));
      return false;
    }
    if (!inView(ctx).has(nodeId)) {
      report(
        format(ctx.lang, l.locateFailed, {
          id: nodeId,
          message: doc.error ? String((doc.error as Error).message) : '—',
        }),
      );
      return false;
    }
    report(null);
    return true;
  };
  const reveal = async (paragraph: number | null) => {
    if (paragraph === null) return;
    // The cited unit is the evidence the reader asked to see: a narrow workbench (panes as tabs, a phone) shows the
    // source pane for it; a wide one ignores the choice.
    panes.showPane('source');
    await ctx.updateComplete;
    void panes.revealUnit(paragraph);
  };

  if (detail.target === 'node' && detail.nodeId) {
    if (!(await loadAround(detail.nodeId))) return;
    await ctx.updateComplete;
    selection.selectNode(detail.nodeId);
    if (detail.paragraph !== null) selection.currentUnits = new Set([...selection.currentUnits, detail.paragraph]);
    await reveal(detail.paragraph);
    void panes.focusNodes([detail.nodeId]);
  } else if (detail.target === 'edge') {
    const matches = (e: KgEdge) =>
      e.id === detail.edgeId ||
      (e.fromNodeId === detail.fromNodeId &&
        e.toNodeId === detail.toNodeId &&
        (!detail.relation || e.relation === detail.relation));
    let edge = doc.graph?.edges.find(matches);
    if (!edge && detail.fromNodeId) {
      if (!(await loadAround(detail.fromNodeId))) return;
      edge = doc.graph?.edges.find(matches);
    }
    await ctx.updateComplete;
    if (edge) selection.selectEdge(edge);
    else if (detail.fromNodeId && detail.toNodeId)
      selection.selectEvidence([detail.fromNodeId, detail.toNodeId], [], inView(ctx));
    await reveal(detail.paragraph);
    const ends = [detail.fromNodeId, detail.toNodeId].filter((id): id is string => !!id && inView(ctx).has(id));
    if (ends.length) void panes.focusNodes(ends);
  } else if (detail.paragraph !== null) {
    const ids = selection.selectUnit(detail.paragraph, inView(ctx));
    await reveal(detail.paragraph);
    if (ids.length && !ids.some((id) => inView(ctx).has(id))) {
      if (await loadAround(ids[0])) selection.selectUnit(detail.paragraph, inView(ctx));
    }
  }
  ctx.requestUpdate();
}

/** The panel as the workbench mounts it, between the toolbar and the panes; `question` is a shared question to ask
 * (the `ask` attribute, only for the document named beside it). */
export function renderAskPanel(ctx: WorkbenchContext, lang: Lang, question: string | null, panel?: Ref<KgAskPanel>) {
  return html`<kg-ask-panel ${panel ? ref(panel) : nothing} part="ask" lang=${lang} question=${question ?? nothing} .backend=${askBackendOf(ctx)}
    .sections=${ctx.doc.info?.sections ?? []}
    @kg-ask-select=${(e: CustomEvent<AskSelectDetail>) => {
      const panel = e.currentTarget as KgAskPanel;
      void followAskSelection(ctx, (text) => panel.report(text), e.detail);
    }}
    @kg-ask-results=${(e: CustomEvent<AskResultsDetail>) => void showAskResults(ctx, e.detail)}></kg-ask-panel>`;
}
