// <kg-graph-overview>: the whole document at once (issue 16). Every node of the canonical graph on one canvas,
// grouped by section and coloured by type, with labels by level of detail (overview-labels.ts). Zooming into a
// region far enough, clicking a node, or Enter hands over to the detailed view: the element dispatches
// `overview-focus` with the nodes of the viewport (≤ 800, nearest the centre first), and the embedder (the
// workbench) loads exactly those. Selection, search hits and insight nodes are properties the embedder sets.
//
// @fires overview-focus - { nodeIds, selectedId? }: open these nodes in the detailed view.
import { LitElement, css, html, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { GRAPH_VIEW_LIMIT } from '../../core/limits';
import type { OverviewData } from '../../core/layout/overview-data';
import { DARK, LIGHT } from '../graph-view/palette';
import { emit } from '../shared/events/emit';
import { format, langFromTag, strings, type Lang } from '../shared/i18n';
import { placeLabels, type PlacedLabel, type View } from './overview-labels';
import { OverviewModel } from './overview-model';
import { WorldLayer, buildPaths, drawOverview, type OverviewPaths } from './overview-render';
import { OverviewPointer } from './overview-pointer';

export interface OverviewFocusDetail {
  nodeIds: string[];
  selectedId?: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'kg-graph-overview': GraphOverview;
  }
  interface HTMLElementEventMap {
    'overview-focus': CustomEvent<OverviewFocusDetail>;
  }
}

/** Zoom (CSS px per world unit) from which a region is opened in the detailed view: nodes 24 px apart. */
export const HANDOFF_SCALE = 2;
const MAX_SCALE = 4;
/** Labels fetched per request, and how long the view waits for the pointer to rest before asking. */
const LABEL_BATCH = 200;
const LABEL_DELAY_MS = 150;
/** Input-free time after which the world layer is drawn again at the current zoom. */
const REST_MS = 140;

export class GraphOverview extends LitElement {
  static override styles = css`
    :host { display: block; position: relative; min-height: 200px; contain: strict; }
    canvas { position: absolute; inset: 0; width: 100%; height: 100%; touch-action: none; cursor: grab; outline: none; }
    canvas:focus-visible { box-shadow: inset 0 0 0 3px var(--kg-focus-ring, #1f6feb); }
    .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  `;

  @property({ attribute: false }) data: OverviewData | null = null;
  @property({ attribute: false }) selectedIds: readonly string[] = [];
  @property({ attribute: false }) hitIds: readonly string[] = [];
  @property({ attribute: false }) insightIds: readonly string[] = [];
  /** Texts of nodes by ord (the workbench asks GET …/overview/labels); absent: only the included labels show. */
  @property({ attribute: false }) labelSource: ((ords: number[]) => Promise<Record<string, string>>) | null = null;
  /** The interface language (the workbench passes its own). */
  @property({ attribute: 'ui-lang' }) uiLang: Lang =
    langFromTag(typeof navigator === 'undefined' ? 'en' : navigator.language) ?? 'en';
  @property({ reflect: true }) theme: 'light' | 'dark' | '' = '';

  model: OverviewModel | null = null;
  /** The labels of the last frame (read by tests: no two overlap). */
  placedLabels: PlacedLabel[] = [];
  /** Frames drawn so far (benchmarks wait on it). */
  frames = 0;
  view: View = { scale: 1, tx: 0, ty: 0, w: 0, h: 0 };
  private paths: OverviewPaths | null = null;
  private marks = { selected: new Set<number>(), hits: new Set<number>(), insights: new Set<number>() };
  private frame = 0;
  private resize: ResizeObserver | null = null;
  private widths = new Map<string, number>();
  private missing = new Set<number>();
  private asked = new Set<number>();
  private labelTimer = 0;
  private handedOff = false;
  private readonly layer = new WorldLayer();
  /** The layer must be drawn again whatever the input (new data, size or theme). */
  private layerStale = true;
  /** When the view last changed by input; the world layer is redrawn sharp once input rests (REST_MS). */
  private lastInput = 0;
  private restTimer = 0;
  private readonly pointer = new OverviewPointer(this, {
    canvas: () => this.canvas,
    view: () => this.view,
    setView: (v, zoomed) => this.setView(v, zoomed),
    click: (x, y) => this.clickAt(x, y),
  });

