// Builds the extractor for a listed model.
import type { Extractor } from '../../core/extract/extractor';
import { createHeuristicExtractor } from '../../core/extractors/heuristic';
import { KgError } from '../../core/errors';
import { BUILTIN_HEURISTIC_ID, type ModelInfo } from './models';

export function createExtractor(model: ModelInfo, _env: Env): Extractor {
  if (model.id === BUILTIN_HEURISTIC_ID) return createHeuristicExtractor();
  throw new KgError('unknown_model', `No extractor is available for "${model.id}".`);
}
