// The fact-check tab of the trust tools (issue 14): the panel and its controller, one controller per workbench. This
// module is loaded on first use (fact-check-tab.ts imports it dynamically), so the first load does not carry it; what
// it needs from the first-load side (the models help link, the ask panel's navigation) is handed in rather than
// imported, which keeps the chunk boundary small.
import { html } from 'lit';
import '../fact-check-panel/fact-check-panel';
import type { FactCheckDraft, FactCheckRunDetail } from '../fact-check-panel/fact-check-panel';
import type { Lang } from '../shared/i18n';
import type { followAskSelection } from './ask-navigation';
import { FactCheckController } from './fact-check-controller';
import type { KgWorkbench } from './workbench';

export interface FactCheckTabDeps {
  modelsHelp: string;
  follow: typeof followAskSelection;
}

const controllers = new WeakMap<KgWorkbench, FactCheckController>();

export function renderFactCheck(wb: KgWorkbench, lang: Lang, deps: FactCheckTabDeps) {
  let fc = controllers.get(wb);
  if (!fc) controllers.set(wb, (fc = new FactCheckController(wb, deps.follow)));
  const { trust } = wb;
  return html`<kg-fact-check-panel lang=${lang} .report=${fc.report} ?stale=${fc.stale} .task=${fc.feed.task} ?busy=${fc.busy}
    ?cancelling=${fc.cancelling} ?model-available=${trust.modelAvailable} model=${trust.languageModel ?? ''} ?can-write=${trust.canWrite}
    models-help=${deps.modelsHelp} .claimBusy=${fc.claimBusy} .draft=${fc.draft}
    @kg-fact-check-draft=${(e: CustomEvent<FactCheckDraft>) => fc.keepDraft(e.detail)}
    @kg-fact-check-run=${(e: CustomEvent<FactCheckRunDetail>) => fc.run(e.detail)} @kg-fact-check-cancel=${fc.cancel}
    @kg-fact-check-locate=${(e: CustomEvent<{ claimId: string }>) => fc.locate(e.detail.claimId)}
    @kg-fact-check-ignore=${(e: CustomEvent<{ claimId: string }>) => fc.ignore(e.detail.claimId)}></kg-fact-check-panel>`;
}
