// The graph view's interface text: its part (`graph`) of the one table per language (shared/i18n/en.ts, zh.ts).
// Node type and relation names come from core/schema.
import { strings as allStrings, type Lang, type Messages } from '../shared/i18n';

export { format, langFromTag, relationLabel, typeLabel } from '../shared/i18n';
export type { Lang };

export type GraphViewStrings = Messages['graph'];

export function strings(lang: Lang): GraphViewStrings {
  return allStrings(lang).graph;
}
