import { ContextConsumer } from '@lit/context';
import { LitElement, html, nothing } from 'lit';
import type { KgEdge, KgNode } from '../../core/schema';
import type { PathStep } from '../../core/query/path';
import { format, relationLabel, type Lang } from '../shared/i18n';
import { exploreStrings } from '../shared/i18n/explore';
import { typeBadge } from '../shared/type-badges';
import { cardRelationsStyles } from './card-relations.styles';
import { type WorkbenchContext, workbenchContext } from '../workbench/context';
import {
  exploreState,
  highlightPath,
  loadLocalGraph,
  loadNeighbourhood,
  loadPath,
  neighbourhoodInView,
  type MentionRef,
  type Neighbourhood,
} from './explore';

declare global {
  interface HTMLElementTagNameMap {
    'kg-card-relations': KgCardRelations;
  }
}

const DEPTHS = [1, 2, 3] as const;

/**
 * @summary A node's relations in and out (relation word, the other node's text, a link to walk there), its mentions
 * with their units, the local graph around it (depth 1–3) and the path from a chosen start to it. Used inside a
 * <kg-workbench>'s detail card (it takes the workbench's context); renders nothing outside one.
 */
export class KgCardRelations extends LitElement {
  static override properties = {
    lang: { type: String },
    node: { attribute: false },
    near: { state: true },
    status: { state: true },
    depth: { state: true },
    busy: { state: true },
  };

  declare lang: Lang;
  declare node: KgNode | null;
  declare near: Neighbourhood | null;
  declare status: string | null;
  declare depth: number;
  declare busy: boolean;

  private context: WorkbenchContext | null = null;
  private abort: AbortController | null = null;
  private loadedFor: string | null = null;

  protected readonly consumer = new ContextConsumer(this, {
    context: workbenchContext,
    subscribe: true,
    callback: (ctx) => {
      this.context = ctx;
      this.requestUpdate();
    },
  });

  constructor() {
    super();
    this.lang = 'en';
    this.node = null;
    this.near = null;
    this.status = null;
    this.depth = 1;
    this.busy = false;
  }

  static override styles = cardRelationsStyles;

  override willUpdate(): void {
    const ctx = this.context;
    const id = this.node?.id ?? null;
    if (!ctx || id === this.loadedFor) return;
    this.loadedFor = id;
    this.abort?.abort();
    this.near = id ? neighbourhoodInView(ctx, id) : null;
    if (!id || !ctx.doc.source) return;
    const abort = new AbortController();
    this.abort = abort;
    loadNeighbourhood(ctx, id, abort.signal).then(
      (near) => {
        if (!abort.signal.aborted) this.near = near;
      },
      () => {
        /* the list from the view stays; the query's failure is not the card's to report */
      },
    );
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.abort?.abort();
    this.loadedFor = null;
  }

  private get s() {
    return exploreStrings(this.lang);
  }

  private textOf(id: string): string {
    return this.context?.doc.known.get(id)?.text ?? this.near?.nodes.get(id)?.text ?? id;
  }

  override render() {
    const ctx = this.context;
    const node = this.node;
    if (!ctx || !node) return nothing;
    const near = this.near ?? neighbourhoodInView(ctx, node.id);
    const s = this.s;
    return html`<section aria-label=${format(this.lang, s.relations, { n: near.edges.length })}>
        <h3 id="rel-heading">${format(this.lang, s.relations, { n: near.edges.length })}</h3>
        ${
          near.edges.length === 0
            ? html`<p class="status">${s.noRelations}</p>`
            : html`<ul data-relations>${near.edges.map((e) => this.renderEdge(node.id, e))}</ul>`
        }
        ${
          near.mentions.length
            ? html`<h3>${format(this.lang, s.mentions, { n: near.mentions.length })}</h3>
              <ul data-mentions>${near.mentions.map((m) => this.renderMention(node.id, m))}</ul>`
            : nothing
        }
      </section>
      ${this.renderTools(node)} ${this.renderPath()}
      <p class="status" role="status" aria-live="polite">${this.status ?? ''}</p>`;
  }

