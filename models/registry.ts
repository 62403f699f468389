// The model registry: the built-in deterministic extractor is always listed (and is the default when no model is
// configured as default); model-backed extractors come from configuration (config.ts). The Worker lists it for
// /api/models and checks a request's model; the Durable Object resolves it again when the task runs.
import { KgError } from '../core/errors';
import type { ModelInfo } from '../core/schema/api';
import { readModelSettings, type ModelConfig } from './config';

export type { ModelInfo } from '../core/schema/api';

export const BUILTIN_HEURISTIC_ID = 'builtin:heuristic';

const BUILTIN: ModelInfo = {
  id: BUILTIN_HEURISTIC_ID,
  provider: 'builtin',
  model: 'heuristic',
  label: 'Built-in heuristic extractor (offline, not a model)',
  image: false,
  default: true,
};

export function listModels(env: Env): { models: ModelInfo[]; warnings: string[] } {
  const { models, warnings } = readModelSettings(env);
  const anyDefault = models.some((m) => m.default);
  return {
    models: [{ ...BUILTIN, default: !anyDefault }, ...models.map(toInfo)],
    warnings,
  };
}

/** The model a request names (or the default), with its server-side configuration. */
export function resolveModel(env: Env, id?: string): ModelInfo & { config?: ModelConfig } {
  const { models } = readModelSettings(env);
  const builtin = { ...BUILTIN, default: !models.some((m) => m.default) };
  if (!id) {
    const preferred = models.find((m) => m.default);
    return preferred ? { ...toInfo(preferred), config: preferred } : builtin;
  }
  if (id === BUILTIN_HEURISTIC_ID) return builtin;
  const found = models.find((m) => m.id === id);
  if (!found) {
    const ids = [BUILTIN_HEURISTIC_ID, ...models.map((m) => m.id)];
    throw new KgError('unknown_model', `"${id}" is not one of: ${ids.join(', ')}.`);
  }
  return { ...toInfo(found), config: found };
}

function toInfo(m: ModelConfig): ModelInfo {
  return { id: m.id, provider: m.provider, model: m.model, label: m.label, image: m.image, default: m.default };
}
