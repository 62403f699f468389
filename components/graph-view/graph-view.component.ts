import { LitElement, html, svg, nothing, type PropertyValues } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { LAYOUT_ALGORITHMS, type LayoutAlgorithm, type LayoutResult } from '../../core/layout/types';
import { NODE_TYPES, type KgEdge, type KgNode } from '../../core/schema/graph';
import type { GraphViewApi, GraphViewProps } from './contract';
import { emit } from './events';
import { graphViewStyles } from './graph-view.styles';
import { normalizeLang, strings, typeLabel, type Lang } from './i18n';
import { KeyboardNavController, type KeyboardNavHost } from './keyboard-nav-controller';
import { LayoutRunner, type LayeredLayout, type LayoutOutcome } from './layout-runner';
import { buildAdjacency, type NodeCentre } from './neighbour-by-direction';
import { PanZoomController } from './pan-zoom-controller';
import { svgToPng } from './png-export';
import { renderEdges, renderLabels, renderMarkers, renderNodes, renderRevealedLabels, type SceneState } from './render-scene';
import { buildScene, sceneWithin, type MeasureText, type Scene } from './scene';
import { canvasTextMeasure } from './text-measure';
import { QuoteTooltip, type TooltipAnchor } from './quote-tooltip';
import { centreOn, clampZoom, fitTransform, panIntoView, stepZoom, unionBox, visibleBox, type ViewTransform } from './viewport-math';

const EMPTY_SET: ReadonlySet<string> = new Set();
const FLASH_MS = 1300;
/** Scenes with more nodes than this draw their visible part first. */
const FIRST_PHASE_MIN_NODES = 200;

/**
 * The graph pane of the workbench: the knowledge graph drawn in SVG with four layouts, pan and zoom, keyboard
 * navigation, a type legend and PNG export. The embedder (the shell) owns the data; this element owns drawing.
 *
 * @summary An SVG knowledge-graph view with layered / force / circle / radial layouts.
 * @tag kg-graph-view
 *
 * @event kg-graph-node-select - `{ nodeId }`: a node was clicked or chosen with Space. Cancelable: cancelling keeps
 *   the current `selectedNodeId`.
 * @event kg-graph-node-activate - `{ nodeId }`: Enter (or a double click) on a node: open its detail card.
 * @event kg-graph-dismiss - Escape inside the graph.
 * @event kg-graph-edge-select - `{ edgeId }`: an edge or its label chip was clicked. Cancelable.
 * @event kg-graph-zoom - `{ scale }`: the zoom factor changed (at most once per frame).
 * @event kg-graph-layout-change - `{ layout }`: the reader picked another layout in the menu (persist it).
 *
 * @csspart toolbar - The bar holding − 100 % +, fit and the layout menu.
 * @csspart menu - The layout menu (a native select).
 * @csspart canvas - The pannable area holding the SVG.
 * @csspart node - Each node (an SVG group with a `.box` rect and a text).
 * @csspart edge - Each edge (an SVG group with the visible `.line` path).
 * @csspart label - Each relation label chip.
 * @csspart legend - The list of the 8 node-type colours.
 *
 * @cssproperty --kg-graph-bg - Background (default #ffffff light, #15191e dark).
 * @cssproperty --kg-graph-fg - Interface text (default #1d232a light, #e6eaee dark).
 * @cssproperty --kg-graph-muted - Secondary text: status, legend (default #5b6670 light, #9aa6b2 dark).
 * @cssproperty --kg-graph-border - Borders of the toolbar, legend and chips (default #d5dbe1 light, #38424c dark).
 * @cssproperty --kg-toolbar-bg - Toolbar background (default: the graph background).
 * @cssproperty --kg-font-family - Font (default Arial, "Liberation Sans", Helvetica, "Noto Sans CJK SC", sans-serif).
 * @cssproperty --kg-node-bg - Node fill, tinted 13 % with the type colour (default #ffffff light, #1d232a dark).
 * @cssproperty --kg-node-text - Node text (default #1d232a light, #e6eaee dark).
 * @cssproperty --kg-edge-color - Edge lines and arrows (default #8a96a3 light, #6b7785 dark).
 * @cssproperty --kg-edge-highlight - Hovered and highlighted edges (default #d9480f light, #ff8c42 dark).
 * @cssproperty --kg-label-bg - Relation chip fill (default #f4f6f8 light, #262d35 dark).
 * @cssproperty --kg-label-text - Relation chip text (default #38424c light, #cfd6dd dark).
 * @cssproperty --kg-selected - Border of selected and highlighted nodes (default #d9480f light, #ff8c42 dark).
 * @cssproperty --kg-focus-ring - Keyboard focus ring (default #0b57d0 light, #8ab4f8 dark).
 * @cssproperty --kg-flash - Colour of the flash of focusNodes({ flash: true }) (default #fab005 light, #ffd43b dark).
 * @cssproperty --kg-tooltip-bg - Quote tooltip background (default #1d232a light, #e6eaee dark).
 * @cssproperty --kg-tooltip-text - Quote tooltip text (default #ffffff light, #15191e dark).
 * @cssproperty --kg-type-fact - Fact colour (default #1f6feb light, #6ea8fe dark).
 * @cssproperty --kg-type-claim - Claim colour (default #c2410c light, #fb923c dark).
 * @cssproperty --kg-type-inference - Inference colour (default #7c3aed light, #b197fc dark).
 * @cssproperty --kg-type-concept - Concept colour (default #047857 light, #34d399 dark).
 * @cssproperty --kg-type-definition - Definition colour (default #0e7490 light, #22d3ee dark).
 * @cssproperty --kg-type-example - Example colour (default #be185d light, #f472b6 dark).
 * @cssproperty --kg-type-counter-example - Counter-example colour (default #b91c1c light, #f87171 dark).
 * @cssproperty --kg-type-rule - Rule colour (default #4d5b6b light, #a3b1c2 dark).
 *
 * @attr theme - 'light' | 'dark'; without it the view follows prefers-color-scheme.
 */
