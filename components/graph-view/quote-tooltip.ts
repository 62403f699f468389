// The quote tooltip of a node: shown on hover (after a short delay), on a long press (touch and pen) and on
// keyboard focus. Text only: the quote goes through a Lit text binding. Its position follows pan and zoom by a
// direct style write, so moving the view never re-renders anything.
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';

export interface QuoteTooltipOptions {
  quoteOf: (nodeId: string) => string;
  /** Canvas pixels of the node's horizontal centre, top and bottom, or null when it is not drawn. */
  anchorOf: (nodeId: string) => TooltipAnchor | null;
}

const HOVER_DELAY = 350;
const LONG_PRESS = 500;
/** Below this many pixels from the top the tooltip opens under the anchor instead of above it. */
const ROOM_ABOVE = 72;

type Source = 'hover' | 'press' | 'focus';

export interface TooltipAnchor {
  x: number;
  top: number;
  bottom: number;
}

export class QuoteTooltip implements ReactiveController {
  private nodeId: string | null = null;
  private source: Source | null = null;
  private timer = 0;
  private longPressed = false;

  constructor(
    private readonly host: ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment },
    private readonly options: QuoteTooltipOptions,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
  }

  get visibleFor(): string | null {
    return this.nodeId;
  }

  hoverStart(nodeId: string): void {
    if (this.source === 'focus' && this.nodeId === nodeId) return;
    this.later(HOVER_DELAY, () => this.show(nodeId, 'hover'));
  }

  hoverEnd(): void {
    clearTimeout(this.timer);
    if (this.source === 'hover' || this.source === 'press') this.hide();
  }

  pressStart(nodeId: string): void {
    this.longPressed = false;
    this.later(LONG_PRESS, () => {
      this.longPressed = true;
      this.show(nodeId, 'press');
    });
    const cancel = () => {
      clearTimeout(this.timer);
      window.removeEventListener('pointerup', cancel);
      window.removeEventListener('pointercancel', cancel);
    };
    window.addEventListener('pointerup', cancel);
    window.addEventListener('pointercancel', cancel);
  }

  /** True once after a long press, so the click that ends it does not also select the node. */
  consumeLongPress(): boolean {
    const was = this.longPressed;
    this.longPressed = false;
    return was;
  }

  focusShow(nodeId: string): void {
    this.show(nodeId, 'focus');
  }

  focusHide(): void {
    if (this.source === 'focus') this.hide();
  }

  hide(): void {
    clearTimeout(this.timer);
    if (this.nodeId === null) return;
    this.nodeId = null;
    this.source = null;
    this.host.requestUpdate();
  }

  /** Moves the tooltip with its node after a pan or zoom frame. */
  reposition(): void {
    if (this.nodeId === null) return;
    const el = this.host.renderRoot.querySelector<HTMLElement>('.tooltip');
    const at = this.options.anchorOf(this.nodeId);
    if (el && at) this.place(el, at);
  }

  render() {
    if (this.nodeId === null) return nothing;
    const quote = this.options.quoteOf(this.nodeId);
    const at = this.options.anchorOf(this.nodeId);
    if (!quote || !at) return nothing;
    const below = at.top < ROOM_ABOVE;
    return html`<div class="tooltip${below ? ' below' : ''}" role="tooltip" data-for=${this.nodeId}
      style="left:${Math.round(at.x)}px;top:${Math.round(below ? at.bottom : at.top)}px">${quote}</div>`;
  }

  private place(el: HTMLElement, at: TooltipAnchor): void {
    el.style.left = `${Math.round(at.x)}px`;
    el.style.top = `${Math.round(el.classList.contains('below') ? at.bottom : at.top)}px`;
  }

  private show(nodeId: string, source: Source): void {
    clearTimeout(this.timer);
    this.nodeId = nodeId;
    this.source = source;
    this.host.requestUpdate();
  }

  private later(ms: number, run: () => void): void {
    clearTimeout(this.timer);
    this.timer = window.setTimeout(run, ms);
  }
}
