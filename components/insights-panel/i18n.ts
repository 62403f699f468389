// The panel's labels: its part (`insightsPanel`) of the one table per language (shared/i18n/en.ts, zh.ts). Insight
// text itself arrives already written (by the engine) and is shown as text, never translated here.
import { strings, type Lang, type Messages } from '../shared/i18n';

export { format, langFromTag } from '../shared/i18n';

export function labels(lang: Lang): Messages['insightsPanel'] {
  return strings(lang).insightsPanel;
}