export class KgGraphView extends LitElement implements GraphViewProps, GraphViewApi, KeyboardNavHost {
  static override styles = graphViewStyles;

  static override properties = {
    nodes: { attribute: false },
    edges: { attribute: false },
    layout: { reflect: true },
    layoutResult: { attribute: false },
    layeredLayout: { attribute: false },
    selectedNodeId: { attribute: 'selected-node-id' },
    selectedEdgeId: { attribute: 'selected-edge-id' },
    highlightNodeIds: { attribute: false },
    highlightEdgeIds: { attribute: false },
    lang: {},
    theme: { reflect: true },
    scene: { state: true },
    rovingId: { state: true },
    zoomPercent: { state: true },
    status: { state: true },
    hoveredEdgeId: { state: true },
  };

  // Reactive properties are declared (not initialised as class fields) so Lit's accessors are never shadowed,
  // whatever the compiler's class-field semantics; the constructor sets the defaults.
  declare nodes: KgNode[];
  declare edges: KgEdge[];
  declare layout: LayoutAlgorithm;
  /** A layout computed elsewhere for the current nodes, edges and `layout` (e.g. cached by the shell); drawn as is. */
  declare layoutResult: LayoutResult | null;
  declare layeredLayout: LayeredLayout | undefined;
  declare selectedNodeId: string | null;
  /** The selected edge: its label chip is always shown. Set by a click on the edge unless the event is cancelled. */
  declare selectedEdgeId: string | null;
  declare highlightNodeIds: ReadonlySet<string>;
  declare highlightEdgeIds: ReadonlySet<string>;
  declare lang: Lang;
  declare theme: 'light' | 'dark' | null;
  declare scene: Scene | null;
  declare rovingId: string | null;
  declare zoomPercent: number;
  declare status: string;
  /** The edge under the pointer: its line is emphasised and its chip shown even when placement hid it. */
  declare hoveredEdgeId: string | null;

