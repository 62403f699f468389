// The model registry: the built-in deterministic extractor is always listed (and is the default when nothing else
// is configured); model-backed extractors are added from configuration.
import { KgError } from '../../core/errors';

export interface ModelInfo {
  id: string;
  provider: string;
  model: string;
  label: string;
  /** Image input: true, false, or unknown. */
  image: boolean | 'unknown';
  default: boolean;
}

export const BUILTIN_HEURISTIC_ID = 'builtin:heuristic';

const BUILTIN: ModelInfo = {
  id: BUILTIN_HEURISTIC_ID,
  provider: 'builtin',
  model: 'heuristic',
  label: 'Built-in heuristic extractor (offline, not a model)',
  image: false,
  default: true,
};

export function listModels(_env: Env): ModelInfo[] {
  return [BUILTIN];
}

export function resolveModel(env: Env, id?: string): ModelInfo {
  const models = listModels(env);
  if (!id) return models.find((m) => m.default) ?? BUILTIN;
  const found = models.find((m) => m.id === id);
  if (!found) throw new KgError('unknown_model', `"${id}" is not one of: ${models.map((m) => m.id).join(', ')}.`);
  return found;
}
