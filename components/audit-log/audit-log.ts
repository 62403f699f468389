import { LitElement, css, html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { format, formatDate, strings, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { emit } from '../shared/events/emit';
import { auditLines, type AuditEntry } from './audit-lines';

export type { AuditEntry } from './audit-lines';

declare global {
  interface HTMLElementTagNameMap {
    'kg-audit-log': KgAuditLog;
  }
  interface HTMLElementEventMap {
    'kg-audit-undo': CustomEvent<{ revision: number }>;
  }
}

/** Revisions shown (each one commit, with its operations). */
const SHOWN = 10;

/**
 * @summary The fix log of a document: every commit of fixes (newest first) as readable "before → after" lines, and
 * Undo for the newest one (undo is itself a new revision, so history is never rewritten). Undo appears only with
 * write access (`can-write`).
 * @event kg-audit-undo - `{ revision }`: undo the commit that made this revision.
 */
export class KgAuditLog extends LitElement {
  static override properties = {
    lang: { type: String },
    entries: { attribute: false },
    revision: { type: Number },
    canWrite: { type: Boolean, attribute: 'can-write' },
    busy: { type: Boolean },
  };

  declare lang: Lang;
  declare entries: AuditEntry[];
  /** The document's current revision: only the commit that made it can be undone. */
  declare revision: number;
  declare canWrite: boolean;
  declare busy: boolean;

  constructor() {
    super();
    this.lang = 'en';
    this.entries = [];
    this.revision = 0;
    this.canWrite = false;
    this.busy = false;
  }

  static override styles = [
    controls,
    css`
      :host {
        display: block;
        font-size: 0.9rem;
      }
      ol {
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .commit {
        border-top: 1px solid var(--_border);
        padding: 0.4rem 0.2rem;
      }
      header {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
        align-items: baseline;
      }
      h3 {
        font-size: 0.88rem;
        margin: 0;
      }
      time {
        font-size: 0.78rem;
      }
      header button {
        margin-inline-start: auto;
      }
      ul {
        margin: 0.2rem 0 0;
        padding-inline-start: 1.1rem;
      }
      li.line {
        overflow-wrap: anywhere;
      }
    `,
  ];

  override render() {
    const lang = this.lang;
    const l = strings(lang).trust;
    const byRevision = new Map<number, AuditEntry[]>();
    for (const e of this.entries) byRevision.set(e.revision, [...(byRevision.get(e.revision) ?? []), e]);
    const commits = [...byRevision.entries()].sort((a, b) => b[0] - a[0]).slice(0, SHOWN);
    if (commits.length === 0) return html`<p class="muted">${l.auditEmpty}</p>`;
    return html`<ol aria-label=${l.audit}>
      ${repeat(
        commits,
        ([revision]) => revision,
        ([revision, entries]) => this.renderCommit(revision, entries),
      )}
    </ol>`;
  }

  /** The commit the undo route reverts: the newest commit not yet undone, when the graph is still at its revision
   * or only undos came after it. */
  private get newestUndoable(): number | null {
    const commit = this.entries.find((e) => e.kind === 'commit' && !e.undone);
    return commit ? commit.revision : null;
  }

  private renderCommit(revision: number, entries: AuditEntry[]) {
    const lang = this.lang;
    const l = strings(lang).trust;
    const names = l.actionName as Record<string, string>;
    const actions = [...new Set(entries.map((e) => names[e.action] ?? e.action))].join(', ');
    const at = entries.find((e) => e.at !== null)?.at ?? null;
    const undo = entries.find((e) => e.kind === 'undo');
    const undone = entries.some((e) => e.undone);
    const heading = undo
      ? format(lang, l.undoEntry, { r: revision, of: undo.undoOf ?? '?' })
      : format(lang, l.auditEntry, { r: revision, action: actions });
    const undoable = this.canWrite && !undo && !undone && revision === this.newestUndoable;
    const lines = entries.flatMap((e) => auditLines(e, lang));
    return html`<li class="commit" data-audit-revision=${revision} data-kind=${undo ? 'undo' : 'commit'} ?data-undone=${undone}>
      <header>
        <h3>${heading}${undone ? html` <span class="muted">(${l.undoneTag})</span>` : nothing}</h3>
        ${at !== null ? html`<time class="muted" datetime=${new Date(at).toISOString()}>${formatDate(at, lang)}</time>` : nothing}
        ${
          undoable
            ? html`<button type="button" title=${l.undoHint} ?disabled=${this.busy} @click=${() => emit(this, 'kg-audit-undo', { revision })}>${l.undo}</button>`
            : nothing
        }
      </header>
      ${lines.length ? html`<ul>${lines.map((line) => html`<li class="line">${line}</li>`)}</ul>` : nothing}
    </li>`;
  }
}

import { declareElement } from '../register';
declareElement('kg-audit-log', KgAuditLog);