  private readonly runner = new LayoutRunner();
  centres: ReadonlyMap<string, NodeCentre> = new Map();
  adjacency: ReadonlyMap<string, ReadonlySet<string>> = new Map();
  nodeOrder: readonly string[] = [];
  private viewport = { width: 0, height: 0 };
  private resizeObserver: ResizeObserver | null = null;
  /** The transform a new scene opens with (fit), applied right after it renders. */
  private openingTransform: ViewTransform | null = null;
  /** The view has not yet been fitted to a real (non-zero) viewport. */
  private awaitingSize = true;
  /** While set, only these parts of a large scene are drawn: those the first frame shows (see showOutcome). */
  private firstPhase: ReturnType<typeof sceneWithin> | null = null;
  private lastScale = 1;
  private sceneWaiters: Array<() => void> = [];
  private measureText: MeasureText | null = null;

  private readonly panZoom = new PanZoomController(this, {
    surface: () => this.renderRoot.querySelector<HTMLElement>('.canvas'),
    layer: () => this.renderRoot.querySelector<SVGSVGElement>('svg.graph'),
    onFrame: (t) => this.onFrame(t),
  });
  /** Owns the canvas keydown listener (arrow keys, Enter, Space, Escape, + − 0, Home, End). */
  protected readonly keyboard = new KeyboardNavController(this);
  private readonly tooltip = new QuoteTooltip(this, {
    quoteOf: (id) => this.scene?.nodeById.get(id)?.node.quote ?? '',
    anchorOf: (id) => this.tipAnchor(id),
  });

  constructor() {
    super();
    this.nodes = [];
    this.edges = [];
    this.layout = 'layered';
    this.layoutResult = null;
    this.layeredLayout = undefined;
    this.selectedNodeId = null;
    this.selectedEdgeId = null;
    this.highlightNodeIds = EMPTY_SET;
    this.highlightEdgeIds = EMPTY_SET;
    this.lang = 'en';
    this.theme = null;
    this.scene = null;
    this.rovingId = null;
    this.zoomPercent = 100;
    this.status = '';
    this.hoveredEdgeId = null;
  }

  // ---- GraphViewApi -------------------------------------------------------------------------------------------

  get zoom(): number {
    return this.panZoom.target.k;
  }

  setZoom(scale: number): void {
    this.panZoom.zoomTo(clampZoom(scale));
  }

  fit(): void {
    if (!this.scene) return;
    this.panZoom.set(fitTransform(this.scene.bounds, this.measure()));
  }

  async focusNodes(ids: readonly string[], options: { flash?: boolean } = {}): Promise<void> {
    const scene = await this.whenSceneReady();
    const found = ids.map((id) => scene.nodeById.get(id)).filter((n) => n !== undefined);
    if (found.length === 0) return;
    await this.drawAll();
    this.rovingId = found[0].id;
    const box = unionBox(found)!;
    const viewport = this.measure();
    const fitted = fitTransform(box, viewport, 40);
    const k = Math.min(this.panZoom.target.k, fitted.k);
    await this.panZoom.animateTo(centreOn(box, viewport, k));
    if (options.flash) this.flash(found.map((n) => n.id));
  }

  async toPng(scale = 2): Promise<Blob> {
    await this.updateComplete;
    this.panZoom.flush();
    const svgEl = this.renderRoot.querySelector<SVGSVGElement>('svg.graph');
    if (!svgEl) throw new Error('kg-graph-view is not rendered');
    const { width, height } = this.measure();
    const background = getComputedStyle(this).backgroundColor || '#fff';
    return svgToPng(svgEl, { width, height, scale, background, transform: this.panZoom.transform });
  }

  // ---- KeyboardNavHost ----------------------------------------------------------------------------------------

  get keySurface(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('.canvas');
  }

