// Shareable state (issue 16): where the reader is — the document, the selected node or unit, the section and the
// view (a window offset, or a search) — as one small record. The workbench reports every change as `state-change`
// and takes the same record from its `node`, `unit`, `section` and `view` attributes. With `url-state` set (the demo
// page sets it; an embedder's URL is never touched by default) the record also lives in the page's fragment,
// `#doc=…&node=…&unit=…&section=…&view=…&layout=…`: a new selection adds a history entry (Back returns to the
// previous one), other changes replace the current entry, and Back, Forward and a pasted link reopen the same place,
// with the node's card open and the graph in the same layout (issue 26).
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { LAYOUT_ALGORITHMS, type LayoutAlgorithm } from '../../core/layout/types';
import type { WorkbenchContext } from './context';

export interface ViewState {
  doc: string | null;
  node: string | null;
  unit: number | null;
  section: string | null;
  /** '' for the first window; a node offset ('800'), or a search ('q:entropy'). */
  view: string;
  /** The graph's layout; in a fragment, absent means the default ('layered'); from the attributes, absent (null)
   * leaves the reader's own choice. */
  layout: LayoutAlgorithm | null;
}

const DEFAULT_LAYOUT: LayoutAlgorithm = 'layered';

const layoutOf = (v: string | null): LayoutAlgorithm | null =>
  LAYOUT_ALGORITHMS.includes(v as LayoutAlgorithm) ? (v as LayoutAlgorithm) : null;

declare global {
  interface HTMLElementEventMap {
    'state-change': CustomEvent<{ state: ViewState }>;
  }
}

const KEYS = ['doc', 'node', 'unit', 'section', 'view', 'layout', 'ask'] as const;

/** The record in a fragment (`#doc=…&node=…`); unknown keys are ignored (an `ask` link stays the demo page's). */
export function parseFragment(hash: string): ViewState {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const unit = Number(p.get('unit'));
  return {
    doc: p.get('doc')?.trim() || null,
    node: p.get('node') || null,
    unit: Number.isSafeInteger(unit) && unit > 0 ? unit : null,
    section: p.get('section') || null,
    view: (p.get('view') ?? '').slice(0, 600),
    layout: layoutOf(p.get('layout')) ?? DEFAULT_LAYOUT,
  };
}

