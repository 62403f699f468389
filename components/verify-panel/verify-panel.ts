import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { TaskStatus } from '../../core/schema';
import { format, strings, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { emit } from '../shared/events/emit';
import { CATEGORIES, inLang, isFixable, type Issue, type IssueCategory, type Report } from './report';
import { fixLabel, type NodeTexts, remedyLabel } from './fix-label';
import { editStrings } from '../shared/i18n/edit';
import { SEVERITIES, type Severity } from '../../core/verify/types';
import { verifyPanelStyles } from './verify-panel.styles';

export type { Issue, Report } from './report';

/** The README section on configuring models (the reason model-backed actions are unavailable links here). */
/** The served help page (demo/help.html): the README itself is not served by the Worker. */
export const MODELS_HELP = './help.html#model';

declare global {
  interface HTMLElementTagNameMap {
    'kg-verify-panel': KgVerifyPanel;
  }
  interface HTMLElementEventMap {
    'kg-verify-run': CustomEvent<{ mode: 'quick' | 'standard' }>;
    'kg-verify-cancel': CustomEvent<Record<string, never>>;
    'kg-issue-select': CustomEvent<{ issueId: string }>;
    'kg-issue-fix': CustomEvent<{ issueIds: string[] }>;
    'kg-issue-ignore': CustomEvent<{ issueId: string }>;
    'kg-issue-remedy': CustomEvent<{ issueId: string; index: number }>;
    'kg-issue-review': CustomEvent<{ issueId: string }>;
  }
}

/**
 * @summary The verification report of a document: quick check (deterministic, no model) and model review buttons,
 * the metrics strip, issues filterable by severity and category, and per issue "accept fix" and "ignore".
 * A report computed on an older revision says so. Fix buttons appear only with write access (`can-write`).
 * @event kg-verify-run - `{ mode }`: run a quick check or start a model review.
 * @event kg-verify-cancel - Cancel the running model review.
 * @event kg-issue-select - `{ issueId }`: show the issue's node or relation and its unit.
 * @event kg-issue-fix - `{ issueIds }`: apply these issues' fixes (one, or all auto-fixable after confirmation).
 * @event kg-issue-ignore - `{ issueId }`.
 * @event kg-issue-remedy - `{ issueId, index }`: apply the issue's remedy at `index` (no model needed).
 * @event kg-issue-review - `{ issueId }`: send the issue to a model as a question ("Review and submit").
 * @cssproperty --kg-severity-error - Error colour (default #dc2626).
 * @cssproperty --kg-severity-warning - Warning colour (default #d97706).
 * @cssproperty --kg-severity-suggestion - Suggestion colour (default #2563eb).
 */
export class KgVerifyPanel extends LitElement {
  static override styles = [controls, verifyPanelStyles];

  static override properties = {
    lang: { type: String },
    report: { attribute: false },
    busy: { type: String },
    task: { attribute: false },
    modelAvailable: { type: Boolean, attribute: 'model-available' },
    canWrite: { type: Boolean, attribute: 'can-write' },
    revision: { type: Number },
    issueState: { attribute: false },
    modelsHelp: { type: String, attribute: 'models-help' },
    nodeTexts: { attribute: false },
    severity: { state: true },
    category: { state: true },
    confirming: { state: true },
  };

  declare lang: Lang;
  declare report: Report | null;
  /** What runs now: a quick check, a model review, a commit of fixes, or nothing. */
  declare busy: 'quick' | 'review' | 'fixing' | null;
  /** The model review task while it runs (progress). */
  declare task: TaskStatus | null;
  declare modelAvailable: boolean;
  declare canWrite: boolean;
  /** The document's current revision (a report of an older one is stale). */
  declare revision: number;
  /** Issues already applied or ignored, by id. */
  declare issueState: ReadonlyMap<string, 'applied' | 'ignored'>;
  declare modelsHelp: string;
  /** Node texts by id (the loaded view), so fixes name nodes by their words. */
  declare nodeTexts: NodeTexts;
  declare severity: Severity | 'all';
  declare category: IssueCategory | 'all';
  declare confirming: boolean;

  constructor() {
    super();
    this.lang = 'en';
    this.report = null;
    this.busy = null;
    this.task = null;
    this.modelAvailable = false;
    this.canWrite = false;
    this.revision = 0;
    this.nodeTexts = () => undefined;
    this.issueState = new Map();
    this.modelsHelp = MODELS_HELP;
    this.severity = 'all';
    this.category = 'all';
    this.confirming = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('report') && (changed.get('report') as Report | null)?.reportId !== this.report?.reportId) {
      this.severity = 'all';
      this.category = 'all';
      this.confirming = false;
    }
  }

  private get open(): Issue[] {
    return (this.report?.issues ?? []).filter((i) => !this.issueState.has(i.id));
  }

  override render() {
    const l = strings(this.lang).trust;
    return html`${this.renderActions()}
      ${this.report ? this.renderReport(this.report) : html`<p class="note muted">${l.noReport}</p>`}`;
  }

  private renderActions() {
    const lang = this.lang;
    const l = strings(lang).trust;
    const running = this.busy === 'review';
    const task = this.task;
    return html`<div class="actions">
        <button type="button" class="primary" ?disabled=${!!this.busy} @click=${() => this.run('quick')}>
          ${this.busy === 'quick' ? l.checking : l.quickCheck}
        </button>
        <button type="button" ?disabled=${!!this.busy || !this.modelAvailable} aria-describedby=${this.modelAvailable ? nothing : 'needs-model'}
          @click=${() => this.run('standard')}>${running ? l.reviewing : l.modelReview}</button>
        ${this.busy ? html`<span class="spinner" role="presentation"></span>` : nothing}
        ${
          running && task
            ? html`<span role="status">${format(lang, l.progress, {
                stage: (strings(lang).stage as Record<string, string>)[task.stage] ?? task.stage,
                done: task.progress.done,
                total: task.progress.total,
              })}</span>`
            : nothing
        }
        ${running ? html`<button type="button" @click=${() => emit(this, 'kg-verify-cancel', {})}>${l.cancel}</button>` : nothing}
      </div>
      ${
        this.modelAvailable
          ? nothing
          : html`<p class="note unavailable" id="needs-model" data-unavailable="model">
            ${l.needsModel} <a href=${this.modelsHelp} target="_blank" rel="noopener">${l.modelHelp}</a>
          </p>`
      }
      ${this.canWrite ? nothing : html`<p class="note muted" data-read-only>${l.readOnly}</p>`}`;
  }

  private renderReport(report: Report) {
    const lang = this.lang;
    const l = strings(lang).trust;
    const stale = report.stale || (report.revision !== null && report.revision !== this.revision);
    const shown = this.open.filter((i) => this.passes(i));
    const done = report.issues.filter((i) => this.issueState.has(i.id) && this.passes(i));
    const fixable = this.open.filter(isFixable);
    const mode = (l.modes as Record<string, string>)[report.mode] ?? report.mode;
    return html`<p class="report-line" data-report-id=${report.reportId}>${format(lang, l.reportLine, { mode, r: report.revision ?? '?' })}</p>
      ${report.summary ? html`<p class="summary">${inLang(lang, report.summary, report.summaryZh)}</p>` : nothing}
      ${stale ? html`<p class="stale" role="note" data-stale>${format(lang, l.stale, { r: report.revision ?? '?', now: this.revision })}</p>` : nothing}
      ${this.renderMetrics(report)}
      ${this.renderFilters(report)}
      ${this.canWrite && fixable.length ? this.renderFixAll(fixable) : nothing}
      <h3 class="visually-hidden">${l.issues}</h3>
      ${
        report.issues.length === 0
          ? html`<p class="note muted">${l.noIssues}</p>`
          : shown.length === 0 && done.length === 0
            ? html`<p class="note muted">${l.noMatch}</p>`
            : html`<ul class="issues" aria-label=${l.issues}>
              ${repeat(
                [...shown, ...done],
                (i) => i.id,
                (i) => this.renderIssue(i),
              )}
            </ul>`
      }`;
  }

  private passes(i: Issue): boolean {
    return (
      (this.severity === 'all' || i.severity === this.severity) &&
      (this.category === 'all' || i.category === this.category)
    );
  }

  private renderMetrics(report: Report) {
    const lang = this.lang;
    const l = strings(lang).trust;
    const m = report.metrics;
    const has = (k: string) => typeof m[k] === 'number';
    const pct = (k: string, template: string) =>
      has(k)
        ? html`<li class=${m[k] >= 90 ? 'good' : ''}>${format(lang, template, { p: Math.round(m[k]) })}</li>`
        : nothing;
    const count = (s: Severity) => this.open.filter((i) => i.severity === s).length;
    return html`<ul class="metrics" aria-label=${l.metrics}>
      ${has('checkedNodes') ? html`<li>${format(lang, l.checked, { nodes: m.checkedNodes, edges: m.checkedEdges ?? 0 })}</li>` : nothing}
      ${has('connectedComponents') ? html`<li>${format(lang, l.components, { c: m.connectedComponents, i: m.isolatedNodes ?? 0 })}</li>` : nothing}
      <li data-counts>${format(lang, l.counts, { e: count('error'), w: count('warning'), s: count('suggestion') })}</li>
      ${pct('anchorCoverage', l.anchor)} ${pct('evidenceCoverage', l.evidenceCov)} ${pct('entailmentCoverage', l.entailment)}
      ${pct('paragraphCoverage', l.units)}
    </ul>`;
  }

  private renderFilters(report: Report) {
    const lang = this.lang;
    const l = strings(lang).trust;
    const open = this.open;
    const categories = CATEGORIES.filter((c) => report.issues.some((i) => i.category === c));
    const chip = (value: Severity | 'all', label: string) =>
      html`<button type="button" aria-pressed=${this.severity === value ? 'true' : 'false'} data-severity-filter=${value}
        @click=${() => (this.severity = value)}>${label}</button>`;
    return html`<div class="filters" role="group" aria-label=${l.severityFilter}>
      ${chip('all', format(lang, l.allSeverities, { n: open.length }))}
      ${SEVERITIES.map((s) => chip(s, `${l.severity[s]} ${open.filter((i) => i.severity === s).length}`))}
      ${
        categories.length > 1
          ? html`<label>${l.categoryFilter}
            <select @change=${(e: Event) => (this.category = (e.target as HTMLSelectElement).value as IssueCategory | 'all')}>
              <option value="all" ?selected=${this.category === 'all'}>${l.allCategories}</option>
              ${categories.map((c) => html`<option value=${c} ?selected=${this.category === c}>${l.category[c]}</option>`)}
            </select></label>`
          : nothing
      }
    </div>`;
  }

  private renderFixAll(fixable: Issue[]) {
    const lang = this.lang;
    const l = strings(lang).trust;
    const n = fixable.length;
    if (!this.confirming) {
      return html`<div class="fix-all">
        <button type="button" ?disabled=${!!this.busy} @click=${() => this.askConfirm()}>${format(lang, l.fixAll, { n })}</button>
      </div>`;
    }
    return html`<div class="fix-all confirm" role="alertdialog" aria-label=${format(lang, l.fixAll, { n })}>
      <span>${format(lang, l.confirmFixAll, { n })}</span>
      <button type="button" class="primary" data-confirm @click=${() => this.fixAll(fixable)}>${l.confirm}</button>
      <button type="button" @click=${() => (this.confirming = false)}>${l.cancel}</button>
    </div>`;
  }

  private renderIssue(issue: Issue) {
    const lang = this.lang;
    const l = strings(lang).trust;
    const state = this.issueState.get(issue.id);
    const meta = [
      l.category[issue.category],
      issue.source === 'local'
        ? l.localRule
        : issue.source === 'model'
          ? l.modelIssue
          : issue.source === 'question'
            ? l.questionIssue
            : issue.source,
      issue.confidence !== null && issue.source !== 'local'
        ? format(lang, l.confidence, { p: Math.round(issue.confidence * 100) })
        : '',
    ].filter(Boolean);
    return html`<li class="issue ${state ? 'done' : ''}" data-issue-id=${issue.id} data-severity=${issue.severity}
      data-target-id=${issue.targetId ?? nothing}>
      <button type="button" class="issue-target" title=${l.showTarget} ?disabled=${!issue.targetId && issue.evidence.length === 0}
        @click=${() => emit(this, 'kg-issue-select', { issueId: issue.id })}>
        <span class="badge">${l.severity[issue.severity]}</span><span class="title">${inLang(lang, issue.title, issue.titleZh)}</span>
      </button>
      ${issue.detail ? html`<p class="detail">${inLang(lang, issue.detail, issue.detailZh)}</p>` : nothing}
      <p class="meta">${meta.join(' · ')}</p>
      ${issue.evidence.slice(0, 2).map((e) => html`<p class="evidence">${format(lang, l.evidenceLine, { n: e.paragraph })}: ${e.quote}</p>`)}
      <div class="issue-actions">
        ${
          state
            ? html`<span class="status">${state === 'applied' ? l.applied : l.ignored}</span>`
            : html`${
                this.canWrite && isFixable(issue)
                  ? html`<button type="button" class="primary" data-accept-fix ?disabled=${!!this.busy} title=${fixLabel(issue.proposedFix, lang, this.nodeTexts)}
                    @click=${() => emit(this, 'kg-issue-fix', { issueIds: [issue.id] })}>${l.acceptFix}</button>
                    <span class="muted">${fixLabel(issue.proposedFix, lang, this.nodeTexts)}</span>`
                  : nothing
              }
              ${this.renderRemedies(issue)}
              ${
                this.modelAvailable || issue.source === 'local'
                  ? html`<button type="button" data-review-submit ?disabled=${!!this.busy || !this.modelAvailable}
                    aria-describedby=${this.modelAvailable ? nothing : 'needs-model'}
                    @click=${() => emit(this, 'kg-issue-review', { issueId: issue.id })}>${editStrings(lang).reviewSubmit}</button>`
                  : nothing
              }
              <button type="button" @click=${() => emit(this, 'kg-issue-ignore', { issueId: issue.id })}>${l.ignore}</button>`
        }
      </div>
    </li>`;
  }

  /** The issue's deterministic remedies as buttons (write access only), each saying what it does. */
  private renderRemedies(issue: Issue) {
    if (!this.canWrite || issue.remedies.length === 0) return nothing;
    const lang = this.lang;
    return html`<span class="remedies" role="group" aria-label=${editStrings(lang).remedies}>
      ${issue.remedies.map(
        (
          fix,
          index,
        ) => html`<button type="button" data-remedy=${index} data-remedy-action=${fix.action} ?disabled=${!!this.busy}
          title=${fixLabel(fix, lang, this.nodeTexts)} @click=${() => emit(this, 'kg-issue-remedy', { issueId: issue.id, index })}>${remedyLabel(fix, lang, this.nodeTexts)}</button>`,
      )}
    </span>`;
  }

  private run(mode: 'quick' | 'standard') {
    emit(this, 'kg-verify-run', { mode });
  }

  private askConfirm() {
    this.confirming = true;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[data-confirm]')?.focus());
  }

  private fixAll(fixable: Issue[]) {
    this.confirming = false;
    emit(this, 'kg-issue-fix', { issueIds: fixable.map((i) => i.id) });
  }
}

import { declareElement } from '../register';
declareElement('kg-verify-panel', KgVerifyPanel);