  get nodeHasFocus(): boolean {
    const active = this.renderRoot instanceof ShadowRoot ? this.renderRoot.activeElement : null;
    return active?.hasAttribute('data-node-id') ?? false;
  }

  focusNode(id: string): void {
    this.rovingId = id;
    void this.drawAll().then(async () => {
      const el = this.nodeElement(id);
      el?.focus({ preventScroll: true });
      const n = this.scene?.nodeById.get(id);
      if (n) await this.panZoom.animateTo(panIntoView(this.panZoom.target, n, this.measure()), 160);
    });
  }

  activateNode(id: string): void {
    emit(this, 'kg-graph-node-activate', { nodeId: id });
  }

  selectNode(id: string): void {
    this.rovingId = id;
    if (emit(this, 'kg-graph-node-select', { nodeId: id }, { cancelable: true })) this.selectedNodeId = id;
  }

  dismiss(): void {
    this.tooltip.hide();
    emit(this, 'kg-graph-dismiss', {});
  }

  zoomStep(direction: 1 | -1): void {
    this.panZoom.zoomTo(stepZoom(this.panZoom.target.k, direction));
  }

  zoomReset(): void {
    this.panZoom.zoomTo(1);
  }

  // ---- Lifecycle ----------------------------------------------------------------------------------------------

