import { LitElement, html, nothing, type PropertyValues } from 'lit';
import type { TaskStatus } from '../../core/schema';
import { format, formatNumber, strings, typeLabel, type Lang } from '../shared/i18n';
import { factCheckStrings, pluralForm } from '../shared/i18n/fact-check';
import { factSummary } from '../../core/fact-check/report';
import { describeFactCheckWarning, failedSources } from '../../core/fact-check/warnings';
import { controls } from '../shared/styles';
import { emit } from '../shared/events/emit';
import {
  GOOD_RATE,
  RULES_MAX,
  VERDICTS,
  clip,
  evidenceItems,
  percent,
  rulePassageCount,
  sourcesFor,
  type EvidenceItem,
  type FactCheckMode,
  type FactCheckSource,
  type FcClaim,
  type FcReport,
} from './fact-check';
import { factCheckPanelStyles } from './fact-check-panel.styles';

/** What the reader has chosen and pasted, kept by the host so a re-created panel (after an append, a language
 * switch) shows it again. */
export interface FactCheckDraft {
  mode: FactCheckMode;
  wikipedia: boolean;
  rules: string;
}

export interface FactCheckRunDetail {
  mode: FactCheckMode;
  /** Deep mode only (quick mode sends no evidence). */
  sources?: FactCheckSource[];
  rules?: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'kg-fact-check-panel': KgFactCheckPanel;
  }
  interface HTMLElementEventMap {
    'kg-fact-check-run': CustomEvent<FactCheckRunDetail>;
    'kg-fact-check-cancel': CustomEvent<Record<string, never>>;
    'kg-fact-check-locate': CustomEvent<{ claimId: string }>;
    'kg-fact-check-ignore': CustomEvent<{ claimId: string }>;
    'kg-fact-check-draft': CustomEvent<FactCheckDraft>;
  }
}

/**
 * @summary External fact-check of a document (docs/contracts/fact-check.md): the mode (quick: the model's knowledge; deep:
 * retrieved evidence), the sources (Wikipedia, pasted rules), start / check again / cancel with the task's progress,
 * then the report: the metrics strip and one card per claim with its verdict, confidence, rationale, evidence quote,
 * up to three evidence items, the suggested correction, "Locate in graph" and "Ignore". It only shows and emits;
 * the workbench runs the task. Everything from the report is rendered as text. The task's progress is a
 * <kg-task-progress>, which the workbench defines in its first load (this panel is in a lazily loaded chunk, and
 * importing it here would only move it into a shared chunk).
 * @event kg-fact-check-run - `{ mode, sources, rules? }`: start a fact-check.
 * @event kg-fact-check-cancel - Cancel the running fact-check.
 * @event kg-fact-check-locate - `{ claimId }`: show the claim's node in the graph and its unit in the source.
 * @event kg-fact-check-ignore - `{ claimId }`: mark the claim rejected.
 * @event kg-fact-check-draft - `{ mode, wikipedia, rules }` on every change of the form (give it back as `draft`).
 * @cssproperty --kg-verdict-supported - Verdict colour (default #059669); likewise -contradicted (#dc2626),
 *   -partially-supported (#d97706), -insufficient (#64748b), -unverifiable (#7c3aed), -out-of-scope (#475569).
 */
export class KgFactCheckPanel extends LitElement {
  static override styles = [controls, factCheckPanelStyles];

  static override properties = {
    lang: { type: String },
    report: { attribute: false },
    stale: { type: Boolean },
    task: { attribute: false },
    busy: { type: Boolean },
    cancelling: { type: Boolean },
    modelAvailable: { type: Boolean, attribute: 'model-available' },
    model: { type: String },
    canWrite: { type: Boolean, attribute: 'can-write' },
    modelsHelp: { type: String, attribute: 'models-help' },
    claimBusy: { attribute: false },
    draft: { attribute: false },
    mode: { state: true },
    wikipedia: { state: true },
    rules: { state: true },
  };