  private renderEdge(nodeId: string, e: KgEdge) {
    const out = e.fromNodeId === nodeId;
    const other = out ? e.toNodeId : e.fromNodeId;
    const s = this.s;
    const text = this.textOf(other);
    const type = this.near?.nodes.get(other)?.type ?? this.context?.doc.known.get(other)?.type;
    return html`<li data-edge-id=${e.id} data-direction=${out ? 'out' : 'in'}>
      <span class="dir" aria-label=${out ? s.outgoing : s.incoming}>${out ? '→' : '←'}</span>
      <span class="rel">${relationLabel(e.relation, this.lang)}</span>
      ${type ? typeBadge(type, this.lang) : nothing}
      <button type="button" class="walk" data-walk=${other} aria-label=${format(this.lang, s.walk, { text })}
        @click=${() => this.walk(other)}>${text}</button>
    </li>`;
  }

  private renderMention(nodeId: string, m: MentionRef) {
    const s = this.s;
    const names = m.nodeId === nodeId;
    const other = names ? m.conceptId : m.nodeId;
    const text = this.textOf(other);
    return html`<li data-mention-id=${m.id}>
      <span class="rel">${format(this.lang, names ? s.names : s.namedBy, { term: m.term })}</span>
      <button type="button" class="walk" data-walk=${other} aria-label=${format(this.lang, s.walk, { text })}
        @click=${() => this.walk(other)}>${text}</button>
      ${
        m.paragraph !== null
          ? html`<button type="button" class="unit" data-unit=${m.paragraph} @click=${() => this.reveal(m.paragraph!)}>
            ${format(this.lang, s.unitLink, { n: m.paragraph })}</button>`
          : nothing
      }
    </li>`;
  }

  private renderTools(node: KgNode) {
    const s = this.s;
    const state = this.context ? exploreState(this.context) : null;
    const start = state?.pathStart ?? null;
    return html`<div class="tools">
        <label>${s.depth}
          <select data-depth .value=${String(this.depth)} @change=${(e: Event) => {
            this.depth = Number((e.target as HTMLSelectElement).value);
          }}>${DEPTHS.map((d) => html`<option value=${d} ?selected=${d === this.depth}>${d}</option>`)}</select>
        </label>
        <button type="button" data-local ?disabled=${this.busy} @click=${() => this.showLocal(node.id)}>${s.showLocal}</button>
      </div>
      <div class="tools">
        <button type="button" data-path-start @click=${() => this.setStart(node)}>${s.pathStart}</button>
        ${
          start && start.id !== node.id
            ? html`<button type="button" class="primary" data-path-to ?disabled=${this.busy} @click=${() => this.findPath(start.id, node.id)}>
              ${format(this.lang, s.pathTo, { text: start.text })}</button>`
            : nothing
        }
      </div>`;
  }

  private renderPath() {
    const path = this.context ? exploreState(this.context).path : null;
    if (!path) return nothing;
    const s = this.s;
    if (!path.found) {
      return html`<div data-path="none"><p class="status">${s.pathNone}</p>
        <button type="button" data-path-clear @click=${this.clearPath}>${s.pathClear}</button></div>`;
    }
    const via = path.via === 'mentions' ? s.viaMentions : s.viaRelations;
    return html`<div data-path=${path.via ?? 'relations'}>
      <h3>${format(this.lang, s.pathFound, { n: path.steps.length, via })}</h3>
      <ol data-path-steps>${path.steps.map((step) => this.renderStep(step))}</ol>
      <button type="button" data-path-clear @click=${this.clearPath}>${s.pathClear}</button>
    </div>`;
  }

