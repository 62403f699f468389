// Pointer, click and focus events of the graph canvas, as a Lit ReactiveController (one delegated listener per
// event type, attached to the canvas once it is rendered). Clicks select nodes and edges, a double click
// activates, hover and long press show the quote tooltip, hover emphasises an edge and reveals its label chip.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { QuoteTooltip } from './quote-tooltip';
import { markNeighbourhood, type Neighbourhood } from './neighbour-highlight';

export interface CanvasPointerHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** The canvas element. */
  readonly pointerSurface: HTMLElement | null;
  readonly tooltip: QuoteTooltip;
  /** True (once) when the click ends a drag and must not select anything. */
  consumeDragClick(): boolean;
  selectNode(id: string): void;
  selectEdge(id: string): void;
  activateNode(id: string): void;
  /** A node received DOM focus (it now holds the roving tabindex). */
  nodeFocused(id: string): void;
  /** The node, its neighbours and their links as drawn (hover and focus emphasise them and dim the rest). */
  neighbourhoodOf(id: string): Neighbourhood | null;
}

const TARGETS = '[data-node-id],[data-edge-id],[data-label-for]';

export class CanvasPointerController implements ReactiveController {
  /** The edge under the pointer (its chip is drawn even when placement hid it). */
  hoveredEdgeId: string | null = null;
  private nearId: string | null = null;
  private focusedNodeId: string | null = null;
  private attached: HTMLElement | null = null;
  private readonly listeners: Array<[string, EventListener]> = [
    ['click', (e) => this.onClick(e as MouseEvent)],
    ['dblclick', (e) => this.onDblClick(e as MouseEvent)],
    ['pointerover', (e) => this.onPointerOver(e as PointerEvent)],
    ['pointerout', (e) => this.onPointerOut(e as PointerEvent)],
    ['pointerdown', (e) => this.onPointerDown(e as PointerEvent)],
    ['focusin', (e) => this.onFocusIn(e as FocusEvent)],
    ['focusout', () => this.onFocusOut()],
  ];

  constructor(private readonly host: CanvasPointerHost) {
    host.addController(this);
  }

  hostUpdated(): void {
    const surface = this.host.pointerSurface;
    // A re-render may have drawn a new scene: the emphasised neighbourhood is marked on its elements again.
    if (this.nearId && surface === this.attached) {
      markNeighbourhood(this.host.renderRoot, surface, this.host.neighbourhoodOf(this.nearId));
    }
    if (surface === this.attached) return;
    this.hostDisconnected();
    for (const [type, fn] of this.listeners) surface?.addEventListener(type, fn);
    this.attached = surface;
  }

  hostDisconnected(): void {
    for (const [type, fn] of this.listeners) this.attached?.removeEventListener(type, fn);
    this.attached = null;
  }

  private onClick(e: MouseEvent): void {
    if (this.host.consumeDragClick() || this.host.tooltip.consumeLongPress()) return;
    const target = (e.target as Element).closest?.(TARGETS);
    if (!target) return;
    const nodeId = target.getAttribute('data-node-id');
    if (nodeId !== null) {
      this.host.selectNode(nodeId);
      return;
    }
    const edgeId = target.getAttribute('data-edge-id') ?? target.getAttribute('data-label-for');
    if (edgeId !== null) this.host.selectEdge(edgeId);
  }

  private onDblClick(e: MouseEvent): void {
    const nodeId = (e.target as Element).closest?.('[data-node-id]')?.getAttribute('data-node-id');
    if (nodeId) this.host.activateNode(nodeId);
  }

  private onPointerOver(e: PointerEvent): void {
    const el = (e.target as Element).closest?.(TARGETS);
    const nodeId = el?.getAttribute('data-node-id');
    if (nodeId) {
      this.host.tooltip.hoverStart(nodeId);
      this.setNear(nodeId);
    }
    this.setHoveredEdge(el?.getAttribute('data-edge-id') ?? el?.getAttribute('data-label-for') ?? null);
  }

  private onPointerOut(e: PointerEvent): void {
    const to = (e.relatedTarget as Element | null)?.closest?.(TARGETS);
    const from = (e.target as Element).closest?.(TARGETS);
    if (!from || from === to) return;
    if (from.hasAttribute('data-node-id')) {
      this.host.tooltip.hoverEnd();
      if (!to?.hasAttribute('data-node-id')) this.setNear(this.focusedNodeId);
    }
    if (!to) this.setHoveredEdge(null);
  }

  private onPointerDown(e: PointerEvent): void {
    const nodeId = (e.target as Element).closest?.('[data-node-id]')?.getAttribute('data-node-id');
    if (nodeId && e.pointerType !== 'mouse') this.host.tooltip.pressStart(nodeId);
  }

  private onFocusIn(e: FocusEvent): void {
    const nodeId = (e.target as Element).getAttribute?.('data-node-id');
    if (!nodeId) return;
    this.host.nodeFocused(nodeId);
    this.host.tooltip.focusShow(nodeId);
    this.focusedNodeId = nodeId;
    this.setNear(nodeId);
  }

  private onFocusOut(): void {
    this.host.tooltip.focusHide();
    this.focusedNodeId = null;
    this.setNear(null);
  }

  /** The node whose neighbourhood is emphasised (hovered, else focused), or none. */
  private setNear(id: string | null): void {
    if (id === this.nearId) return;
    this.nearId = id;
    markNeighbourhood(this.host.renderRoot, this.attached, id ? this.host.neighbourhoodOf(id) : null);
  }

  /** The hovered edge's line and placed chip get `data-hover` directly (no re-render of the scene); a chip that
   * placement hid is drawn by the host's small "revealed" layer, which re-renders on requestUpdate. */
  private setHoveredEdge(id: string | null): void {
    if (id === this.hoveredEdgeId) return;
    const root = this.host.renderRoot;
    const mark = (edgeId: string, on: boolean) => {
      const sel = CSS.escape(edgeId);
      for (const el of [
        root.querySelector(`[data-edge-id="${sel}"]`),
        root.querySelector(`.labels [data-label-for="${sel}"]`),
      ]) {
        if (on) el?.setAttribute('data-hover', '');
        else el?.removeAttribute('data-hover');
      }
    };
    if (this.hoveredEdgeId !== null) mark(this.hoveredEdgeId, false);
    this.hoveredEdgeId = id;
    if (id !== null) mark(id, true);
    this.host.requestUpdate();
  }
}