  declare lang: Lang;
  declare report: FcReport | null;
  /** The report covers an older revision (an append or a commit came after it). */
  declare stale: boolean;
  /** The fact-check task while it runs, or as it ended when it failed or was cancelled. */
  declare task: TaskStatus | null;
  /** A fact-check is being started or runs. */
  declare busy: boolean;
  declare cancelling: boolean;
  declare modelAvailable: boolean;
  /** The language model that will judge (shown beside the button). */
  declare model: string;
  declare canWrite: boolean;
  declare modelsHelp: string;
  /** Claims whose status change is on its way. */
  declare claimBusy: ReadonlySet<string>;
  /** The form as the reader left it (mode, Wikipedia, rules), when the host kept it. */
  declare draft: FactCheckDraft | null;
  declare mode: FactCheckMode;
  declare wikipedia: boolean;
  declare rules: string;

  constructor() {
    super();
    this.lang = 'en';
    this.report = null;
    this.stale = false;
    this.task = null;
    this.busy = false;
    this.cancelling = false;
    this.modelAvailable = false;
    this.model = '';
    this.canWrite = false;
    this.modelsHelp = '';
    this.claimBusy = new Set();
    this.draft = null;
    this.mode = 'deep';
    this.wikipedia = true;
    this.rules = '';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const restored = changed.has('draft') && !!this.draft;
    if (restored) ({ mode: this.mode, wikipedia: this.wikipedia, rules: this.rules } = this.draft!);
    // A new report shows the mode it was made in (a re-check starts from the same choice), unless the reader's own
    // form was just given back.
    if (
      !restored &&
      changed.has('report') &&
      this.report &&
      (changed.get('report') as FcReport | null)?.reportId !== this.report.reportId
    ) {
      this.mode = this.report.mode;
    }
  }

  /** One form field changed: keep it here and tell the host. */
  private edit(change: Partial<FactCheckDraft>) {
    Object.assign(this, change);
    emit(this, 'kg-fact-check-draft', { mode: this.mode, wikipedia: this.wikipedia, rules: this.rules });
  }

  private get sources(): FactCheckSource[] {
    return this.mode === 'quick' ? [] : sourcesFor(this.wikipedia, this.rules);
  }

  override render() {
    const l = factCheckStrings(this.lang);
    return html`<h3 class="visually-hidden">${l.heading}</h3>
      <p class="muted">${l.intro}</p>
      ${this.renderForm()}
      ${
        this.task
          ? html`<kg-task-progress lang=${this.lang} .task=${this.task} ?cancelling=${this.cancelling}
            @kg-cancel-request=${() => emit(this, 'kg-fact-check-cancel', {})}></kg-task-progress>`
          : nothing
      }
      ${this.report ? this.renderReport(this.report) : this.busy ? nothing : html`<p class="muted" data-no-report>${l.noReport}</p>`}`;
  }

