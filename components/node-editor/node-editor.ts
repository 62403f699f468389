// Hand edits of the node or relation a detail card shows (issue 26): edit a node's text (its quote stays verbatim),
// change its type, delete it, merge it into another node, add a relation to another node with a quote the reader
// selects in the source pane, delete a relation. Every edit is one operation of the fix vocabulary
// (core/schema/fixes.ts) sent through the commit route with the revision shown (`client.commit`), so the gate checks
// it like any extractor's and the audit log records it; the new revision is shown and can be undone here or in the
// fix log. Shown only when the workbench's context says the document may be changed here (`canWrite`).
import { ContextConsumer } from '@lit/context';
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import type { KgEdge, KgNode } from '../../core/schema';
import type { ProposedFix } from '../../core/schema/fixes';
import { NODE_TYPES, RELATIONS, type NodeType, type Relation } from '../../core/schema/vocabulary';
import { ApiError } from '../shared/api-client';
import { format, relationLabel, typeLabel, type Lang } from '../shared/i18n';
import { editStrings } from '../shared/i18n/edit';
import { controls } from '../shared/styles';
import { refreshCard } from '../trust-tools/issue-targets';
import { type WorkbenchContext, workbenchContext } from '../workbench/context';
import { findQuoteUnit, selectedText } from './quote-selection';
import { nodeEditorStyles } from './node-editor.styles';

declare global {
  interface HTMLElementTagNameMap {
    'kg-node-editor': KgNodeEditor;
  }
}

type Form = 'text' | 'type' | 'merge' | 'relation' | 'delete' | null;

/**
 * @summary Hand edits of one node or relation through the commit gate, with undo. Inside a <kg-workbench> only (it
 * takes the workbench's context); renders nothing without write access.
 */
export class KgNodeEditor extends LitElement {
  static override styles = [controls, nodeEditorStyles];

  static override properties = {
    node: { attribute: false },
    edge: { attribute: false },
    form: { state: true },
    busy: { state: true },
    message: { state: true },
    undoable: { state: true },
    draftText: { state: true },
    draftType: { state: true },
    draftTarget: { state: true },
    draftRelation: { state: true },
    draftQuote: { state: true },
    draftUnit: { state: true },
  };

  declare node: KgNode | null;
  declare edge: KgEdge | null;
  declare form: Form;
  declare busy: boolean;
  declare message: { text: string; error?: boolean } | null;
  /** The revision this editor wrote last (its Undo is offered while the document is still at it). */
  declare undoable: number | null;
  declare draftText: string;
  declare draftType: NodeType;
  declare draftTarget: string;
  declare draftRelation: Relation;
  declare draftQuote: string;
  declare draftUnit: number | null;

  private ctx: WorkbenchContext | null = null;
  /** The target id whose card a commit asked for (a merge shows the node it merged into): keep the message. */
  private keepFor: string | null = null;

  protected readonly consumer = new ContextConsumer(this, {
    context: workbenchContext,
    subscribe: true,
    callback: (ctx) => {
      this.ctx = ctx;
      this.requestUpdate();
    },
  });

  constructor() {
    super();
    this.node = null;
    this.edge = null;
    this.form = null;
    this.busy = false;
    this.message = null;
    this.undoable = null;
    this.resetDrafts();
  }

  private resetDrafts(): void {
    this.draftText = this.node?.text ?? '';
    this.draftType = this.node?.type ?? 'fact';
    this.draftTarget = '';
    this.draftRelation = 'supports';
    this.draftQuote = '';
    this.draftUnit = this.node?.paragraph ?? null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const before = (changed.get('node') as KgNode | null | undefined)?.id ?? (changed.get('edge') as KgEdge)?.id;
    if (!changed.has('node') && !changed.has('edge')) return;
    const now = this.node?.id ?? this.edge?.id ?? null;
    if (before === now && !changed.has('node')) return;
    if (before !== now) {
      this.form = null;
      if (this.keepFor !== now) this.message = null;
      this.keepFor = null;
    }
    if (this.form === null) this.resetDrafts();
  }

  private get language(): Lang {
    return this.ctx?.lang ?? 'en';
  }

  private get writable(): boolean {
    const ctx = this.ctx;
    return !!ctx && ctx.canWrite && !ctx.staticMode && !!ctx.client && !!ctx.doc.info;
  }

