// The trust tools under the workbench's result (issues 11, 14): verification with questions, the fix log,
// candidates, and the external fact check (loaded on first use), in <kg-trust-tabs>. An element of its own inside
// <kg-workbench>: it takes the workbench context (@lit/context) — the client, the shown document, the selection, the
// language — and hosts the trust controller (trust-controller.ts), so the workbench's template only places it. The
// graph view draws the open issues' targets: this element tells the workbench with `kg-issue-marks`.
import { ContextConsumer } from '@lit/context';
import { LitElement, html, nothing } from 'lit';
import { createRef, ref } from 'lit/directives/ref.js';
import type { Severity } from '../../core/verify/types';
import '../trust-tabs/trust-tabs';
import '../verify-panel/verify-panel';
import '../question-box/question-box';
import '../audit-log/audit-log';
import '../trust-model-picker/trust-model-picker';
import type { KgQuestionBox } from '../question-box/question-box';
import { MODELS_HELP } from '../verify-panel/verify-panel';
import { type WorkbenchContext, workbenchContext } from '../workbench/context';
import { renderFactCheckTab } from './fact-check-tab';
import { TrustController, type TrustTab } from './trust-controller';
import { trustToolsStyles } from './trust-tools.styles';

type Detail<T> = CustomEvent<T>;

/** The targets of open issues by id, with their worst severity (for the graph view's issueNodeSeverity / …Edge…). */
export interface IssueMarks {
  nodes: ReadonlyMap<string, Severity>;
  edges: ReadonlyMap<string, Severity>;
}

declare global {
  interface HTMLElementTagNameMap {
    'kg-trust-tools': KgTrustTools;
  }
  interface HTMLElementEventMap {
    'kg-issue-marks': CustomEvent<IssueMarks>;
  }
}

/**
 * @summary The trust tools of the document a <kg-workbench> shows: checks, fixes, the fix log, candidates and the
 * fact check. Used inside the workbench only (it takes the workbench's context).
 * @event kg-issue-marks - `{ nodes, edges }`: the open issues' targets changed (not bubbling; for the workbench).
 * @csspart trust - The frame of the tools (<kg-trust-tabs>).
 */
export class KgTrustTools extends LitElement {
  static override styles = trustToolsStyles;

  /** Created when the workbench's context arrives (on connection). */
  private trust: TrustController | null = null;
  private context: WorkbenchContext | null = null;
  private marks: IssueMarks | null = null;
  private readonly questionBox = createRef<KgQuestionBox>();

  /** The workbench's context; subscribed: the workbench tells its consumers after each of its renders, so the tools
   * follow the document. */
  protected readonly consumer = new ContextConsumer(this, {
    context: workbenchContext,
    subscribe: true,
    callback: (ctx) => {
      if (this.trust && ctx === this.context) return;
      this.context = ctx;
      this.trust = new TrustController(this, ctx);
    },
  });

  /** "Question this node / relation" (a detail card's `kg-card-question`): opens the question box on that target. */
  async questionAbout(kind: 'node' | 'edge', id: string): Promise<void> {
    this.trust?.questionAbout(kind, id);
    await this.updateComplete;
    const box = this.questionBox.value;
    box?.scrollIntoView({ block: 'nearest' });
    box?.focus();
  }

  /** "Review and submit": the issue goes to the question box as a question about its target, asked at once. */
  private async review(issueId: string): Promise<void> {
    if (!this.trust?.reviewIssue(issueId)) return;
    await this.updateComplete;
    this.questionBox.value?.scrollIntoView({ block: 'nearest' });
  }

  private readonly toggle = () => {
    this.trust?.toggle();
    if (this.trust?.open) void this.updateComplete.then(() => this.scrollIntoView({ block: 'nearest' }));
  };

  override updated(): void {
    const trust = this.trust;
    if (!trust) return;
    if (this.marks?.nodes === trust.nodeSeverity && this.marks.edges === trust.edgeSeverity) return;
    this.marks = { nodes: trust.nodeSeverity, edges: trust.edgeSeverity };
    this.dispatchEvent(new CustomEvent('kg-issue-marks', { detail: this.marks }));
  }

  /** A node's text by id from the shown view, so the verify panel names nodes by their words. */
  private readonly nodeTexts = (id: string): string | undefined =>
    this.context?.doc.graph?.nodes.find((n) => n.id === id)?.text;