  private renderStep(step: PathStep) {
    const path = exploreState(this.context!).path!;
    const nodeText = (id: string) => path.nodes.find((n) => n.id === id)?.text ?? this.textOf(id);
    const s = this.s;
    let word: string;
    let quote: string | null = null;
    let unit: number | null = null;
    if (step.kind === 'edge') {
      const e = path.edges.find((x) => x.id === step.id);
      word = e ? relationLabel(e.relation, this.lang) + (e.fromNodeId === step.from ? ' →' : ' ←') : step.id;
      quote = e?.evidence[0]?.quote ?? null;
      unit = e?.evidence[0]?.paragraph ?? null;
    } else {
      const m = path.mentions.find((x) => x.id === step.id);
      word = format(this.lang, s.stepMention, { term: m?.term ?? step.id });
      quote = m?.evidence[0]?.quote ?? null;
      unit = m?.evidence[0]?.paragraph ?? null;
    }
    const to = nodeText(step.to);
    return html`<li data-step=${step.kind} data-step-id=${step.id}>
      <span class="rel">${word}</span>
      <button type="button" class="walk" data-walk=${step.to} aria-label=${format(this.lang, s.walk, { text: to })}
        @click=${() => this.walk(step.to)}>${to}</button>
      ${
        unit !== null
          ? html`<button type="button" class="unit" data-unit=${unit} @click=${() => this.reveal(unit!)}>${format(this.lang, s.unitLink, { n: unit })}</button>`
          : nothing
      }
      ${quote ? html`<blockquote data-quote>${quote}</blockquote>` : nothing}
    </li>`;
  }

  private fail(error: unknown) {
    this.status = format(this.lang, this.s.failed, { message: (error as Error)?.message ?? String(error) });
  }

  /** Walks to a neighbour: its card replaces this one (loaded by a query when outside the view); focus stays in the
   * card, on the new node's first relation. */
  private async walk(id: string) {
    const ctx = this.context;
    if (!ctx) return;
    await ctx.follow({ target: 'node', nodeId: id, paragraph: null }, (text) => {
      this.status = text;
    });
    await ctx.updateComplete;
    await this.updateComplete;
    const first =
      this.renderRoot.querySelector<HTMLElement>('button.walk') ??
      this.renderRoot.querySelector<HTMLElement>('[data-local]');
    first?.focus();
  }

  private reveal(n: number) {
    const ctx = this.context;
    if (!ctx) return;
    ctx.panes.showPane('source');
    void ctx.updateComplete.then(() => ctx.panes.revealUnit(n));
  }

  private async showLocal(nodeId: string) {
    const ctx = this.context;
    if (!ctx) return;
    this.busy = true;
    try {
      const abort = new AbortController();
      const local = await loadLocalGraph(ctx, nodeId, this.depth, abort.signal);
      ctx.doc.showRegion(local.nodes, local.edges);
      await ctx.updateComplete;
      ctx.selection.selectNode(nodeId, { reveal: false });
      ctx.selection.highlightNodeIds = new Set(local.nodes.map((n) => n.id));
      ctx.requestUpdate();
      this.status = format(this.lang, this.s.localShown, {
        depth: this.depth,
        nodes: local.nodes.length,
        edges: local.edges.length,
      });
      await ctx.updateComplete;
      void ctx.panes.focusNodes([nodeId]);
    } catch (error) {
      this.fail(error);
    } finally {
      this.busy = false;
    }
  }

  private setStart(node: KgNode) {
    const ctx = this.context;
    if (!ctx) return;
    exploreState(ctx).pathStart = { id: node.id, text: node.text, type: node.type };
    this.status = format(this.lang, this.s.pathStartSet, { text: node.text });
    this.requestUpdate();
  }

  private async findPath(from: string, to: string) {
    const ctx = this.context;
    if (!ctx) return;
    this.busy = true;
    this.status = this.s.pathSearching;
    try {
      const path = await loadPath(ctx, from, to, new AbortController().signal);
      exploreState(ctx).path = { ...path, from, to };
      this.status = null;
      if (path.found) await highlightPath(ctx, path, to);
      this.requestUpdate();
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('[data-path] h3, [data-path] .status')?.setAttribute('tabindex', '-1');
      this.renderRoot.querySelector<HTMLElement>('[data-path] h3, [data-path] .status')?.focus();
    } catch (error) {
      this.fail(error);
    } finally {
      this.busy = false;
    }
  }

  private readonly clearPath = () => {
    const ctx = this.context;
    if (!ctx) return;
    const state = exploreState(ctx);
    state.path = null;
    state.pathStart = null;
    ctx.selection.highlightNodeIds = new Set();
    ctx.selection.highlightEdgeIds = new Set();
    ctx.requestUpdate();
    this.requestUpdate();
  };
}

import { declareElement } from '../register';
declareElement('kg-card-relations', KgCardRelations);
