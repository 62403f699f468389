// builtin:heuristic — the offline, deterministic extractor a user gets when no model is configured. Pure TypeScript
// with no I/O and no platform APIs, so the same code runs in workerd, the browser and Node.
import type { BatchRequest, Extractor } from '../../extract/extractor';
import type { WireBatch } from '../../schema';
import { extractUnits } from './extract';

export { extractUnits } from './extract';

export const HEURISTIC_EXTRACTOR_ID = 'builtin:heuristic';

export function createHeuristicExtractor(): Extractor {
  return {
    id: HEURISTIC_EXTRACTOR_ID,
    kind: 'heuristic',
    // ~40k characters keeps a dense Chinese batch under the wire format's 2000-node limit.
    batchChars: 40000,
    async extractBatch(request: BatchRequest): Promise<WireBatch> {
      if (request.signal?.aborted) throw request.signal.reason ?? new Error('aborted');
      return extractUnits(request.units, { unitEvents: request.unitEvents });
    },
  };
}