  override render() {
    const { trust, context: ctx } = this;
    if (!trust || !ctx || ctx.staticMode || !ctx.doc.info) return nothing;
    const lang = ctx.lang;
    const { question, candidates } = trust;
    const canWrite = ctx.canWrite;
    const model = trust.modelAvailable;
    const revision = trust.currentRevision;
    let body: unknown = nothing;
    if (trust.open && trust.tab === 'verify') {
      body = html`<kg-verify-panel lang=${lang} .report=${trust.report} .busy=${trust.busy} .task=${trust.review.task}
          ?model-available=${model} ?can-write=${canWrite} .revision=${revision} .issueState=${trust.issueState} models-help=${MODELS_HELP}
          .nodeTexts=${this.nodeTexts}
          @kg-verify-run=${(e: Detail<{ mode: 'quick' | 'standard' }>) => trust.run(e.detail.mode)} @kg-verify-cancel=${trust.cancelReview}
          @kg-issue-select=${(e: Detail<{ issueId: string }>) => trust.select(e.detail.issueId)}
          @kg-issue-fix=${(e: Detail<{ issueIds: string[] }>) => trust.fix(e.detail.issueIds)}
          @kg-issue-ignore=${(e: Detail<{ issueId: string }>) => trust.ignore(e.detail.issueId)}
          @kg-issue-remedy=${(e: Detail<{ issueId: string; index: number }>) => trust.remedy(e.detail.issueId, e.detail.index)}
          @kg-issue-review=${(e: Detail<{ issueId: string }>) => this.review(e.detail.issueId)}></kg-verify-panel>
        <kg-question-box ${ref(this.questionBox)} lang=${lang} .target=${question.target} .result=${question.result} ?busy=${question.busy}
          ?fixed=${question.fixed} ?model-available=${model} ?can-write=${canWrite} models-help=${MODELS_HELP}
          @kg-question-ask=${(e: Detail<{ question: string }>) => question.ask(e.detail.question)}
          @kg-question-cancel=${question.cancel} @kg-question-clear-target=${question.clearTarget} @kg-question-fix=${question.applyFix}
          @kg-question-evidence=${(e: Detail<{ unit: number }>) => question.showUnit(e.detail.unit)}></kg-question-box>`;
    } else if (trust.open && trust.tab === 'audit') {
      body = html`<kg-audit-log lang=${lang} .entries=${trust.audit} .revision=${revision} ?can-write=${canWrite} ?busy=${!!trust.busy}
        @kg-audit-undo=${trust.undo}></kg-audit-log>`;
    } else if (trust.open && trust.tab === 'factCheck') {
      body = renderFactCheckTab(this, ctx, lang, trust);
    } else if (trust.open) {
      // The list's element is a lazy chunk, loaded when its tab is first shown; it upgrades when it arrives.
      void import('../candidate-review/candidate-review');
      body = html`<kg-candidate-review lang=${lang} .items=${candidates.items} status=${candidates.status} ?can-write=${canWrite}
        ?has-more=${!!candidates.nextCursor} ?busy=${candidates.busy}
        @kg-candidate-filter=${(e: Detail<{ status: 'candidate' | 'accepted' | 'rejected' }>) => candidates.filter(e.detail.status)}
        @kg-candidate-status=${(e: Detail<{ candidateId: string; status: 'candidate' | 'accepted' | 'rejected' }>) => candidates.setStatus(e.detail.candidateId, e.detail.status)}
        @kg-candidate-locate=${(e: Detail<{ nodeId: string }>) => candidates.locate(e.detail.nodeId)}
        @kg-candidate-more=${candidates.more}></kg-candidate-review>`;
    }
    // The model the reviews, questions and fact-checks use, picked here (issue 26), on the tabs that use one.
    const picker =
      trust.open && model && (trust.tab === 'verify' || trust.tab === 'factCheck')
        ? html`<kg-trust-model-picker lang=${lang} .models=${trust.model.choices} value=${trust.languageModel ?? ''}
          @kg-trust-model-change=${(e: Detail<{ model: string }>) => trust.model.choose(e.detail.model)}></kg-trust-model-picker>`
        : nothing;
    return html`<kg-trust-tabs class="trust" part="trust" lang=${lang} ?open=${trust.open} tab=${trust.tab} .message=${trust.message}
      @kg-trust-toggle=${this.toggle} @kg-trust-tab=${(e: Detail<{ tab: TrustTab }>) => trust.setTab(e.detail.tab)}
      >${picker}${body}</kg-trust-tabs>`;
  }
}

import { declareElement } from '../register';
declareElement('kg-trust-tools', KgTrustTools);
