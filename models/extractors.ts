// Builds the extractor for a listed model.
import type { Extractor } from '../core/extract/extractor';
import { createHeuristicExtractor } from '../core/extractors/heuristic';
import { KgError } from '../core/errors';
import { BUILTIN_HEURISTIC_ID, type ModelInfo } from './registry';
import type { ModelConfig } from './config';
import { createModelExtractor } from './providers/model-extractor';

export function createExtractor(
  env: Env,
  model: ModelInfo & { config?: ModelConfig },
): { extractor: Extractor; concurrency: number } {
  if (model.id === BUILTIN_HEURISTIC_ID) return { extractor: createHeuristicExtractor(), concurrency: 1 };
  if (!model.config) throw new KgError('no_model', `"${model.id}" is not configured.`);
  return { extractor: createModelExtractor(env, model.config), concurrency: model.config.concurrency };
}
