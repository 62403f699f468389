// What the reader has picked and what is emphasised because of it, in both panes: a node (its units get
// aria-current), a unit (its nodes are selected and flashed in the graph), a relation, or an insight's evidence.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { KgEdge, KgNode } from '../../core/schema';
import type { DocumentController } from './document-controller';

export type Card = { kind: 'node'; node: KgNode } | { kind: 'edge'; edge: KgEdge } | null;

export interface SelectionEffects {
  /** Scrolls the source pane to a unit. */
  revealUnit(n: number): void;
  /** Centres and flashes nodes in the graph view. */
  focusNodes(ids: string[]): void;
}

const EMPTY = new Set<never>();

export class SelectionController implements ReactiveController {
  selectedNodeId: string | null = null;
  selectedUnit: number | null = null;
  currentUnits: ReadonlySet<number> = EMPTY;
  highlightNodeIds: ReadonlySet<string> = EMPTY;
  highlightEdgeIds: ReadonlySet<string> = EMPTY;
  card: Card = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly doc: DocumentController,
    private readonly effects: SelectionEffects,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** A node chosen in the graph (or a search result, or a diagnostic): select it, show its units, open its card. */
  selectNode(nodeId: string, options: { card?: boolean; reveal?: boolean } = {}): KgNode | null {
    const node = this.doc.known.get(nodeId) ?? null;
    this.selectedNodeId = nodeId;
    this.selectedUnit = null;
    this.highlightNodeIds = EMPTY;
    this.highlightEdgeIds = EMPTY;
    this.currentUnits = new Set(node ? this.doc.unitsOfNode(node) : []);
    if (node && options.card !== false) this.card = { kind: 'node', node };
    this.host.requestUpdate();
    const first = node ? this.doc.unitsOfNode(node)[0] : undefined;
    if (first !== undefined && options.reveal !== false) this.effects.revealUnit(first);
    return node;
  }

  /** A source unit chosen: its nodes that are in the current view become selected and flash in the graph. */
  selectUnit(n: number, inView: ReadonlySet<string>): string[] {
    const ids = this.doc.nodesOfUnit(n);
    const shown = ids.filter((id) => inView.has(id));
    this.selectedUnit = n;
    this.currentUnits = new Set([n]);
    this.selectedNodeId = shown[0] ?? null;
    this.highlightNodeIds = new Set(shown);
    this.highlightEdgeIds = EMPTY;
    this.card = null;
    this.host.requestUpdate();
    if (shown.length) this.effects.focusNodes(shown);
    return ids;
  }

  selectEdge(edge: KgEdge): void {
    this.selectedNodeId = null;
    this.selectedUnit = null;
    this.highlightNodeIds = new Set([edge.fromNodeId, edge.toNodeId]);
    this.highlightEdgeIds = new Set([edge.id]);
    this.currentUnits = new Set(edge.evidence.map((e) => e.paragraph));
    this.card = { kind: 'edge', edge };
    this.host.requestUpdate();
    const first = edge.evidence[0]?.paragraph;
    if (first !== undefined) this.effects.revealUnit(first);
  }

  /** An insight's evidence: its nodes and relations emphasised in the graph, their units in the source. */
  selectEvidence(nodeIds: string[], edgeIds: string[], inView: ReadonlySet<string>): void {
    const units = new Set<number>();
    for (const id of nodeIds) {
      const node = this.doc.known.get(id);
      if (node) for (const n of this.doc.unitsOfNode(node)) units.add(n);
    }
    this.selectedNodeId = null;
    this.selectedUnit = null;
    this.highlightNodeIds = new Set(nodeIds);
    this.highlightEdgeIds = new Set(edgeIds);
    this.currentUnits = units;
    this.card = null;
    this.host.requestUpdate();
    const first = [...units].sort((a, b) => a - b)[0];
    if (first !== undefined) this.effects.revealUnit(first);
    const shown = nodeIds.filter((id) => inView.has(id));
    if (shown.length) this.effects.focusNodes(shown);
  }

  closeCard(): void {
    this.card = null;
    this.host.requestUpdate();
  }

  clear(): void {
    this.selectedNodeId = null;
    this.selectedUnit = null;
    this.currentUnits = EMPTY;
    this.highlightNodeIds = EMPTY;
    this.highlightEdgeIds = EMPTY;
    this.card = null;
    this.host.requestUpdate();
  }
}
