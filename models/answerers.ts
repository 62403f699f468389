// Who can answer a question over a graph: the offline builtin:extractive (not a model, always listed, the default
// unless a configured model is the default) and every configured chat model. A `service` endpoint speaks the
// extraction wire format, so it is not an answerer; neither is builtin:heuristic, an extractor.
import { BUILTIN_EXTRACTIVE_ID } from '../core/answer/extractive';
import { KgError } from '../core/errors';
import { readModelSettings, type ModelConfig } from './config';

export { BUILTIN_EXTRACTIVE_ID };

export interface AnswererInfo {
  id: string;
  /** extractive: the built-in offline answerer, never presented as a model; model: a configured language model. */
  kind: 'extractive' | 'model';
  label: string;
  default: boolean;
}

export type ResolvedAnswerer = { id: string; kind: 'extractive' } | { id: string; kind: 'model'; config: ModelConfig };

const EXTRACTIVE_LABEL = 'Built-in extractive answerer (offline, cites the graph; not a model)';

const answeringModels = (env: Env) => readModelSettings(env).models.filter((m) => m.provider !== 'service');

export function listAnswerers(env: Env): AnswererInfo[] {
  const models = answeringModels(env);
  const modelDefault = models.some((m) => m.default);
  return [
    { id: BUILTIN_EXTRACTIVE_ID, kind: 'extractive', label: EXTRACTIVE_LABEL, default: !modelDefault },
    ...models.map((m) => ({ id: m.id, kind: 'model' as const, label: m.label, default: m.default })),
  ];
}

/** The answerer a request names, or the default one; an unknown id is unknown_model, naming the answerers. */
export function resolveAnswerer(env: Env, id?: string): ResolvedAnswerer {
  const models = answeringModels(env);
  if (!id) {
    const preferred = models.find((m) => m.default);
    return preferred
      ? { id: preferred.id, kind: 'model', config: preferred }
      : { id: BUILTIN_EXTRACTIVE_ID, kind: 'extractive' };
  }
  if (id === BUILTIN_EXTRACTIVE_ID) return { id, kind: 'extractive' };
  const found = models.find((m) => m.id === id);
  if (!found) {
    const ids = [BUILTIN_EXTRACTIVE_ID, ...models.map((m) => m.id)].slice(0, 20);
    throw new KgError('unknown_model', {
      en: `"${id.slice(0, 200)}" cannot answer questions; answerers: ${ids.join(', ')}.`,
      zh: `“${id.slice(0, 200)}”不能回答问题。可用：${ids.join('、')}`,
    });
  }
  return { id: found.id, kind: 'model', config: found };
}