  private renderForm() {
    const lang = this.lang;
    const l = factCheckStrings(lang);
    const deep = this.mode === 'deep';
    const passages = rulePassageCount(this.rules);
    const needsSource = deep && this.sources.length === 0;
    const canStart = this.modelAvailable && !this.busy && !needsSource;
    const describedBy = [!this.modelAvailable ? 'fc-needs-model' : '', needsSource ? 'fc-needs-source' : '']
      .filter(Boolean)
      .join(' ');
    const radio = (mode: FactCheckMode) =>
      html`<label class="choice"><input type="radio" name="fc-mode" value=${mode} .checked=${this.mode === mode} ?disabled=${this.busy}
        @change=${() => this.edit({ mode })} />${l.mode[mode]}</label>`;
    const start = html`<div class="actions">
      <button type="button" class="primary" data-start ?disabled=${!canStart} aria-describedby=${describedBy || nothing} @click=${this.run}>
        ${this.busy ? l.running : this.report ? l.recheck : l.start}
      </button>
      ${this.busy && !this.task ? html`<button type="button" @click=${() => emit(this, 'kg-fact-check-cancel', {})}>${l.cancel}</button>` : nothing}
      ${this.modelAvailable && this.model ? html`<span class="muted">${format(lang, l.withModel, { id: this.model })}</span>` : nothing}
    </div>`;
    // Without a model nothing here can run: the reason comes first, and no form invites filling in what cannot be sent.
    if (!this.modelAvailable) {
      return html`<p class="unavailable" id="fc-needs-model" data-unavailable="model">
          ${l.needsModel} <a href=${this.modelsHelp} target="_blank" rel="noopener noreferrer">${strings(lang).trust.modelHelp}</a>
        </p>
        ${start}`;
    }
    return html`<fieldset>
        <legend>${l.modeLabel}</legend>
        ${radio('deep')} ${radio('quick')}
      </fieldset>
      <p class="mode-note" data-mode-note=${this.mode}>${l.modeNote[this.mode]}</p>
      ${
        deep
          ? html`<fieldset>
              <legend>${l.sources}</legend>
              <label class="choice"><input type="checkbox" data-source="wikipedia" .checked=${this.wikipedia} ?disabled=${this.busy}
                @change=${(e: Event) => this.edit({ wikipedia: (e.target as HTMLInputElement).checked })} />${l.wikipedia}</label>
            </fieldset>
            <div class="rules">
              <label for="fc-rules">${l.rulesLabel}</label>
              <textarea id="fc-rules" maxlength=${RULES_MAX} placeholder=${l.rulesPlaceholder} aria-describedby="fc-rules-hint" .value=${this.rules}
                ?disabled=${this.busy} @input=${(e: Event) => this.edit({ rules: (e.target as HTMLTextAreaElement).value })}></textarea>
              <p class="hint" id="fc-rules-hint">
                <span data-rules-hint>${passages ? pluralForm(lang, l.rulesHint, passages) : ''}</span>
                <span>${format(lang, l.rulesCount, { n: formatNumber(this.rules.length, lang), max: formatNumber(RULES_MAX, lang) })}</span>
              </p>
            </div>`
          : nothing
      }
      ${needsSource ? html`<p class="hint" id="fc-needs-source" data-needs-source>${l.needsSource}</p>` : nothing}
      ${start}`;
  }

  private renderReport(report: FcReport) {
    const lang = this.lang;
    const l = factCheckStrings(lang);
    const m = report.metrics;
    const counts = VERDICTS.filter((v) => v !== 'out_of_scope' || m.out_of_scope > 0);
    // The summary line in the reader's language (the stored report's is in the document's).
    return html`<p class="report-line" data-report-id=${report.reportId}>
        ${format(lang, l.reportLine, { mode: l.mode[report.mode], r: report.revision ?? '?', model: report.model || '—' })}
      </p>
      <p class="summary">${factSummary(m, lang === 'zh', report.warnings)}</p>
      ${this.stale ? html`<p class="stale" role="note" data-stale>${format(lang, l.stale, { r: report.revision ?? '?' })}</p>` : nothing}
      <ul class="metrics" aria-label=${l.metrics}>
        <li data-metric="total">${pluralForm(lang, l.total, m.totalClaims)}</li>
        ${counts.map((v) => html`<li data-metric=${v}>${l.verdict[v]} ${m[v]}</li>`)}
        <li class="rate ${m.supportedRate >= GOOD_RATE && m.judged > 0 && !failedSources(report.warnings).length ? 'good' : ''}" data-metric="rate">${
          m.judged > 0 ? format(lang, l.rate, { p: m.supportedRate, n: m.judged }) : l.noneJudged
        }</li>
      </ul>
      ${
        report.warnings.length
          ? html`<details class="warnings">
            <summary>${format(lang, l.warnings, { n: report.warnings.length })}</summary>
            <ul>${[...new Set(report.warnings.map((w) => describeFactCheckWarning(w, lang)))].map((w) => html`<li>${w}</li>`)}</ul>
          </details>`
          : nothing
      }
      ${
        report.claims.length
          ? html`<ul class="claims" aria-label=${l.claims}>${report.claims.map((c) => this.renderClaim(c))}</ul>`
          : html`<p class="muted">${l.noClaims}</p>`
      }`;
  }