  override render() {
    if (!this.writable || (!this.node && !this.edge)) return nothing;
    const l = editStrings(this.language);
    return html`<section class="editor" aria-label=${l.heading} @keydown=${this.onKey}>
      <h3>${l.heading}</h3>
      ${this.node ? this.renderNodeTools(this.node) : this.renderEdgeTools(this.edge!)}
      ${this.renderMessage()}
    </section>`;
  }

  private toggleButton(form: Exclude<Form, null>, label: string, extra = '') {
    return html`<button type="button" class=${extra} aria-expanded=${this.form === form ? 'true' : 'false'} data-edit=${form}
      ?disabled=${this.busy} @click=${() => this.open(form)}>${label}</button>`;
  }

  /** Escape in an open form closes the form (not the card) and gives focus back to its button. */
  private onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || this.form === null) return;
    e.stopPropagation();
    const form = this.form;
    this.form = null;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`[data-edit=${form}]`)?.focus());
  };

  /** After a commit or an undo, focus goes to what the reader does next: Undo, else the editor's first button. */
  private async focusAfter() {
    await this.updateComplete;
    const next =
      this.renderRoot.querySelector<HTMLElement>('[data-edit-undo]') ??
      this.renderRoot.querySelector<HTMLElement>('[data-edit]');
    next?.focus();
  }

  private open(form: Exclude<Form, null>) {
    const opening = this.form !== form;
    this.form = opening ? form : null;
    this.resetDrafts();
    if (opening)
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('form [data-first]')?.focus());
  }

  private renderNodeTools(node: KgNode) {
    const l = editStrings(this.language);
    return html`<div class="tools">
        ${this.toggleButton('text', l.editText)} ${this.toggleButton('type', l.changeType)}
        ${this.toggleButton('merge', l.merge)} ${this.toggleButton('relation', l.addRelation)}
        ${this.toggleButton('delete', l.deleteNode, 'danger')}
      </div>
      ${this.form === 'text' ? this.renderText(node) : nothing}
      ${this.form === 'type' ? this.renderType(node) : nothing}
      ${this.form === 'merge' ? this.renderMerge(node) : nothing}
      ${this.form === 'relation' ? this.renderRelation(node) : nothing}
      ${this.form === 'delete' ? this.renderDelete(l.confirmDeleteNode) : nothing}`;
  }

  private renderEdgeTools(edge: KgEdge) {
    const l = editStrings(this.language);
    return html`<div class="tools" data-edge-id=${edge.id}>${this.toggleButton('delete', l.deleteEdge, 'danger')}</div>
      ${this.form === 'delete' ? this.renderDelete(l.confirmDeleteEdge) : nothing}`;
  }

  /** A form's last row: its submit button and Cancel, which closes the form. */
  private formActions(label: string, disabled: boolean) {
    return html`<div class="row"><button type="submit" class="primary" ?disabled=${disabled}>${label}</button>
      <button type="button" @click=${() => (this.form = null)}>${editStrings(this.language).cancel}</button></div>`;
  }

  private renderText(node: KgNode) {
    const l = editStrings(this.language);
    const changed = this.draftText.trim() !== '' && this.draftText !== node.text;
    return html`<form @submit=${(e: Event) => this.submit(e, this.textFix(node))}>
      <label>${l.textLabel}
        <textarea data-first rows="3" maxlength="500" .value=${this.draftText}
          @input=${(e: Event) => (this.draftText = (e.target as HTMLTextAreaElement).value)}></textarea></label>
      <p class="note muted">${l.textNote}</p>
      ${this.formActions(l.saveText, this.busy || !changed)}
    </form>`;
  }

  private renderType(node: KgNode) {
    const l = editStrings(this.language);
    const lang = this.language;
    return html`<form @submit=${(e: Event) => this.submit(e, this.typeFix(node))}>
      <label>${l.typeLabel}
        <select data-first @change=${(e: Event) => (this.draftType = (e.target as HTMLSelectElement).value as NodeType)}>
          ${NODE_TYPES.map((t) => html`<option value=${t} ?selected=${t === this.draftType}>${typeLabel(t, lang)}</option>`)}
        </select></label>
      ${this.formActions(l.saveType, this.busy || this.draftType === node.type)}
    </form>`;
  }

  /** The other nodes loaded in the view, offered as the ids a merge or a relation may name. */
  private renderNodeChoices(node: KgNode) {
    const known = [...(this.ctx?.doc.known.values() ?? [])].filter((n) => n.id !== node.id).slice(0, 400);
    return html`<datalist id="node-choices">
      ${known.map((n) => html`<option value=${n.id} label=${n.text.slice(0, 80)}></option>`)}
    </datalist>`;
  }

  private renderMerge(node: KgNode) {
    const l = editStrings(this.language);
    return html`<form @submit=${(e: Event) => this.submit(e, this.mergeFix(node))}>
      <label>${l.mergeLabel}
        <input data-first list="node-choices" autocomplete="off" .value=${this.draftTarget}
          @input=${(e: Event) => (this.draftTarget = (e.target as HTMLInputElement).value)} /></label>
      ${this.renderNodeChoices(node)} ${this.targetHint()}
      <p class="note muted">${l.mergeNote}</p>
      ${this.formActions(l.mergeSave, this.busy || !this.draftTarget.trim())}
    </form>`;
  }

  private renderRelation(node: KgNode) {
    const l = editStrings(this.language);
    const lang = this.language;
    return html`<form @submit=${(e: Event) => this.submit(e, this.relationFix(node))}>
      <label>${l.relationLabel}
        <select data-first @change=${(e: Event) => (this.draftRelation = (e.target as HTMLSelectElement).value as Relation)}>
          ${RELATIONS.map((r) => html`<option value=${r} ?selected=${r === this.draftRelation}>${relationLabel(r, lang)}</option>`)}
        </select></label>
      <label>${l.targetLabel}
        <input list="node-choices" autocomplete="off" .value=${this.draftTarget}
          @input=${(e: Event) => (this.draftTarget = (e.target as HTMLInputElement).value)} /></label>
      ${this.renderNodeChoices(node)} ${this.targetHint()}
      <button type="button" @mousedown=${(e: Event) => e.preventDefault()} @click=${() => this.useSelection(node)} data-use-selection>
        ${l.useSelection}</button>
      <label>${l.quoteLabel}
        <textarea rows="2" maxlength="600" .value=${this.draftQuote}
          @input=${(e: Event) => (this.draftQuote = (e.target as HTMLTextAreaElement).value)}></textarea></label>
      <label class="unit">${l.unitLabel}
        <input type="number" min="1" .value=${this.draftUnit === null ? '' : String(this.draftUnit)}
          @input=${(e: Event) => (this.draftUnit = Number((e.target as HTMLInputElement).value) || null)} /></label>
      <div class="row"><button type="submit" class="primary"
          ?disabled=${this.busy || !this.draftTarget.trim() || !this.draftQuote.trim() || this.draftUnit === null}>${l.addSave}</button>
        <button type="button" @click=${() => (this.form = null)}>${l.cancel}</button></div>
    </form>`;
  }

  /** The named node's text under the field, so nobody merges or links blind. */
  private targetHint() {
    const id = this.draftTarget.trim();
    const target = id ? this.ctx?.doc.known.get(id) : undefined;
    return target
      ? html`<p class="note target" data-target-text>${typeLabel(target.type, this.language)} · ${target.text}</p>`
      : nothing;
  }

  private renderDelete(question: string) {
    const l = editStrings(this.language);
    return html`<form role="alertdialog" aria-label=${question} @submit=${(e: Event) => this.submit(e, this.deleteFix())}>
      <p>${question}</p>
      <div class="row"><button type="submit" class="danger" data-first data-confirm-delete ?disabled=${this.busy}>${l.confirmDelete}</button>
        <button type="button" @click=${() => (this.form = null)}>${l.cancel}</button></div>
    </form>`;
  }

  private renderMessage() {
    const message = this.message;
    if (!message && !this.busy) return nothing;
    const l = editStrings(this.language);
    const canUndo = this.undoable !== null && this.ctx?.doc.info?.revision === this.undoable;
    return html`<p class="message ${message?.error ? 'error' : ''}" role=${message?.error ? 'alert' : 'status'} data-edit-message>
      ${this.busy ? l.saving : message?.text}
      ${canUndo && !this.busy ? html`<button type="button" data-edit-undo @click=${this.undo}>${l.undo}</button>` : nothing}
    </p>`;
  }

  // ── The operations (the fix vocabulary); null when the form does not name one yet.

  private textFix(node: KgNode): ProposedFix | null {
    const text = this.draftText.trim();
    return text && text !== node.text ? { action: 'update_node', nodePatch: { id: node.id, patch: { text } } } : null;
  }

  private typeFix(node: KgNode): ProposedFix | null {
    return this.draftType !== node.type
      ? { action: 'update_node', nodePatch: { id: node.id, patch: { type: this.draftType } } }
      : null;
  }

  private otherNode(node: KgNode): string | null {
    const l = editStrings(this.language);
    const id = this.draftTarget.trim();
    if (id === node.id) return this.fail(l.sameNode);
    if (!this.ctx?.doc.known.has(id)) return this.fail(format(this.language, l.unknownNode, { id }));
    return id;
  }

  private mergeFix(node: KgNode): ProposedFix | null {
    const into = this.otherNode(node);
    return into ? { action: 'merge_nodes', nodePatch: { id: node.id }, mergeIntoId: into } : null;
  }

  private relationFix(node: KgNode): ProposedFix | null {
    const to = this.otherNode(node);
    const quote = this.draftQuote.trim();
    if (!to || !quote || this.draftUnit === null) return null;
    return {
      action: 'add_edge',
      edgePatch: {
        fromNodeId: node.id,
        toNodeId: to,
        relation: this.draftRelation,
        evidence: [{ paragraph: this.draftUnit, quote }],
      },
    };
  }

  private deleteFix(): ProposedFix | null {
    if (this.node) return { action: 'delete_node', nodePatch: { id: this.node.id, patch: {} } };
    const e = this.edge;
    return e
      ? {
          action: 'delete_edge',
          edgePatch: { fromNodeId: e.fromNodeId, toNodeId: e.toNodeId, relation: e.relation, edgeId: e.id },
        }
      : null;
  }

  private fail(text: string): null {
    this.message = { text, error: true };
    return null;
  }

  /** The quote the reader selected in the source pane, with the unit it lies in. */
  private async useSelection(node: KgNode) {
    const l = editStrings(this.language);
    const text = selectedText();
    if (!text) {
      this.fail(l.noSelection);
      return;
    }
    this.draftQuote = text;
    const loader = this.ctx?.doc.unitLoader ?? null;
    const target = this.ctx?.doc.known.get(this.draftTarget.trim());
    const near = [node.paragraph, target?.paragraph, ...node.evidence.map((e) => e.paragraph)].filter(
      (n): n is number => typeof n === 'number',
    );
    const unit = await findQuoteUnit(loader, text, near);
    if (unit === null) this.fail(l.selectionNotFound);
    else {
      this.draftUnit = unit;
      this.message = null;
    }
  }

  // ── Committing and undoing.

  private async submit(e: Event, fix: ProposedFix | null) {
    e.preventDefault();
    const ctx = this.ctx;
    const documentId = ctx?.doc.info?.documentId;
    if (!fix || !ctx?.client || !documentId || this.busy) return;
    const l = editStrings(this.language);
    this.busy = true;
    try {
      const answer = await ctx.client.commit(documentId, {
        expectedRevision: ctx.doc.info!.revision,
        operations: [fix],
      });
      if (answer.changed === false) {
        this.message = { text: l.unchanged };
        return;
      }
      await ctx.doc.refresh();
      this.form = null;
      this.undoable = answer.revision;
      this.message = { text: format(this.language, l.saved, { r: answer.revision }) };
      if (fix.action === 'merge_nodes' && ctx.doc.known.has(fix.mergeIntoId)) {
        this.keepFor = fix.mergeIntoId;
        ctx.selection.selectNode(fix.mergeIntoId, { reveal: false });
      } else refreshCard(ctx);
      ctx.requestUpdate();
      this.busy = false;
      void this.focusAfter();
    } catch (error) {
      this.failed(error);
    } finally {
      this.busy = false;
    }
  }

  private undo = async () => {
    const ctx = this.ctx;
    const documentId = ctx?.doc.info?.documentId;
    if (!ctx?.client || !documentId || this.busy) return;
    this.busy = true;
    try {
      const answer = await ctx.client.undo(documentId, { expectedRevision: ctx.doc.info!.revision });
      await ctx.doc.refresh();
      this.undoable = null;
      this.message = { text: format(this.language, editStrings(this.language).undone, { r: answer.revision }) };
      refreshCard(ctx);
      ctx.requestUpdate();
      this.busy = false;
      void this.focusAfter();
    } catch (error) {
      this.failed(error);
    } finally {
      this.busy = false;
    }
  };

  private failed(error: unknown) {
    const text = error instanceof Error ? error.message : String(error);
    this.message = { text, error: true };
    this.ctx?.notify('kg-error', { code: error instanceof ApiError ? error.code : 'internal', message: text });
  }
}

import { declareElement } from '../register';
declareElement('kg-node-editor', KgNodeEditor);
