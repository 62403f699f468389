// From data to drawable scene, as a Lit ReactiveController: new nodes and edges, a precomputed layout or another
// algorithm start a layout (core/layout through LayoutRunner, cached per algorithm); its result becomes a Scene.
// A new scene opens on its largest connected piece (relations and mentions), fitted, or at that piece's densest readable region when a fit would be unreadable. A large one is drawn in two steps: first what that opening view shows
// (plus a margin), then, once that frame is on screen, the rest; every item is still rendered once per layout.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { LayoutAlgorithm, LayoutResult } from '../../core/layout/types';
import type { KgEdge, KgNode, Mention } from '../../core/schema/graph';
import { strings, type Lang } from './i18n';
import { LayoutRunner, mentionLinkId, type LayeredLayout, type LayoutOutcome } from './layout-runner';
import { buildAdjacency } from './neighbour-by-direction';
import { buildScene, sceneWithin, type MeasureText, type Scene, type ScenePart } from './scene';
import { canvasTextMeasure } from './text-measure';
import { fitTransform, openingTransform, visibleBox, type ViewTransform } from './viewport-math';

/** Scenes with more nodes than this draw their visible part first. */
const FIRST_PHASE_MIN_NODES = 200;
/** Screen pixels drawn beyond the opening view in the first step. */
const FIRST_PHASE_MARGIN = 48;

export interface SceneHost extends ReactiveControllerHost, Element {
  readonly nodes: KgNode[];
  readonly edges: KgEdge[];
  readonly mentions: Mention[];
  readonly concepts: KgNode[];
  readonly layout: LayoutAlgorithm;
  readonly layoutResult: LayoutResult | null;
  readonly layeredLayout: LayeredLayout | undefined;
  readonly lang: Lang;
  /** At most this many lines of a node's text are drawn (the box is sized for them). */
  readonly labelLines: number;
  /** Size of the canvas in CSS px (0 × 0 while hidden). */
  viewportSize(): { width: number; height: number };
  /** Applies a transform at once (the opening fit of a scene). */
  openAt(t: ViewTransform): void;
  /** A new scene replaced the old one (null while laying out). */
  sceneChanged(scene: Scene | null): void;
}

export class SceneController implements ReactiveController {
  scene: Scene | null = null;
  /** What is drawn now: the opening view of a large scene at first, then everything. */
  part: ScenePart | null = null;
  adjacency: ReadonlyMap<string, ReadonlySet<string>> = new Map();
  /** The status line: laying out, empty graph, layout fallback. */
  status = '';
  private readonly runner = new LayoutRunner();
  private opening: ViewTransform | null = null;
  private awaitingSize = true;
  private shown: Scene | null = null;
  private waiters: Array<() => void> = [];
  private measureText: MeasureText | null = null;
  private shownOutcome: LayoutOutcome | null = null;
  /** A layout switch: the next scene opens on its whole drawing, fitted (not cropped to a piece or a region). */
  private fitNext = false;

  constructor(private readonly host: SceneHost) {
    host.addController(this);
  }

  /** Call from the host's willUpdate with what changed. */
  update(changed: {
    data: boolean;
    layoutResult: boolean;
    layout: boolean;
    layeredLayout: boolean;
    centre?: string | null;
  }): void {
    const h = this.host;
    // The radial layout is centred on the selected node: a new selection lays it out again around that node.
    const recentre =
      changed.centre !== undefined && this.runner.setCentre(changed.centre) && h.layout === 'radial' && !!this.shown;
    if (changed.layout && this.shown) this.fitNext = true;
    if (changed.data) {
      this.runner.setData(h.nodes ?? [], h.edges ?? [], h.labelLines, h.mentions ?? [], h.concepts ?? []);
      this.adjacency = buildAdjacency(this.runner.edges);
      this.setScene(null);
    }
    if (changed.layoutResult && h.layoutResult) this.runner.provide(h.layout, h.layoutResult);
    // A new server callback matters only if the layered layout is wanted and was not obtained from the server.
    if (changed.layeredLayout && h.layout === 'layered' && this.runner.cached('layered')?.fellBack)
      this.runner.forget('layered');
    if (recentre) this.fitNext = true;
    if (changed.data || changed.layoutResult || changed.layout || changed.layeredLayout || recentre) this.start();
  }

