import { html, type PropertyValues } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { LAYOUT_ALGORITHMS } from '../../core/layout/types';
import { CanvasPointerController, type CanvasPointerHost } from './canvas-pointer-controller';
import type { GraphViewApi, GraphViewProps } from './contract';
import { emit } from '../shared/events/emit';
import './events';
import { graphViewStyles } from './graph-view.styles';
import { GraphViewProperties } from './graph-view-properties';
import { langFromTag, strings } from './i18n';
import { KeyboardNavController, type KeyboardNavHost } from './keyboard-nav-controller';
import type { NodeCentre } from './neighbour-by-direction';
import { PanZoomController } from './pan-zoom-controller';
import { flashElements } from './flash';
import type { MinimapController, MinimapHost } from './minimap';
import { QuoteTooltip, anchorOf } from './quote-tooltip';
import { renderLegend, renderToolbar, toolbarActions } from './render-chrome';
import { renderDrawn, renderMarkers, renderRevealed } from './render-scene';
import type { Scene } from './scene';
import { SceneController, type SceneHost } from './scene-controller';
import { neighbourhoodIn } from './neighbour-highlight';
import {
  clampZoom,
  fitTransform,
  panIntoView,
  revealTransform,
  stepZoom,
  unionBox,
  type ViewTransform,
} from './viewport-math';

/**
 * The graph pane of the workbench: the knowledge graph drawn in SVG with four layouts, pan and zoom (wheel, pinch,
 * keyboard), a minimap, keyboard navigation, a type legend and PNG / SVG export. The embedder (the shell) owns the
 * data; this element owns drawing.
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
 * @event zoom-out-limit - `{ scale }`: the reader tried to zoom out below the minimum zoom (show an overview).
 *
 * @csspart toolbar - The bar holding − 100 % +, fit and the layout menu.
 * @slot toolbar - Controls of the embedder placed in the toolbar after the layout menu (the workbench's "Overview").
 * @csspart menu - The layout menu (a native select).
 * @csspart canvas - The pannable area holding the SVG.
 * @csspart node - Each node (an SVG group with a `.box` rect and a text).
 * @csspart edge - Each edge (an SVG group with the visible `.line` path).
 * @csspart label - Each relation label chip.
 * @csspart legend - The list of the 8 node-type colours.
 * @csspart minimap - The minimap (the whole graph, the viewport outlined).
 *
 * @cssproperty --kg-graph-bg - Background (default #ffffff light, #15191e dark).
 * @cssproperty --kg-graph-fg - Interface text (default #1d232a light, #e6e9ed dark).
 * @cssproperty --kg-graph-muted - Secondary text: status, legend (default #5b6670 light, #9aa5b1 dark).
 * @cssproperty --kg-graph-border - Borders of the toolbar, legend and chips (default #d5dae0 light, #343c46 dark).
 * @cssproperty --kg-toolbar-bg - Toolbar background (default: the graph background).
 * @cssproperty --kg-font-family - Font (default Arial, "Liberation Sans", Helvetica, "Noto Sans CJK SC", sans-serif).
 * @cssproperty --kg-node-bg - Node fill, tinted 13 % with the type colour (default #ffffff light, #1e242b dark).
 * @cssproperty --kg-node-text - Node text (default #1d232a light, #e6e9ed dark).
 * @cssproperty --kg-edge-color - Edge lines and arrows (default #8a96a3 light, #6b7785 dark).
 * @cssproperty --kg-edge-highlight - Hovered and highlighted edges (default #d9480f light, #ff8c42 dark).
 * @cssproperty --kg-mention-color - Mention lines, statement → concept (default #5e9a88 light, #4f7f72 dark).
 * @cssproperty --kg-label-bg - Relation chip fill (default #f4f6f8 light, #262d35 dark).
 * @cssproperty --kg-label-text - Relation chip text (default #38424c light, #cfd6dd dark).
 * @cssproperty --kg-selected - Border of selected and highlighted nodes (default #d9480f light, #ff8c42 dark).
 * @cssproperty --kg-focus-ring - Keyboard focus ring (default #1d4ed8 light, #93c5fd dark).
 * @cssproperty --kg-flash - Colour of the flash of focusNodes({ flash: true }) (default #fab005 light, #ffd43b dark).
 * @cssproperty --kg-tooltip-bg - Quote tooltip background (default #1d232a light, #e6e9ed dark).
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
 * @attr hide-ungrounded - Hides candidate and unsupported nodes and their relations.
 * @attr hide-mentions - Hides the mentions (statement → concept) and the concepts outside the window they brought.
 * @attr label-lines - Lines of node text drawn at most (1–4, default 4; the full text shows on hover and focus).
 */
