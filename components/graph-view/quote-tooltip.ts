// The quote tooltip of a node: shown on hover (after a short delay), on a long press (touch and pen) and on
// keyboard focus. It shows the node's full text (the box may show it shortened) and its quote. Text only: both go
// through Lit text bindings. It is placed after it is drawn, from its measured size: above the node, or below it
// when there is no room above, and clamped inside the canvas horizontally (with a minimum width, so it never
// collapses near an edge). Its position follows pan and zoom by a direct style write; moving never re-renders.
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';

export interface QuoteTooltipOptions {
  /** The node's full text, and its quote ('' when it has none). */
  contentOf: (nodeId: string) => { text: string; quote: string } | null;
  /** Canvas pixels of the node's horizontal centre, top and bottom, or null when it is not drawn. */
  anchorOf: (nodeId: string) => TooltipAnchor | null;
}

const HOVER_DELAY = 350;
const LONG_PRESS = 500;
/** Space kept between the tooltip and the node, and between the tooltip and the canvas edges (px). */
const GAP = 8;

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

  hostUpdated(): void {
    this.reposition();
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

  /** Places the tooltip by its node (after a render, and after every pan or zoom frame). */
  reposition(): void {
    if (this.nodeId === null) return;
    const el = this.host.renderRoot.querySelector<HTMLElement>('.tooltip');
    const at = this.options.anchorOf(this.nodeId);
    if (el && at) place(el, at);
  }

  render() {
    if (this.nodeId === null) return nothing;
    const content = this.options.contentOf(this.nodeId);
    if (!content || !this.options.anchorOf(this.nodeId)) return nothing;
    const { text, quote } = content;
    return html`<div class="tooltip" role="tooltip" data-for=${this.nodeId}
      ><div class="full">${text}</div>${quote && quote !== text ? html`<div class="quote">“${quote}”</div>` : nothing}</div>`;
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

/** Above the anchor if it fits, else below; horizontally centred on it but kept inside the canvas. */
export function tooltipPosition(
  size: { width: number; height: number },
  at: TooltipAnchor,
  canvas: { width: number; height: number },
): { left: number; top: number } {
  const left = Math.max(GAP, Math.min(at.x - size.width / 2, canvas.width - size.width - GAP));
  const above = at.top - GAP - size.height;
  const below = at.bottom + GAP;
  const top = above >= GAP || below + size.height > canvas.height - GAP ? Math.max(GAP, above) : below;
  return { left: Math.round(left), top: Math.round(top) };
}

function place(el: HTMLElement, at: TooltipAnchor): void {
  const canvas = el.offsetParent as HTMLElement | null;
  const p = tooltipPosition({ width: el.offsetWidth, height: el.offsetHeight }, at, {
    width: canvas?.clientWidth ?? 0,
    height: canvas?.clientHeight ?? 0,
  });
  el.style.left = `${p.left}px`;
  el.style.top = `${p.top}px`;
}

/** Canvas pixels of a node's horizontal centre, top and bottom under the view transform `t`. */
export function anchorOf(
  n: { x: number; y: number; width: number; height: number } | undefined,
  t: { x: number; y: number; k: number },
): TooltipAnchor | null {
  return n ? { x: (n.x + n.width / 2) * t.k + t.x, top: n.y * t.k + t.y, bottom: (n.y + n.height) * t.k + t.y } : null;
}