  private renderClaim(claim: FcClaim) {
    const lang = this.lang;
    const l = factCheckStrings(lang);
    const rejected = claim.status === 'rejected';
    const items = evidenceItems(claim);
    const meta = [
      typeLabel(claim.kind, lang),
      claim.nodeId,
      format(lang, l.checkworthy, { p: percent(claim.checkworthy) }),
      format(lang, l.confidence, { p: percent(claim.confidence) }),
    ];
    return html`<li class="claim ${rejected ? 'rejected' : ''}" data-claim-id=${claim.id} data-verdict=${claim.verdict} data-node-id=${claim.nodeId}
      data-unit=${claim.unit ?? nothing}>
      <div class="head">
        <span class="tag" data-verdict-tag>${l.verdict[claim.verdict]}</span>
        <span class="meta">${meta.filter(Boolean).join(' · ')}</span>
      </div>
      <p class="claim-text">${claim.claim}</p>
      ${claim.rationale ? html`<p class="rationale">${claim.rationale}</p>` : nothing}
      ${claim.evidenceQuote ? html`<p data-evidence-quote><span class="label">${l.evidenceQuote}</span> <q class="quote">${claim.evidenceQuote}</q></p>` : nothing}
      ${items.length ? html`<ul class="evidence" aria-label=${l.evidence}>${items.map((e) => this.renderEvidence(e))}</ul>` : nothing}
      ${claim.correction ? html`<p class="correction" data-correction><span class="label">${l.correction}</span> ${claim.correction}</p>` : nothing}
      <div class="claim-actions">
        <button type="button" data-locate aria-label=${format(lang, l.locateLabel, { id: claim.id, node: claim.nodeId })} ?disabled=${!claim.nodeId}
          @click=${() => emit(this, 'kg-fact-check-locate', { claimId: claim.id })}>${l.locate}</button>
        ${
          rejected
            ? html`<span class="status" role="status">${l.ignored}</span>`
            : this.canWrite
              ? html`<button type="button" data-ignore aria-label=${format(lang, l.ignoreLabel, { id: claim.id })} ?disabled=${this.claimBusy.has(claim.id)}
                @click=${() => this.ignore(claim.id)}>${l.ignore}</button>`
              : nothing
        }
      </div>
    </li>`;
  }

  private renderEvidence(e: EvidenceItem) {
    const l = factCheckStrings(this.lang);
    const provider = e.provider === 'wikipedia' ? 'Wikipedia' : e.provider;
    if (e.kind === 'link') {
      return html`<li data-evidence=${e.id}><a href=${e.href} target="_blank" rel="noopener noreferrer">${e.title} (${provider})<span class="visually-hidden"> ${l.newTab}</span></a></li>`;
    }
    return html`<li data-evidence=${e.id}><span class="label">${e.title}:</span> ${clip(e.snippet, 400)}</li>`;
  }

  private run() {
    if (this.mode === 'quick') return emit(this, 'kg-fact-check-run', { mode: 'quick' });
    const sources = this.sources;
    emit(this, 'kg-fact-check-run', {
      mode: 'deep',
      sources,
      ...(sources.includes('rules') ? { rules: this.rules } : {}),
    });
  }

  private ignore(claimId: string) {
    emit(this, 'kg-fact-check-ignore', { claimId });
    // The button goes away once the claim is rejected: keep the reader's place on the card.
    this.renderRoot.querySelector<HTMLElement>(`[data-claim-id="${CSS.escape(claimId)}"] [data-locate]`)?.focus();
  }
}

import { declareElement } from '../register';
declareElement('kg-fact-check-panel', KgFactCheckPanel);
