// Loads the fact-check tab (fact-check-area.ts: its panel and controller) on first use through a dynamic import(), so
// the first load of the workbench does not grow with it. Until it is there the tab says "Loading…"; a failed load is
// reported once, like any failure of the trust tools (a reload tries again).
import { html, nothing, type ReactiveControllerHost } from 'lit';
import { t, type Lang } from '../shared/i18n';
import { MODELS_HELP } from '../verify-panel/verify-panel';
import type { WorkbenchContext } from '../workbench/context';
import type { FactCheckTabDeps } from './fact-check-area';

type Area = typeof import('./fact-check-area');
let area: Area | null = null;
let failed = false;
const waiting = new Map<ReactiveControllerHost, FactCheckTabDeps['trust']>();

export function renderFactCheckTab(
  host: ReactiveControllerHost,
  ctx: WorkbenchContext,
  lang: Lang,
  trust: FactCheckTabDeps['trust'],
) {
  if (area) return area.renderFactCheck(host, ctx, lang, { modelsHelp: MODELS_HELP, trust });
  if (failed) return nothing;
  if (waiting.size === 0) {
    import('./fact-check-area').then(
      (m) => {
        area = m;
        for (const h of waiting.keys()) h.requestUpdate();
        waiting.clear();
      },
      (error) => {
        failed = true;
        for (const tools of waiting.values()) tools.failed(error);
        waiting.clear();
      },
    );
  }
  waiting.set(host, trust);
  return html`<p class="muted" role="status">${t(lang, 'loading')}</p>`;
}
