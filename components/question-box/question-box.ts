import { LitElement, css, html, nothing } from 'lit';
import type { ProposedFix } from '../../core/schema/fixes';
import { format, strings, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { emit } from '../shared/events/emit';
import { readEvidence, readFix, type IssueEvidence } from '../verify-panel/report';
import { fixLabel } from '../verify-panel/fix-label';

const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

/** The longest question the API takes (docs/contracts/questions.md#route). */
export const QUESTION_MAX = 600;

export const VERDICTS = ['supported', 'contradicted', 'insufficient', 'out_of_scope'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface QuestionTarget {
  kind: 'node' | 'edge' | 'graph';
  id?: string;
  /** What the reader sees ("the node's text"). */
  label?: string;
}

export interface QuestionResult {
  verdict: Verdict;
  answer: string;
  evidence: IssueEvidence[];
  proposedFix: ProposedFix;
}

/** A finished question task's `result` (or `{ report }` around it); null when there is no verdict to show. */
export function readQuestionResult(value: unknown): QuestionResult | null {
  const outer = (value ?? {}) as Record<string, unknown>;
  const v = (outer.report && typeof outer.report === 'object' ? outer.report : outer) as Record<string, unknown>;
  // Never a made-up verdict: a result without one of the four is not shown as an answer.
  if (!VERDICTS.includes(v.verdict as Verdict)) return null;
  return {
    verdict: v.verdict as Verdict,
    answer: typeof v.answer === 'string' ? v.answer : '',
    evidence: readEvidence(v.evidence),
    proposedFix: readFix(v.proposedFix),
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'kg-question-box': KgQuestionBox;
  }
  interface HTMLElementEventMap {
    'kg-question-ask': CustomEvent<{ question: string }>;
    'kg-question-cancel': CustomEvent<Record<string, never>>;
    'kg-question-clear-target': CustomEvent<Record<string, never>>;
    'kg-question-evidence': CustomEvent<{ unit: number }>;
    'kg-question-fix': CustomEvent<Record<string, never>>;
  }
}

/**
 * @summary Ask about (or challenge) a node, a relation or the whole graph: the question, its target, and the model's
 * verdict (supported, challenge holds, insufficient evidence, out of scope) with its answer and the source units it
 * cites. A suggested fix can be accepted with write access. Without a configured model the box says so.
 * @event kg-question-ask - `{ question }` for the current target.
 * @event kg-question-cancel - Cancel the running question.
 * @event kg-question-clear-target - Ask about the whole graph instead.
 * @event kg-question-evidence - `{ unit }`: show a cited unit.
 * @event kg-question-fix - Apply the answer's suggested fix.
 */
export class KgQuestionBox extends LitElement {
  static override properties = {
    lang: { type: String },
    target: { attribute: false },
    result: { attribute: false },
    busy: { type: Boolean },
    modelAvailable: { type: Boolean, attribute: 'model-available' },
    canWrite: { type: Boolean, attribute: 'can-write' },
    fixed: { type: Boolean },
    modelsHelp: { type: String, attribute: 'models-help' },
  };

  declare lang: Lang;
  declare target: QuestionTarget;
  declare result: QuestionResult | null;
  declare busy: boolean;
  declare modelAvailable: boolean;
  declare canWrite: boolean;
  /** The result's fix was applied. */
  declare fixed: boolean;
  declare modelsHelp: string;

  constructor() {
    super();
    this.lang = 'en';
    this.target = { kind: 'graph' };
    this.result = null;
    this.busy = false;
    this.modelAvailable = false;
    this.canWrite = false;
    this.fixed = false;
    this.modelsHelp = '';
  }

  static override styles = [
    controls,
    css`
      :host {
        display: block;
        font-size: 0.9rem;
        margin-top: 0.8rem;
        padding-top: 0.6rem;
        border-top: 1px solid var(--_border);
      }
      form {
        display: grid;
        gap: 0.35rem;
      }
      label {
        font-weight: 600;
      }
      textarea {
        width: 100%;
        box-sizing: border-box;
        min-height: 3.2rem;
        resize: vertical;
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
        align-items: center;
      }
      .target {
        overflow-wrap: anywhere;
      }
      .result {
        margin-top: 0.5rem;
        padding-top: 0.4rem;
        border-top: 1px solid var(--_border);
      }
      .chip {
        display: inline-block;
        font-weight: 600;
        font-size: 0.8rem;
        padding: 0.05rem 0.5rem;
        border-radius: 999px;
        border: 1px solid currentColor;
      }
      .kg-verdict-supported {
        color: #15803d;
      }
      .kg-verdict-contradicted {
        color: #dc2626;
      }
      .kg-verdict-insufficient {
        color: #b45309;
      }
      .kg-verdict-out_of_scope {
        color: var(--_muted);
      }
      .answer {
        white-space: pre-wrap;
        overflow-wrap: anywhere;
        margin: 0.3rem 0;
      }
      ul {
        margin: 0.2rem 0;
        padding: 0;
        list-style: none;
      }
      li {
        margin: 0.2rem 0;
        overflow-wrap: anywhere;
      }
      .unit {
        padding: 0 0.35rem;
        font-size: 0.78rem;
        margin-inline-end: 0.3rem;
      }
    `,
  ];

  override render() {
    const lang = this.lang;
    const l = strings(lang).trust;
    const target = this.target;
    const label =
      target.kind === 'node'
        ? format(lang, l.targetNode, { id: target.id ?? '', text: clip(target.label ?? '', 40) })
        : target.kind === 'edge'
          ? format(lang, l.targetEdge, { id: target.label ?? target.id ?? '' })
          : l.targetGraph;
    return html`<form @submit=${this.submit}>
        <label for="q">${l.questionLabel}</label>
        <textarea id="q" name="question" maxlength=${QUESTION_MAX} placeholder=${l.questionPlaceholder} ?disabled=${!this.modelAvailable}></textarea>
        <div class="row">
          <span class="target" data-question-target=${target.kind}>${format(lang, l.target, { t: label })}</span>
          ${
            target.kind !== 'graph'
              ? html`<button type="button" @click=${() => emit(this, 'kg-question-clear-target', {})}>${l.clearTarget}</button>`
              : nothing
          }
        </div>
        <div class="row">
          <button type="submit" class="primary" ?disabled=${this.busy || !this.modelAvailable}>${this.busy ? l.asking : l.ask}</button>
          ${this.busy ? html`<button type="button" @click=${() => emit(this, 'kg-question-cancel', {})}>${l.cancel}</button>` : nothing}
        </div>
        ${
          this.modelAvailable
            ? nothing
            : html`<p class="muted" data-unavailable="model">${l.needsModel} <a href=${this.modelsHelp} target="_blank" rel="noopener">${l.modelHelp}</a></p>`
        }
      </form>
      ${this.result ? this.renderResult(this.result) : nothing}`;
  }

  /** Puts the cursor in the question field (after "Question this node"). */
  override focus(): void {
    this.renderRoot.querySelector('textarea')?.focus();
  }

  private renderResult(r: QuestionResult) {
    const lang = this.lang;
    const l = strings(lang).trust;
    const verdicts = l.verdict as Record<string, string>;
    const fixable = r.proposedFix.action !== 'none';
    return html`<div class="result" role="status" data-verdict=${r.verdict}>
      <span class="chip kg-verdict-${r.verdict}">${verdicts[r.verdict]}</span>
      ${r.answer ? html`<p class="answer">${r.answer}</p>` : nothing}
      ${
        r.evidence.length
          ? html`<ul>
            ${r.evidence.map(
              (
                e,
              ) => html`<li><button type="button" class="unit" @click=${() => emit(this, 'kg-question-evidence', { unit: e.paragraph })}>
                ${format(lang, l.evidenceLine, { n: e.paragraph })}</button>${e.quote}</li>`,
            )}
          </ul>`
          : nothing
      }
      ${
        fixable && this.canWrite
          ? html`<div class="row">
            <button type="button" ?disabled=${this.fixed} @click=${() => emit(this, 'kg-question-fix', {})}>${this.fixed ? l.applied : l.acceptSuggested}</button>
            <span class="muted">${fixLabel(r.proposedFix, lang)}</span>
          </div>`
          : nothing
      }
      ${!fixable && r.verdict === 'contradicted' ? html`<p class="muted">${l.noFixContradicted}</p>` : nothing}
      ${!fixable && r.verdict === 'insufficient' ? html`<p class="muted">${l.noFixInsufficient}</p>` : nothing}
    </div>`;
  }

  private submit(e: Event) {
    e.preventDefault();
    const field = this.renderRoot.querySelector('textarea');
    const question = field?.value.trim() ?? '';
    if (!question || this.busy) return;
    emit(this, 'kg-question-ask', { question });
  }
}

import { declareElement } from '../register';
declareElement('kg-question-box', KgQuestionBox);