  hostUpdated(): void {
    const scene = this.scene;
    if (!scene || scene === this.shown) return;
    this.shown = scene;
    if (this.opening) {
      this.host.openAt(this.opening);
      this.opening = null;
    }
    if (this.part !== null && this.part !== this.everything(scene)) {
      // The rest once the first frame is on screen: after the frame that follows it has begun.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => setTimeout(() => this.scene === scene && this.completePart(), 0)),
      );
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Mounted hidden or at zero size: fit once a real size arrives. */
  resized(viewport: { width: number; height: number }): void {
    if (this.awaitingSize && viewport.width > 0 && viewport.height > 0 && this.scene) {
      this.awaitingSize = false;
      this.host.openAt(opening(this.scene, viewport));
    }
  }

  /** The layout drawn instead of the one asked for (layered without a server falls back to force), or null. */
  get fellBackTo(): LayoutAlgorithm | null {
    return this.shownOutcome?.fellBack ? this.shownOutcome.algorithm : null;
  }

  /** Draws the rest of a large scene now (a node outside the opening view is needed). */
  async drawAll(): Promise<void> {
    this.completePart();
    await this.host.updateComplete;
  }

  /** The scene, once one is drawn. */
  whenReady(): Promise<Scene> {
    return new Promise((resolve) => {
      if (this.scene && this.scene === this.shown) resolve(this.scene);
      else this.waiters.push(() => resolve(this.scene!));
    });
  }

  private completePart(): void {
    if (!this.scene || this.part === this.everything(this.scene)) return;
    this.part = this.everything(this.scene);
    this.host.requestUpdate();
  }

  private everythingOf: { scene: Scene; part: ScenePart } | null = null;

  private everything(scene: Scene): ScenePart {
    if (this.everythingOf?.scene !== scene) {
      this.everythingOf = {
        scene,
        part: { nodes: scene.nodes, edges: scene.edges, labels: scene.placedLabels, mentions: scene.mentions },
      };
    }
    return this.everythingOf.part;
  }

  private start(): void {
    const algorithm = this.host.layout;
    const hit = this.runner.cached(algorithm);
    if (hit) {
      // Already on screen: keep the scene and the reader's pan and zoom.
      if (hit !== this.shownOutcome || !this.scene) this.show(hit);
      return;
    }
    this.status = strings(this.host.lang).layingOut;
    this.host.requestUpdate();
    void this.runner.compute(algorithm, this.host.layeredLayout).then((outcome) => {
      if (outcome && algorithm === this.host.layout) this.show(outcome);
    });
  }

  private show(outcome: LayoutOutcome): void {
    const h = this.host;
    this.shownOutcome = outcome;
    // Where and how fast the client layout ran, for embedders and tests (the force layout runs in a worker).
    if (outcome.thread) {
      h.setAttribute('data-layout-thread', outcome.thread);
      h.setAttribute('data-layout-ms', String(Math.round(outcome.ms ?? 0)));
    }
    this.measureText ??= canvasTextMeasure(h);
    const scene = buildScene(outcome.result, h.nodes ?? [], h.edges ?? [], this.runner.linesOf, this.measureText, {
      mentions: h.mentions ?? [],
      concepts: h.concepts ?? [],
      insetOf: this.runner.insetOf,
      routeId: mentionLinkId,
    });
    const s = strings(h.lang);
    this.status = scene.nodes.length === 0 ? s.empty : outcome.fellBack && h.layeredLayout ? s.layoutFailed : '';
    const viewport = h.viewportSize();
    const sized = viewport.width > 0 && viewport.height > 0;
    this.awaitingSize = !sized;
    const whole = this.fitNext;
    this.fitNext = false;
    this.opening = whole ? fitTransform(scene.bounds, viewport) : opening(scene, viewport);
    this.setScene(scene);
    if (sized && !whole && scene.nodes.length > FIRST_PHASE_MIN_NODES) {
      this.part = sceneWithin(scene, visibleBox(this.opening, viewport, FIRST_PHASE_MARGIN));
    }
  }

  private setScene(scene: Scene | null): void {
    this.scene = scene;
    this.part = scene ? this.everything(scene) : null;
    this.host.sceneChanged(scene);
    this.host.requestUpdate();
  }
}

/** The largest connected piece (relations and mentions) fitted, or its densest readable region (openingTransform). */
function opening(scene: Scene, viewport: { width: number; height: number }): ViewTransform {
  return openingTransform(scene.mainPiece.bounds, scene.mainPiece.nodes, viewport);
}