export class KgGraphView
  extends GraphViewProperties
  implements GraphViewProps, GraphViewApi, KeyboardNavHost, CanvasPointerHost, SceneHost, MinimapHost
{
  static override styles = graphViewStyles;

  centres: ReadonlyMap<string, NodeCentre> = new Map();
  nodeOrder: readonly string[] = [];
  private viewport = { width: 0, height: 0 };
  private resizeObserver: ResizeObserver | null = null;
  private lastScale = 1;

  private readonly scenes = new SceneController(this);
  private readonly panZoom = new PanZoomController(this, {
    surface: () => this.pointerSurface,
    layer: () => this.renderRoot.querySelector<SVGSVGElement>('svg.graph'),
    onFrame: (t) => this.onFrame(t),
    onZoomOutLimit: () => emit(this, 'zoom-out-limit', { scale: this.zoom }),
  });
  /** Owns the canvas keydown listener (arrow keys, Enter, Space, Escape, + − 0, Home, End). */
  protected readonly keyboard = new KeyboardNavController(this);
  readonly tooltip = new QuoteTooltip(this, {
    contentOf: (id) => {
      const n = this.scenes.scene?.nodeById.get(id)?.node;
      return n ? { text: n.text, quote: n.quote } : null;
    },
    anchorOf: (id) => anchorOf(this.scenes.scene?.nodeById.get(id), this.panZoom.transform),
  });
  private readonly pointer = new CanvasPointerController(this);
  /** Loaded after the first render (its own chunk, not part of the first load). */
  private minimap: MinimapController | null = null;

  // ---- GraphViewApi -------------------------------------------------------------------------------------------

  get zoom(): number {
    return this.panZoom.target.k;
  }

  setZoom(scale: number): void {
    this.panZoom.zoomTo(clampZoom(scale));
  }

  fit(): void {
    const scene = this.scenes.scene;
    if (scene) this.panZoom.set(fitTransform(scene.bounds, this.viewportSize()));
  }

  /** The radial layout's centre: the selected node when it is drawn here, else none (the best connected). */
  private centreFor(id: string | null): string | null {
    return id && (this.nodes ?? []).some((n) => n.id === id) ? id : null;
  }

  /** Fits the whole drawing once the scene of the current data is drawn (after a section switch). */
  async refit(): Promise<void> {
    await this.updateComplete;
    await this.scenes.whenReady();
    await this.scenes.drawAll();
    this.fit();
  }

  async focusNodes(ids: readonly string[], options: { flash?: boolean } = {}): Promise<void> {
    if (!ids.some((id) => this.nodes?.some((n) => n.id === id))) return;
    const scene = await this.scenes.whenReady();
    const found = ids.map((id) => scene.nodeById.get(id)).filter((n) => n !== undefined);
    if (found.length === 0) return;
    await this.scenes.drawAll();
    this.rovingId = found[0].id;
    const box = unionBox(found)!;
    const viewport = this.viewportSize();
    await this.panZoom.animateTo(revealTransform(this.panZoom.target, box, viewport));
    if (options.flash) flashElements(found.map((n) => this.nodeElement(n.id)));
  }

  async toPng(scale = 2, options: { title?: string } = {}): Promise<Blob> {
    const [image, exporter] = await this.image(options.title);
    return exporter.imageToPng(this, image, scale);
  }

  async toSvg(options: { title?: string } = {}): Promise<Blob> {
    return new Blob([(await this.image(options.title))[0].markup], { type: 'image/svg+xml' });
  }

  /** The whole scene drawn (a large one may still show only its opening part), then cloned with title and legend.
   * The exporter is loaded on first use (not part of the first load). */
  private async image(title = '') {
    const exporter = await import('./view-export');
    await this.scenes.drawAll();
    return [exporter.viewImage(this, this.scenes.scene, title), exporter] as const;
  }

  // ---- Hosting the controllers --------------------------------------------------------------------------------

  get pointerSurface(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('.canvas');
  }

  get keySurface(): HTMLElement | null {
    return this.pointerSurface;
  }

  get adjacency(): ReadonlyMap<string, ReadonlySet<string>> {
    return this.scenes.adjacency;
  }

  get nodeHasFocus(): boolean {
    const active = this.renderRoot instanceof ShadowRoot ? this.renderRoot.activeElement : null;
    return active?.hasAttribute('data-node-id') ?? false;
  }

  focusNode(id: string): void {
    this.rovingId = id;
    void this.scenes.drawAll().then(async () => {
      this.nodeElement(id)?.focus({ preventScroll: true });
      const n = this.scenes.scene?.nodeById.get(id);
      if (n) await this.panZoom.animateTo(panIntoView(this.panZoom.target, n, this.viewportSize()), 160);
    });
  }

  nodeFocused(id: string): void {
    this.rovingId = id;
  }

  neighbourhoodOf(id: string) {
    return neighbourhoodIn(this.scenes.scene, id);
  }

  activateNode(id: string): void {
    emit(this, 'kg-graph-node-activate', { nodeId: id });
  }

  selectNode(id: string): void {
    this.rovingId = id;
    if (emit(this, 'kg-graph-node-select', { nodeId: id }, { cancelable: true })) this.selectedNodeId = id;
  }

  selectEdge(id: string): void {
    if (emit(this, 'kg-graph-edge-select', { edgeId: id }, { cancelable: true })) this.selectedEdgeId = id;
  }

  dismiss(): void {
    this.tooltip.hide();
    emit(this, 'kg-graph-dismiss', {});
  }

  zoomStep(direction: 1 | -1): void {
    const k = this.panZoom.target.k;
    const next = stepZoom(k, direction);
    // At the floor a step out asks for less than the floor, which reports zoom-out-limit.
    this.panZoom.zoomTo(direction < 0 && next >= k - 1e-9 ? k * 0.9 : next);
  }

  zoomReset(): void {
    this.panZoom.zoomTo(1);
  }

  consumeDragClick(): boolean {
    const dragged = this.panZoom.suppressClick;
    this.panZoom.suppressClick = false;
    return dragged;
  }

  viewportSize(): { width: number; height: number } {
    if (this.viewport.width > 0 && this.viewport.height > 0) return this.viewport;
    const canvas = this.pointerSurface;
    if (canvas) this.viewport = { width: canvas.clientWidth, height: canvas.clientHeight };
    return this.viewport;
  }

  openAt(t: ViewTransform): void {
    this.panZoom.jump(t);
  }

  moveTo(t: ViewTransform): void {
    this.panZoom.set(t);
  }

  toggleMinimap(): void {
    this.minimap?.toggle();
  }

  sceneChanged(scene: Scene | null): void {
    this.tooltip.hide();
    this.minimap?.setScene(scene);
    this.centres = scene?.centres ?? new Map();
    this.nodeOrder = scene?.nodes.map((n) => n.id) ?? [];
    if (scene && (!this.rovingId || !scene.nodeById.has(this.rovingId))) {
      const selected = this.selectedNodeId && scene.nodeById.has(this.selectedNodeId) ? this.selectedNodeId : null;
      this.rovingId = selected ?? this.nodeOrder[0] ?? null;
    }
  }

  // ---- Lifecycle ----------------------------------------------------------------------------------------------

  override connectedCallback(): void {
    super.connectedCallback();
    this.resizeObserver ??= new ResizeObserver((entries) => {
      const r = entries[0]?.contentRect;
      if (!r) return;
      this.viewport = { width: r.width, height: r.height };
      this.scenes.resized(this.viewport);
    });
    if (this.hasUpdated && this.pointerSurface) this.resizeObserver.observe(this.pointerSurface);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
  }

  protected override firstUpdated(): void {
    if (this.pointerSurface) this.resizeObserver?.observe(this.pointerSurface);
    void import('./minimap').then(({ MinimapController }) => {
      this.minimap ??= new MinimapController(this);
      this.minimap.setScene(this.scenes.scene);
      this.minimap.frame(this.panZoom.transform);
      this.requestUpdate();
    });
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('lang')) this.lang = langFromTag(this.lang) ?? 'en';
    if (changed.has('layout') && !LAYOUT_ALGORITHMS.includes(this.layout)) this.layout = 'layered';
    this.scenes.update({
      data:
        changed.has('nodes') ||
        changed.has('edges') ||
        changed.has('mentions') ||
        changed.has('concepts') ||
        changed.has('labelLines'),
      layoutResult: changed.has('layoutResult'),
      layout: changed.has('layout'),
      layeredLayout: changed.has('layeredLayout'),
      centre: changed.has('selectedNodeId') ? this.centreFor(this.selectedNodeId) : undefined,
    });
    if (changed.has('selectedNodeId') && this.selectedNodeId && this.scenes.scene?.nodeById.has(this.selectedNodeId)) {
      this.rovingId = this.selectedNodeId;
    }
  }

  private onFrame(t: ViewTransform): void {
    const percent = Math.round(t.k * 100);
    if (percent !== this.zoomPercent) this.zoomPercent = percent;
    if (Math.abs(t.k - this.lastScale) > 1e-9) {
      this.lastScale = t.k;
      emit(this, 'kg-graph-zoom', { scale: t.k });
    }
    this.tooltip.reposition();
    this.minimap?.frame(t);
  }

  private nodeElement(id: string): SVGGElement | null {
    return this.renderRoot.querySelector<SVGGElement>(`.node[data-node-id="${CSS.escape(id)}"]`);
  }

  private readonly toolbarActions = toolbarActions(this, (layout) => {
    this.layout = layout;
    emit(this, 'kg-graph-layout-change', { layout });
  });

  // ---- Rendering ----------------------------------------------------------------------------------------------

  protected override render() {
    const s = strings(this.lang);
    const { scene, part } = this.scenes;
    return html`<div class="root">
      ${renderToolbar(this.lang, this.zoomPercent, this.scenes.fellBackTo ?? this.layout, this.minimap?.shown ?? true, this.toolbarActions)}
      <div class="canvas" part="canvas" role="application" aria-roledescription=${s.graphRole} aria-label=${s.canvas}
        aria-describedby="kg-help" tabindex=${scene?.nodes.length ? '-1' : '0'}>
        <p id="kg-help" class="sr-only">${s.help}</p>
        <svg class="graph" role="graphics-document" aria-roledescription=${s.graphRole} aria-label=${s.canvas}
          width=${scene?.width ?? 1} height=${scene?.height ?? 1}>
          ${renderMarkers()}
          <g class="layer">${guard(
            [
              part,
              this.selectedNodeId,
              this.selectedEdgeId,
              this.highlightNodeIds,
              this.highlightEdgeIds,
              this.issueNodeSeverity,
              this.issueEdgeSeverity,
              this.rovingId,
              this.lang,
            ],
            () => renderDrawn(part, this.scenes.scene, this),
          )}<g class="revealed" aria-hidden="true">${renderRevealed(this.scenes.scene, this, this.pointer.hoveredEdgeId)}</g></g>
        </svg>
        ${this.tooltip.render()} ${this.minimap?.render({ label: s.minimap })}
        <div class="status" role="status">${this.scenes.status}</div>
      </div>
      ${renderLegend(this.lang)}
    </div>`;
  }
}
