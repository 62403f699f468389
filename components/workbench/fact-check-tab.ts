// Loads the fact-check tab (fact-check-area.ts: its panel and controller) on first use through a dynamic import(), so
// the first load of the workbench does not grow with it. Until it is there the tab says "Loading…"; a failed load is
// reported once, like any failure of the trust tools (a reload tries again).
import { html, nothing } from 'lit';
import { t, type Lang } from '../shared/i18n';
import { MODELS_HELP } from '../verify-panel/verify-panel';
import { followAskSelection } from './ask-navigation';
import type { KgWorkbench } from './workbench';

type Area = typeof import('./fact-check-area');
let area: Area | null = null;
let failed = false;
const waiting = new Set<KgWorkbench>();

export function renderFactCheckTab(wb: KgWorkbench, lang: Lang) {
  if (area) return area.renderFactCheck(wb, lang, { modelsHelp: MODELS_HELP, follow: followAskSelection });
  if (failed) return nothing;
  if (waiting.size === 0) {
    import('./fact-check-area').then(
      (m) => {
        area = m;
        for (const w of waiting) w.requestUpdate();
        waiting.clear();
      },
      (error) => {
        failed = true;
        for (const w of waiting) w.trust.failed(error);
        waiting.clear();
      },
    );
  }
  waiting.add(wb);
  return html`<p class="muted" role="status">${t(lang, 'loading')}</p>`;
}
