// Which extractor or model made a graph, in words: the built-in extractor always says it is rule-based and not a
// model; a model is named by its configured label when the server lists it, else by its id.
import type { ModelInfo } from '../../core/schema/api';
import { formatDate, t, type Lang } from './i18n';

export const isBuiltinModel = (model: string | undefined): boolean => !!model && model.startsWith('builtin');

export function extractorName(model: string | undefined, lang: Lang, models: readonly ModelInfo[] = []): string {
  if (!model) return '';
  if (isBuiltinModel(model)) return t(lang, 'builtinProvenance');
  return models.find((m) => m.id === model)?.label ?? model;
}

/** "Made by <extractor> · <date>" ('' when the extractor is unknown). */
export function provenanceLine(
  info: { model?: string; madeAt?: number },
  lang: Lang,
  models: readonly ModelInfo[] = [],
): string {
  const extractor = extractorName(info.model, lang, models);
  if (!extractor) return '';
  return t(lang, 'madeBy', { extractor, date: info.madeAt ? formatDate(info.madeAt, lang) : '' }).replace(/ · $/, '');
}
