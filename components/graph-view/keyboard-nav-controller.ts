// Keyboard access to the graph, following the WAI-ARIA Authoring Practices "roving tabindex" technique
// (Developing a Keyboard Interface → Managing Focus Within Components) inside a role="application" canvas whose
// SVG is a role="graphics-document": exactly one node has tabindex="0", so Tab enters the graph once and lands on
// the remembered node; arrow keys move focus between connected nodes by geometry; Enter activates, Space selects,
// Escape dismisses; + / − / 0 zoom in, out and back to 100 %; Home / End jump to the first / last node.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { nextByArrow, type ArrowDirection, type NodeCentre } from './neighbour-by-direction';

export interface KeyboardNavHost extends ReactiveControllerHost {
  /** The element listening for keys (the canvas). */
  readonly keySurface: HTMLElement | null;
  /** True when DOM focus is on a node (not on the canvas background). */
  readonly nodeHasFocus: boolean;
  /** The node currently holding the roving tabindex. */
  readonly rovingId: string | null;
  readonly nodeOrder: readonly string[];
  readonly centres: ReadonlyMap<string, NodeCentre>;
  readonly adjacency: ReadonlyMap<string, ReadonlySet<string>>;
  /** Moves the roving tabindex to `id`, scrolls it into view and focuses it. */
  focusNode(id: string): void;
  activateNode(id: string): void;
  selectNode(id: string): void;
  dismiss(): void;
  zoomStep(direction: 1 | -1): void;
  zoomReset(): void;
  /** Hides or shows the minimap (M). */
  toggleMinimap(): void;
}

const ARROWS: Record<string, ArrowDirection> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

export class KeyboardNavController implements ReactiveController {
  private attached: HTMLElement | null = null;

  constructor(private readonly host: KeyboardNavHost) {
    host.addController(this);
  }

  hostUpdated(): void {
    const surface = this.host.keySurface;
    if (surface === this.attached) return;
    this.attached?.removeEventListener('keydown', this.onKeyDown);
    surface?.addEventListener('keydown', this.onKeyDown);
    this.attached = surface;
  }

  hostDisconnected(): void {
    this.attached?.removeEventListener('keydown', this.onKeyDown);
    this.attached = null;
  }

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const h = this.host;
    const current = h.rovingId && h.centres.has(h.rovingId) ? h.rovingId : null;
    const direction = ARROWS[e.key];
    let handled = true;
    if (direction) {
      // From the canvas background an arrow first puts focus on the remembered node; from a node it moves.
      const from = current ?? h.nodeOrder[0];
      if (from) {
        const next = current && h.nodeHasFocus ? nextByArrow(current, direction, h.centres, h.adjacency) : from;
        if (next) h.focusNode(next);
      }
    } else {
      switch (e.key) {
        case 'Enter':
          if (current) h.activateNode(current);
          break;
        case ' ':
          if (current) h.selectNode(current);
          break;
        case 'Escape':
          h.dismiss();
          break;
        case '+':
        case '=':
          h.zoomStep(1);
          break;
        case '-':
        case '_':
        case '−':
          h.zoomStep(-1);
          break;
        case '0':
          h.zoomReset();
          break;
        case 'm':
        case 'M':
          if (e.ctrlKey || e.metaKey || e.altKey) handled = false;
          else h.toggleMinimap();
          break;
        case 'Home':
          if (h.nodeOrder.length) h.focusNode(h.nodeOrder[0]);
          break;
        case 'End':
          if (h.nodeOrder.length) h.focusNode(h.nodeOrder[h.nodeOrder.length - 1]);
          break;
        default:
          handled = false;
      }
    }
    if (handled) e.preventDefault();
  };
}
