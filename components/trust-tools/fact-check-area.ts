// The fact-check tab of the trust tools (issue 14): the panel and its controller, one controller per trust tools
// element. This module is loaded on first use (fact-check-tab.ts imports it dynamically), so the first load does not
// carry it; what it needs from the first-load side (the models help link) is handed in rather than imported, which
// keeps the chunk boundary small.
import { html, type ReactiveControllerHost } from 'lit';
import '../fact-check-panel/fact-check-panel';
import type { FactCheckDraft, FactCheckRunDetail } from '../fact-check-panel/fact-check-panel';
import type { Lang } from '../shared/i18n';
import type { WorkbenchContext } from '../workbench/context';
import { FactCheckController, type FactCheckTrust } from './fact-check-controller';

export interface FactCheckTabDeps {
  modelsHelp: string;
  /** The trust tools' state the tab shows beside its own: a model to use, write access. */
  trust: FactCheckTrust & { readonly modelAvailable: boolean };
}

const controllers = new WeakMap<ReactiveControllerHost, FactCheckController>();

/** The tab's content. @lazy fact-check-tab.ts calls it on the module its dynamic import() gave. */
export function renderFactCheck(
  host: ReactiveControllerHost,
  ctx: WorkbenchContext,
  lang: Lang,
  deps: FactCheckTabDeps,
) {
  const { trust } = deps;
  let fc = controllers.get(host);
  if (!fc) {
    fc = new FactCheckController(host, ctx, trust);
    controllers.set(host, fc);
  }
  const c = fc;
  return html`<kg-fact-check-panel lang=${lang} .report=${c.report} ?stale=${c.stale} .task=${c.feed.task} ?busy=${c.busy}
    ?cancelling=${c.cancelling} ?model-available=${trust.modelAvailable} model=${trust.languageModel ?? ''} ?can-write=${ctx.canWrite}
    models-help=${deps.modelsHelp} .claimBusy=${c.claimBusy} .draft=${c.draft}
    @kg-fact-check-draft=${(e: CustomEvent<FactCheckDraft>) => c.keepDraft(e.detail)}
    @kg-fact-check-run=${(e: CustomEvent<FactCheckRunDetail>) => c.run(e.detail)} @kg-fact-check-cancel=${c.cancel}
    @kg-fact-check-locate=${(e: CustomEvent<{ claimId: string }>) => c.locate(e.detail.claimId)}
    @kg-fact-check-ignore=${(e: CustomEvent<{ claimId: string }>) => c.ignore(e.detail.claimId)}></kg-fact-check-panel>`;
}