  private get canvas(): HTMLCanvasElement | null {
    return this.renderRoot.querySelector('canvas');
  }

  override render() {
    const s = strings(this.uiLang).overview;
    const label = this.model
      ? format(this.uiLang, s.canvas, { nodes: this.model.n, sections: this.model.sections.length })
      : s.loading;
    return html`<canvas tabindex="0" role="img" aria-label=${label} aria-describedby="help" @keydown=${this.onKey}></canvas>
      <p id="help" class="sr">${s.help}</p>`;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.resize = new ResizeObserver(() => this.measure());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resize?.disconnect();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    clearTimeout(this.labelTimer);
    clearTimeout(this.restTimer);
  }

  override firstUpdated(): void {
    this.resize?.observe(this);
    this.pointer.attach();
    this.measure();
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('data')) {
      this.model = this.data ? new OverviewModel(this.data) : null;
      this.paths = this.model ? buildPaths(this.model) : null;
      this.layerStale = true;
      this.asked.clear();
      this.handedOff = false;
      if (this.view.w) this.fit();
    }
    if (changed.has('theme')) this.layerStale = true;
    if (changed.has('data') || changed.has('selectedIds') || changed.has('hitIds') || changed.has('insightIds')) {
      const indexes = (ids: readonly string[]) =>
        new Set(ids.map((id) => this.model?.indexOf(id) ?? -1).filter((i) => i >= 0));
      this.marks = {
        selected: indexes(this.selectedIds),
        hits: indexes(this.hitIds),
        insights: indexes(this.insightIds),
      };
    }
  }

  override updated(): void {
    this.invalidate();
  }

  /** Everything on screen. */
  fit(): void {
    const m = this.model;
    if (!m || !this.view.w) return;
    const scale = Math.min(this.view.w / m.width, this.view.h / m.height) * 0.96;
    this.setView(
      { ...this.view, scale, tx: (this.view.w - m.width * scale) / 2, ty: (this.view.h - m.height * scale) / 2 },
      false,
    );
  }

  /** Centres on these nodes at a zoom just below the hand-over (coming back from the detailed view). */
  showAround(nodeIds: readonly string[]): void {
    const m = this.model;
    const idx = nodeIds.map((id) => m?.indexOf(id) ?? -1).filter((i) => i >= 0);
    if (!m || !idx.length || !this.view.w) {
      this.fit();
      return;
    }
    const cx = idx.reduce((s, i) => s + m.x[i], 0) / idx.length;
    const cy = idx.reduce((s, i) => s + m.y[i], 0) / idx.length;
    const scale = HANDOFF_SCALE / 2.5;
    this.handedOff = false;
    this.setView({ ...this.view, scale, tx: this.view.w / 2 - cx * scale, ty: this.view.h / 2 - cy * scale }, false);
  }

  /** Opens the nodes of the viewport (≤ 800, nearest the centre first) in the detailed view. */
  focusViewport(selected = -1): void {
    const m = this.model;
    if (!m) return;
    const { scale, tx, ty, w, h } = this.view;
    let rect = { x0: -tx / scale, y0: -ty / scale, x1: (w - tx) / scale, y1: (h - ty) / scale };
    if (selected >= 0) {
      const half = Math.max(rect.x1 - rect.x0, rect.y1 - rect.y0) / 2;
      rect = { x0: m.x[selected] - half, y0: m.y[selected] - half, x1: m.x[selected] + half, y1: m.y[selected] + half };
    }
    const nodes = m.nodesNear(rect, GRAPH_VIEW_LIMIT, selected);
    if (!nodes.length) return;
    this.handedOff = true;
    emit(this, 'overview-focus', {
      nodeIds: nodes.map((i) => m.ids[i]),
      ...(selected >= 0 ? { selectedId: m.ids[selected] } : {}),
    });
  }

  private setView(v: View, zoomed: boolean): void {
    const scale = Math.min(MAX_SCALE, Math.max(this.minScale(), v.scale));
    const k = scale / v.scale;
    // A clamped zoom keeps the point under the screen centre where it was.
    this.view = k === 1 ? v : { ...v, scale, tx: v.w / 2 - (v.w / 2 - v.tx) * k, ty: v.h / 2 - (v.h / 2 - v.ty) * k };
    this.lastInput = performance.now();
    clearTimeout(this.restTimer);
    this.restTimer = window.setTimeout(() => this.invalidate(), REST_MS);
    this.invalidate();
    if (!zoomed) return;
    if (this.view.scale < HANDOFF_SCALE * 0.8) this.handedOff = false;
    else if (this.view.scale >= HANDOFF_SCALE && !this.handedOff) this.focusViewport();
  }

  private minScale(): number {
    const m = this.model;
    return m && this.view.w ? Math.min(this.view.w / m.width, this.view.h / m.height) * 0.5 : 0.01;
  }

  private measure(): void {
    const rect = this.getBoundingClientRect();
    const canvas = this.canvas;
    if (!canvas || rect.width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(rect.width * dpr);
    canvas.height = Math.round(rect.height * dpr);
    const first = !this.view.w;
    this.view = { ...this.view, w: rect.width, h: rect.height };
    this.layerStale = true;
    if (first) this.fit();
    this.invalidate();
  }

  private invalidate(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private draw(): void {
    const canvas = this.canvas;
    const ctx = canvas?.getContext('2d');
    const m = this.model;
    if (!ctx || !m || !this.paths || !this.view.w) return;
    const measureText = (text: string, font: string) => {
      const key = `${font}|${text}`;
      let w = this.widths.get(key);
      if (w === undefined) {
        ctx.font = font;
        w = ctx.measureText(text).width;
        if (this.widths.size > 20_000) this.widths.clear();
        this.widths.set(key, w);
      }
      return w;
    };
    this.placedLabels = placeLabels(m, this.view, measureText, (i) => {
      if (!this.asked.has(i) && this.missing.size < LABEL_BATCH) this.missing.add(i);
    });
    const dark =
      this.theme === 'dark' || (this.theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    const palette = dark ? DARK : LIGHT;
    const dpr = window.devicePixelRatio || 1;
    const resting = performance.now() - this.lastInput >= REST_MS;
    if (this.layerStale || (resting && !this.layer.fits(this.view, dpr))) {
      this.layer.render(m, this.paths, this.view, dpr, palette);
      this.layerStale = false;
    }
    drawOverview(ctx, m, this.layer, this.view, dpr, palette, this.marks, this.placedLabels);
    this.frames++;
    if (this.missing.size) this.scheduleLabels();
  }

  private scheduleLabels(): void {
    clearTimeout(this.labelTimer);
    this.labelTimer = window.setTimeout(async () => {
      const source = this.labelSource;
      const m = this.model;
      const ords = [...this.missing];
      this.missing.clear();
      if (!source || !m || !ords.length) return;
      for (const i of ords) this.asked.add(i);
      try {
        const texts = await source(ords);
        if (m !== this.model) return;
        for (const [ord, text] of Object.entries(texts)) m.labels.set(Number(ord), text);
        this.invalidate();
      } catch {
        for (const i of ords) this.asked.delete(i);
      }
    }, LABEL_DELAY_MS);
  }

  private clickAt(x: number, y: number): void {
    const m = this.model;
    if (!m) return;
    const { scale, tx, ty } = this.view;
    const hit = m.nearest((x - tx) / scale, (y - ty) / scale, Math.max(8 / scale, 6));
    if (hit >= 0) this.focusViewport(hit);
  }

  private onKey = (event: KeyboardEvent) => {
    const v = this.view;
    const step = 80;
    const zoom = (k: number) =>
      this.setView(
        { ...v, scale: v.scale * k, tx: v.w / 2 - (v.w / 2 - v.tx) * k, ty: v.h / 2 - (v.h / 2 - v.ty) * k },
        true,
      );
    const keys: Record<string, () => void> = {
      ArrowLeft: () => this.setView({ ...v, tx: v.tx + step }, false),
      ArrowRight: () => this.setView({ ...v, tx: v.tx - step }, false),
      ArrowUp: () => this.setView({ ...v, ty: v.ty + step }, false),
      ArrowDown: () => this.setView({ ...v, ty: v.ty - step }, false),
      '+': () => zoom(1.25),
      '=': () => zoom(1.25),
      '-': () => zoom(0.8),
      '0': () => this.fit(),
      Enter: () => this.focusViewport(),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
}