/** The fragment of a record, keeping keys this module does not own (`ask`) from `previous`. */
export function toFragment(s: ViewState, previous = ''): string {
  const p = new URLSearchParams();
  if (s.doc) p.set('doc', s.doc);
  if (s.node) p.set('node', s.node);
  if (s.unit !== null) p.set('unit', String(s.unit));
  if (s.section) p.set('section', s.section);
  if (s.view) p.set('view', s.view);
  if (s.layout && s.layout !== DEFAULT_LAYOUT) p.set('layout', s.layout);
  const ask = new URLSearchParams(previous.replace(/^#/, '')).get('ask');
  if (ask) p.set('ask', ask);
  return p.toString() ? `#${p}` : '';
}

export const sameState = (a: ViewState, b: ViewState) => KEYS.every((k) => k === 'ask' || a[k] === b[k]);

/** What opening a state needs of the workbench beyond its context. */
export interface UrlStateDeps {
  /** Shows a stored document (the workbench's own opening: the selection cleared, the document remembered). */
  openDocument(documentId: string): Promise<void>;
  /** The `document-id` property. */
  documentId(): string | null;
  /** The graph's layout now, and a way to change it (the reader's remembered choice). */
  layout(): LayoutAlgorithm;
  setLayout(layout: LayoutAlgorithm): void;
}

export class UrlStateController implements ReactiveController {
  private last: ViewState | null = null;
  /** True while a state is being applied (its intermediate steps are not reported). */
  private applying = false;

  /** `host` is the workbench element: its own attributes (`url-state`, `node`, `unit`, …) are read here. */
  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly ctx: WorkbenchContext,
    private readonly deps: UrlStateDeps,
  ) {
    host.addController(this);
  }

  get enabled(): boolean {
    return this.host.hasAttribute('url-state');
  }

  hostConnected(): void {
    addEventListener('popstate', this.onPop);
  }

  hostDisconnected(): void {
    removeEventListener('popstate', this.onPop);
  }

  /** Where the reader is now. */
  current(): ViewState {
    const { doc, selection: sel } = this.ctx;
    return {
      doc: doc.info?.documentId ?? null,
      node: sel.selectedUnit === null ? sel.selectedNodeId : null,
      unit: sel.selectedUnit,
      section: doc.sectionId,
      view: doc.query ? `q:${doc.query}` : doc.offset ? String(doc.offset) : '',
      layout: this.deps.layout(),
    };
  }

  /** The state to open first: the fragment (url-state), else the attributes. */
  initial(): ViewState {
    const host = this.host;
    if (this.enabled && location.hash) {
      const s = parseFragment(location.hash);
      if (s.doc) return s;
    }
    const unit = Number(host.getAttribute('unit'));
    return {
      doc: this.deps.documentId(),
      node: host.getAttribute('node'),
      unit: Number.isSafeInteger(unit) && unit > 0 ? unit : null,
      section: host.getAttribute('section'),
      view: host.getAttribute('view') ?? '',
      layout: layoutOf(host.getAttribute('layout')),
    };
  }

  /** After every render: report a change (state-change) and, with url-state, write it to the fragment. */
  hostUpdated(): void {
    if (this.applying || !this.ctx.doc.info || this.ctx.doc.loading) return;
    const now = this.current();
    const before = this.last;
    if (before && sameState(before, now)) return;
    this.last = now;
    this.ctx.notify('state-change', { state: now });
    if (!this.enabled) return;
    const hash = toFragment(now, location.hash);
    if (hash === location.hash) return;
    const selectionMoved =
      !!before &&
      before.doc === now.doc &&
      (before.node !== now.node || before.unit !== now.unit) &&
      (now.node || now.unit);
    if (selectionMoved) history.pushState(null, '', hash);
    else history.replaceState(null, '', hash || location.pathname + location.search);
  }

  /** Opens `s`: the layout, the document, the section and view, then the node (selected with its card, in view,
   * its unit in the source) or the unit. */
  async apply(s: ViewState): Promise<void> {
    const { ctx } = this;
    const opened = s.layout ?? this.deps.layout();
    this.applying = true;
    try {
      if (s.layout && s.layout !== this.deps.layout()) this.deps.setLayout(s.layout);
      if (s.doc && s.doc !== ctx.doc.info?.documentId) await this.deps.openDocument(s.doc);
      const doc = ctx.doc;
      if (!doc.info) return;
      if ((s.section ?? null) !== doc.sectionId) await doc.setSection(s.section);
      const query = s.view.startsWith('q:') ? s.view.slice(2) : '';
      const offset = query ? 0 : Number(s.view) || 0;
      if (query !== doc.query) await doc.search(query);
      else if (!query && offset !== doc.offset) await doc.showWindow(offset);
      if (s.node) {
        // A node outside the shown window is found by id (the search view around it).
        if (!doc.graph?.nodes.some((n) => n.id === s.node)) await doc.search(s.node);
        if (!doc.graph?.nodes.some((n) => n.id === s.node)) return;
        // A link to a node reopens its card (issue 26), as a click on the node would.
        ctx.selection.selectNode(s.node);
        await ctx.updateComplete;
        await ctx.panes.focusNodes([s.node]);
      } else if (s.unit !== null) {
        const inView = new Set(doc.graph?.nodes.map((n) => n.id) ?? []);
        ctx.selection.selectUnit(s.unit, inView);
        await ctx.updateComplete;
        await ctx.panes.revealUnit(s.unit);
      } else {
        ctx.selection.clear();
      }
    } finally {
      this.applying = false;
      // Where the link led counts as reported, in the layout it opened: a layout picked while it was still opening
      // differs and is reported on the next render.
      this.last = { ...this.current(), layout: opened };
      this.host.requestUpdate();
    }
  }

  private readonly onPop = () => {
    if (!this.enabled) return;
    const s = parseFragment(location.hash);
    if (s.doc && this.last && sameState(s, this.last)) return;
    if (s.doc) void this.apply(s);
  };
}
