// Builds the extractor for a listed model.
import type { Extractor } from '../../core/extract/extractor';
import { createHeuristicExtractor } from '../../core/extractors/heuristic';
import { KgError } from '../../core/errors';
import { BUILTIN_HEURISTIC_ID, type ModelInfo } from './models';
import type { ModelConfig } from './model-config';
import { createModelExtractor } from './providers/model-extractor';

export function createExtractor(model: ModelInfo & { config?: ModelConfig }, env: Env): { extractor: Extractor; concurrency: number } {
  if (model.id === BUILTIN_HEURISTIC_ID) return { extractor: createHeuristicExtractor(), concurrency: 1 };
  if (!model.config) throw new KgError('no_model', `"${model.id}" is not configured.`);
  return { extractor: createModelExtractor(model.config, env), concurrency: model.config.concurrency };
}
