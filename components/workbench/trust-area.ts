// The trust tools under the result (issues 11, 14): verification with questions, the fix log, candidates, the
// external fact-check (loaded on first use). Rendered by
// workbench-result.ts; the state and the API calls are the trust controller's (trust-controller.ts).
import { html, nothing } from 'lit';
import '../trust-tabs/trust-tabs';
import '../verify-panel/verify-panel';
import '../question-box/question-box';
import '../audit-log/audit-log';
import '../candidate-review/candidate-review';
import { MODELS_HELP } from '../verify-panel/verify-panel';
import { renderFactCheckTab } from './fact-check-tab';
import type { Lang } from '../shared/i18n';
import type { KgWorkbench } from './workbench';
import type { TrustTab } from './trust-controller';

type Detail<T> = CustomEvent<T>;

export function renderTrust(wb: KgWorkbench, lang: Lang) {
  const trust = wb.trust;
  if (wb.staticMode || !wb.doc.info) return nothing;
  const { question, candidates } = trust;
  const canWrite = trust.canWrite;
  const model = trust.modelAvailable;
  const revision = trust.currentRevision;
  let body: unknown = nothing;
  if (trust.open && trust.tab === 'verify') {
    body = html`<kg-verify-panel lang=${lang} .report=${trust.report} .busy=${trust.busy} .task=${trust.review.task}
        ?model-available=${model} ?can-write=${canWrite} .revision=${revision} .issueState=${trust.issueState} models-help=${MODELS_HELP}
        @kg-verify-run=${(e: Detail<{ mode: 'quick' | 'standard' }>) => trust.run(e.detail.mode)} @kg-verify-cancel=${trust.cancelReview}
        @kg-issue-select=${(e: Detail<{ issueId: string }>) => trust.select(e.detail.issueId)}
        @kg-issue-fix=${(e: Detail<{ issueIds: string[] }>) => trust.fix(e.detail.issueIds)}
        @kg-issue-ignore=${(e: Detail<{ issueId: string }>) => trust.ignore(e.detail.issueId)}></kg-verify-panel>
      <kg-question-box lang=${lang} .target=${question.target} .result=${question.result} ?busy=${question.busy} ?fixed=${question.fixed}
        ?model-available=${model} ?can-write=${canWrite} models-help=${MODELS_HELP} @kg-question-ask=${(e: Detail<{ question: string }>) => question.ask(e.detail.question)}
        @kg-question-cancel=${question.cancel} @kg-question-clear-target=${question.clearTarget} @kg-question-fix=${question.applyFix}
        @kg-question-evidence=${(e: Detail<{ unit: number }>) => question.showUnit(e.detail.unit)}></kg-question-box>`;
  } else if (trust.open && trust.tab === 'audit') {
    body = html`<kg-audit-log lang=${lang} .entries=${trust.audit} .revision=${revision} ?can-write=${canWrite} ?busy=${!!trust.busy}
      @kg-audit-undo=${trust.undo}></kg-audit-log>`;
  } else if (trust.open && trust.tab === 'factCheck') {
    body = renderFactCheckTab(wb, lang);
  } else if (trust.open) {
    body = html`<kg-candidate-review lang=${lang} .items=${candidates.items} status=${candidates.status} ?can-write=${canWrite}
      ?has-more=${!!candidates.nextCursor} ?busy=${candidates.busy}
      @kg-candidate-filter=${(e: Detail<{ status: 'candidate' | 'accepted' | 'rejected' }>) => candidates.filter(e.detail.status)}
      @kg-candidate-status=${(e: Detail<{ candidateId: string; status: 'candidate' | 'accepted' | 'rejected' }>) => candidates.setStatus(e.detail.candidateId, e.detail.status)}
      @kg-candidate-locate=${(e: Detail<{ nodeId: string }>) => candidates.locate(e.detail.nodeId)}
      @kg-candidate-more=${candidates.more}></kg-candidate-review>`;
  }
  return html`<kg-trust-tabs class="trust" part="trust" lang=${lang} ?open=${trust.open} tab=${trust.tab} .message=${trust.message}
    @kg-trust-toggle=${trust.toggle} @kg-trust-tab=${(e: Detail<{ tab: TrustTab }>) => trust.setTab(e.detail.tab)}
    >${body}</kg-trust-tabs>`;
}