  override connectedCallback(): void {
    super.connectedCallback();
    this.resizeObserver ??= new ResizeObserver((entries) => {
      const r = entries[0]?.contentRect;
      if (!r) return;
      this.viewport = { width: r.width, height: r.height };
      // Mounted hidden or at zero size: fit once a real size arrives.
      if (this.awaitingSize && r.width > 0 && r.height > 0 && this.scene) {
        this.awaitingSize = false;
        this.panZoom.jump(fitTransform(this.scene.bounds, this.viewport));
      }
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
  }

  protected override firstUpdated(): void {
    const canvas = this.renderRoot.querySelector<HTMLElement>('.canvas');
    if (canvas) this.resizeObserver?.observe(canvas);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('lang')) this.lang = normalizeLang(this.lang);
    if (changed.has('layout') && !LAYOUT_ALGORITHMS.includes(this.layout)) this.layout = 'layered';
    let relayout = false;
    if (changed.has('nodes') || changed.has('edges')) {
      this.runner.setData(this.nodes ?? [], this.edges ?? []);
      this.adjacency = buildAdjacency(this.runner.edges);
      this.scene = null;
      this.tooltip.hide();
      relayout = true;
    }
    if (changed.has('layoutResult') && this.layoutResult) {
      this.runner.provide(this.layout, this.layoutResult);
      relayout = true;
    }
    if (changed.has('layout') || changed.has('layeredLayout')) relayout = true;
    if (relayout) this.startLayout();
    if (changed.has('selectedNodeId') && this.selectedNodeId && this.scene?.nodeById.has(this.selectedNodeId)) {
      this.rovingId = this.selectedNodeId;
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('scene') && this.scene) {
      if (this.openingTransform) {
        this.panZoom.jump(this.openingTransform);
        this.openingTransform = null;
      }
      if (this.firstPhase) {
        // Draw the rest once the first frame is on screen: the frame after the next one has begun.
        const scene = this.scene;
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            setTimeout(() => {
              if (this.scene !== scene || !this.firstPhase) return;
              this.firstPhase = null;
              this.requestUpdate();
            }, 0),
          ),
        );
      }
      const waiters = this.sceneWaiters;
      this.sceneWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private startLayout(): void {
    const algorithm = this.layout;
    const hit = this.runner.cached(algorithm);
    if (hit) {
      this.showOutcome(hit);
      return;
    }
    this.status = strings(this.lang).layingOut;
    void this.runner.compute(algorithm, this.layeredLayout).then((outcome) => {
      if (outcome && algorithm === this.layout) this.showOutcome(outcome);
    });
  }

  private showOutcome(outcome: LayoutOutcome): void {
    this.measureText ??= canvasTextMeasure(this);
    const scene = buildScene(outcome.result, this.nodes ?? [], this.edges ?? [], this.runner.linesOf, this.measureText);
    this.scene = scene;
    this.centres = scene.centres;
    this.nodeOrder = scene.nodes.map((n) => n.id);
    if (!this.rovingId || !scene.nodeById.has(this.rovingId)) {
      this.rovingId = this.selectedNodeId && scene.nodeById.has(this.selectedNodeId) ? this.selectedNodeId : (this.nodeOrder[0] ?? null);
    }
    const s = strings(this.lang);
    this.status = scene.nodes.length === 0 ? s.empty : outcome.fellBack && this.layeredLayout ? s.layoutFailed : '';
    // Open fitted. A large scene first draws only what that view shows (plus a margin), the rest right after the
    // first frame: the reader sees a complete view sooner, and every item is still rendered once per layout.
    const viewport = this.measure();
    const sized = viewport.width > 0 && viewport.height > 0;
    this.awaitingSize = !sized;
    const opening = fitTransform(scene.bounds, viewport);
    this.openingTransform = opening;
    this.firstPhase = sized && scene.nodes.length > FIRST_PHASE_MIN_NODES ? sceneWithin(scene, visibleBox(opening, viewport, 120)) : null;
  }

  /** Finishes drawing a large scene at once (when a node outside the opening view is needed now). */
  private async drawAll(): Promise<void> {
    if (this.firstPhase) {
      this.firstPhase = null;
      this.requestUpdate();
    }
    await this.updateComplete;
  }

  private whenSceneReady(): Promise<Scene> {
    return new Promise((resolve) => {
      const done = () => resolve(this.scene!);
      if (this.scene && !this.isUpdatePending) done();
      else this.sceneWaiters.push(() => (this.scene ? done() : this.sceneWaiters.push(done)));
    });
  }

  private onFrame(t: ViewTransform): void {
    const percent = Math.round(t.k * 100);
    if (percent !== this.zoomPercent) this.zoomPercent = percent;
    if (Math.abs(t.k - this.lastScale) > 1e-9) {
      this.lastScale = t.k;
      emit(this, 'kg-graph-zoom', { scale: t.k });
    }
    this.tooltip.reposition();
  }

  private measure(): { width: number; height: number } {
    if (this.viewport.width > 0 && this.viewport.height > 0) return this.viewport;
    const canvas = this.renderRoot.querySelector<HTMLElement>('.canvas');
    if (canvas) this.viewport = { width: canvas.clientWidth, height: canvas.clientHeight };
    return this.viewport;
  }

  private nodeElement(id: string): SVGGElement | null {
    return this.renderRoot.querySelector<SVGGElement>(`.node[data-node-id="${CSS.escape(id)}"]`);
  }

  private tipAnchor(id: string): TooltipAnchor | null {
    const n = this.scene?.nodeById.get(id);
    if (!n) return null;
    const t = this.panZoom.transform;
    return { x: (n.x + n.width / 2) * t.k + t.x, top: n.y * t.k + t.y, bottom: (n.y + n.height) * t.k + t.y };
  }

  private flash(ids: readonly string[]): void {
    for (const id of ids) {
      const el = this.nodeElement(id);
      if (!el) continue;
      el.removeAttribute('data-flash');
      // Restart the animation when the same node flashes twice in a row.
      void el.getBoundingClientRect();
      el.setAttribute('data-flash', '');
      setTimeout(() => el.removeAttribute('data-flash'), FLASH_MS);
    }
  }

  // ---- Pointer and keyboard events of the canvas -------------------------------------------------------------

  private readonly onClick = (e: MouseEvent) => {
    if (this.panZoom.suppressClick || this.tooltip.consumeLongPress()) {
      this.panZoom.suppressClick = false;
      return;
    }
    const target = (e.target as Element).closest?.('[data-node-id],[data-edge-id],[data-label-for]');
    if (!target) return;
    const nodeId = target.getAttribute('data-node-id');
    if (nodeId !== null) {
      this.selectNode(nodeId);
      return;
    }
    const edgeId = target.getAttribute('data-edge-id') ?? target.getAttribute('data-label-for');
    if (edgeId !== null && emit(this, 'kg-graph-edge-select', { edgeId }, { cancelable: true })) this.selectedEdgeId = edgeId;
  };

  private readonly onDblClick = (e: MouseEvent) => {
    const nodeId = (e.target as Element).closest?.('[data-node-id]')?.getAttribute('data-node-id');
    if (nodeId) this.activateNode(nodeId);
  };

  private readonly onPointerOver = (e: PointerEvent) => {
    const el = (e.target as Element).closest?.('[data-node-id],[data-edge-id],[data-label-for]');
    const nodeId = el?.getAttribute('data-node-id');
    if (nodeId) this.tooltip.hoverStart(nodeId);
    this.setHoveredEdge(el?.getAttribute('data-edge-id') ?? el?.getAttribute('data-label-for') ?? null);
  };

  private readonly onPointerOut = (e: PointerEvent) => {
    const to = (e.relatedTarget as Element | null)?.closest?.('[data-node-id],[data-edge-id],[data-label-for]');
    const from = (e.target as Element).closest?.('[data-node-id],[data-edge-id],[data-label-for]');
    if (from && from !== to) {
      if (from.hasAttribute('data-node-id')) this.tooltip.hoverEnd();
      if (!to) this.setHoveredEdge(null);
    }
  };

  private readonly onPointerDown = (e: PointerEvent) => {
    const nodeId = (e.target as Element).closest?.('[data-node-id]')?.getAttribute('data-node-id');
    if (nodeId && e.pointerType !== 'mouse') this.tooltip.pressStart(nodeId);
  };

  private readonly onFocusIn = (e: FocusEvent) => {
    const nodeId = (e.target as Element).getAttribute?.('data-node-id');
    if (nodeId) {
      this.rovingId = nodeId;
      this.tooltip.focusShow(nodeId);
    }
  };

  private readonly onFocusOut = () => this.tooltip.focusHide();

  /** Hover emphasises the edge by attributes set directly (no re-render of the scene); a chip that placement hid
   * is drawn in the small "revealed" layer. */
  private setHoveredEdge(id: string | null): void {
    if (id === this.hoveredEdgeId) return;
    const root = this.renderRoot;
    if (this.hoveredEdgeId !== null) {
      const old = CSS.escape(this.hoveredEdgeId);
      root.querySelector(`[data-edge-id="${old}"]`)?.removeAttribute('data-hover');
      root.querySelector(`[data-label-for="${old}"]`)?.removeAttribute('data-hover');
    }
    this.hoveredEdgeId = id;
    if (id !== null) {
      const sel = CSS.escape(id);
      root.querySelector(`[data-edge-id="${sel}"]`)?.setAttribute('data-hover', '');
      root.querySelector(`[data-label-for="${sel}"]`)?.setAttribute('data-hover', '');
    }
  }

  private readonly onLayoutChange = (e: Event) => {
    const value = (e.target as HTMLSelectElement).value as LayoutAlgorithm;
    if (!LAYOUT_ALGORITHMS.includes(value) || value === this.layout) return;
    this.layout = value;
    emit(this, 'kg-graph-layout-change', { layout: value });
  };

  // ---- Rendering ----------------------------------------------------------------------------------------------

  protected override render() {
    const s = strings(this.lang);
    const hasNodes = (this.scene?.nodes.length ?? 0) > 0;
    return html`<div class="root">
      <div class="toolbar" part="toolbar" role="group" aria-label=${s.toolbar}>
        <button type="button" class="zoom-out" aria-label=${s.zoomOut} title=${s.zoomOut} @click=${() => this.zoomStep(-1)}>−</button>
        <button type="button" class="percent" aria-label=${s.zoomReset(this.zoomPercent)} title=${s.zoomReset(this.zoomPercent)}
          @click=${() => this.zoomReset()}>${this.zoomPercent}%</button>
        <button type="button" class="zoom-in" aria-label=${s.zoomIn} title=${s.zoomIn} @click=${() => this.zoomStep(1)}>+</button>
        <button type="button" class="fit" aria-label=${s.fit} title=${s.fit} @click=${() => this.fit()}>${fitIcon}</button>
        <span class="spacer"></span>
        <select class="layout" part="menu" aria-label=${s.layout} title=${s.layout} @change=${this.onLayoutChange}>
          ${LAYOUT_ALGORITHMS.map((a) => html`<option value=${a} ?selected=${a === this.layout}>${s.layouts[a]}</option>`)}
        </select>
      </div>
      <div class="canvas" part="canvas" role="application" aria-roledescription=${s.graphRole} aria-label=${s.canvas}
        aria-describedby="kg-help" tabindex=${hasNodes ? '-1' : '0'}
        @click=${this.onClick} @dblclick=${this.onDblClick}
        @pointerover=${this.onPointerOver} @pointerout=${this.onPointerOut} @pointerdown=${this.onPointerDown}
        @focusin=${this.onFocusIn} @focusout=${this.onFocusOut}>
        <p id="kg-help" class="sr-only">${s.help}</p>
        <svg class="graph" role="graphics-document" aria-roledescription=${s.graphRole} aria-label=${s.canvas}
          width=${this.scene?.width ?? 1} height=${this.scene?.height ?? 1}>
          ${renderMarkers()}
          <g class="layer">${guard(
            [this.scene, this.firstPhase, this.selectedNodeId, this.selectedEdgeId, this.highlightNodeIds, this.highlightEdgeIds, this.rovingId, this.lang],
            () => this.renderScene(),
          )}<g class="revealed" aria-hidden="true">${this.renderRevealed()}</g></g>
        </svg>
        ${this.tooltip.render()}
        <div class="status" role="status">${this.status}</div>
      </div>
      <ul class="legend" part="legend" aria-label=${s.legend}>
        ${NODE_TYPES.map((t) => html`<li><span class="swatch" data-type=${t}></span>${typeLabel(t, this.lang)}</li>`)}
      </ul>
    </div>`;
  }

  private renderScene() {
    const scene = this.scene;
    if (!scene) return nothing;
    const edgeIds = this.selectedEdgeId ? new Set([...this.highlightEdgeIds, this.selectedEdgeId]) : this.highlightEdgeIds;
    const state: SceneState = {
      lang: this.lang,
      selectedNodeId: this.selectedNodeId,
      highlightNodeIds: this.highlightNodeIds ?? EMPTY_SET,
      highlightEdgeIds: edgeIds ?? EMPTY_SET,
      rovingId: this.rovingId,
    };
    const part = this.firstPhase ?? { nodes: scene.nodes, edges: scene.edges, labels: scene.placedLabels };
    return svg`<g class="edges" aria-hidden="true">${renderEdges(part.edges, state)}</g><g class="nodes">${renderNodes(part.nodes, state)}</g
      ><g class="labels" aria-hidden="true">${renderLabels(part.labels, state)}</g>`;
  }

  private renderRevealed() {
    if (!this.scene) return nothing;
    const ids = [...(this.highlightEdgeIds ?? EMPTY_SET)];
    if (this.selectedEdgeId) ids.push(this.selectedEdgeId);
    if (this.hoveredEdgeId) ids.push(this.hoveredEdgeId);
    return renderRevealedLabels(this.scene, new Set(ids), this.lang);
  }
}

const fitIcon = html`<svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" fill="none" stroke="currentColor"
  stroke-width="1.6"><path d="M1 5V1h4M9 1h4v4M13 9v4H9M5 13H1V9"></path></svg>`;
