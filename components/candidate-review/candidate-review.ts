import { LitElement, css, html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { format, strings, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { badgeStyles, typeBadge } from '../shared/type-badges';
import { emit } from '../shared/events/emit';
import { CANDIDATE_STATUSES, type Candidate, type CandidateStatus } from './candidates';

declare global {
  interface HTMLElementTagNameMap {
    'kg-candidate-review': KgCandidateReview;
  }
  interface HTMLElementEventMap {
    'kg-candidate-filter': CustomEvent<{ status: CandidateStatus }>;
    'kg-candidate-status': CustomEvent<{ candidateId: string; status: CandidateStatus }>;
    'kg-candidate-locate': CustomEvent<{ nodeId: string }>;
    'kg-candidate-more': CustomEvent<Record<string, never>>;
  }
}

/**
 * @summary Entity and claim candidates of a document, filtered by review status (to review, accepted, rejected),
 * each with its type, text and evidence, buttons to accept or reject it (with write access) and a link to its node.
 * @event kg-candidate-filter - `{ status }`: the reader picked another status filter.
 * @event kg-candidate-status - `{ candidateId, status }`: set a candidate's status.
 * @event kg-candidate-locate - `{ nodeId }`: show the candidate's node and its unit.
 * @event kg-candidate-more - Load the next page.
 */
export class KgCandidateReview extends LitElement {
  static override properties = {
    lang: { type: String },
    items: { attribute: false },
    status: { type: String },
    canWrite: { type: Boolean, attribute: 'can-write' },
    hasMore: { type: Boolean, attribute: 'has-more' },
    busy: { type: Boolean },
  };

  declare lang: Lang;
  declare items: Candidate[];
  declare status: CandidateStatus;
  declare canWrite: boolean;
  declare hasMore: boolean;
  declare busy: boolean;

  constructor() {
    super();
    this.lang = 'en';
    this.items = [];
    this.status = 'candidate';
    this.canWrite = false;
    this.hasMore = false;
    this.busy = false;
  }

  static override styles = [
    controls,
    badgeStyles,
    css`
      :host {
        display: block;
        font-size: 0.9rem;
      }
      .filters,
      .buttons {
        display: flex;
        flex-wrap: wrap;
        gap: 0.35rem;
        align-items: center;
      }
      .filters button[aria-pressed='true'] {
        border-color: var(--_accent);
        background: var(--_highlight);
        font-weight: 600;
      }
      ul {
        margin: 0.4rem 0 0;
        padding: 0;
        list-style: none;
      }
      li {
        border-top: 1px solid var(--_border);
        padding: 0.4rem 0.2rem;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
        align-items: baseline;
        font-size: 0.8rem;
      }
      .text {
        margin: 0.2rem 0;
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .quote {
        margin: 0 0 0.3rem;
        color: var(--_muted);
        font-size: 0.82rem;
        overflow-wrap: anywhere;
      }
      .link {
        background: transparent;
        border-color: transparent;
        padding: 0 0.2rem;
        text-decoration: underline;
      }
    `,
  ];

  override render() {
    const l = strings(this.lang).trust;
    return html`<div class="filters" role="group" aria-label=${l.candidates}>
        ${CANDIDATE_STATUSES.map(
          (
            s,
          ) => html`<button type="button" aria-pressed=${this.status === s ? 'true' : 'false'} data-candidate-filter=${s}
            @click=${() => emit(this, 'kg-candidate-filter', { status: s })}>${l.candidateStatus[s]}</button>`,
        )}
      </div>
      ${
        this.items.length === 0
          ? html`<p class="muted">${this.busy ? strings(this.lang).loading : l.candidatesEmpty}</p>`
          : html`<ul aria-label=${l.candidates}>${repeat(
              this.items,
              (c) => c.id,
              (c) => this.renderCandidate(c),
            )}</ul>`
      }
      ${this.hasMore ? html`<button type="button" ?disabled=${this.busy} @click=${() => emit(this, 'kg-candidate-more', {})}>${l.loadMore}</button>` : nothing}`;
  }

  private renderCandidate(c: Candidate) {
    const lang = this.lang;
    const l = strings(lang).trust;
    const set = (status: CandidateStatus) => emit(this, 'kg-candidate-status', { candidateId: c.id, status });
    return html`<li data-candidate-id=${c.id} data-status=${c.status}>
      <div class="head">
        ${c.type ? typeBadge(c.type as Parameters<typeof typeBadge>[0], lang) : nothing}
        <span>${(l.candidateKind as Record<string, string>)[c.kind] ?? c.kind}</span>
        ${c.paragraph !== null ? html`<span class="muted">P${c.paragraph}</span>` : nothing}
        <span class="muted">· ${l.candidateStatus[c.status]}</span>
      </div>
      <p class="text">${c.text}</p>
      ${c.quote && c.quote.trim() !== c.text.trim() ? html`<p class="quote">${c.quote.slice(0, 220)}</p>` : nothing}
      <div class="buttons">
        ${
          c.nodeId
            ? html`<button type="button" class="link" @click=${() => emit(this, 'kg-candidate-locate', { nodeId: c.nodeId! })}>
              ${format(lang, l.locateCandidate, { id: c.nodeId })}</button>`
            : nothing
        }
        ${
          this.canWrite
            ? html`${c.status !== 'accepted' ? html`<button type="button" ?disabled=${this.busy} @click=${() => set('accepted')}>${l.accept}</button>` : nothing}
              ${c.status !== 'rejected' ? html`<button type="button" ?disabled=${this.busy} @click=${() => set('rejected')}>${l.reject}</button>` : nothing}
              ${c.status !== 'candidate' ? html`<button type="button" ?disabled=${this.busy} @click=${() => set('candidate')}>${l.backToReview}</button>` : nothing}`
            : nothing
        }
      </div>
    </li>`;
  }
}

import { declareElement } from '../register';
declareElement('kg-candidate-review', KgCandidateReview);
