// The first screen's sample texts give the built-in extractor something to type: a connected graph, not an empty one.
import { describe, expect, it } from 'vitest';
import { SAMPLE_TEXTS } from './samples';
import { extractUnits } from '../../core/extractors/heuristic';

describe('sample texts', () => {
  it.each(SAMPLE_TEXTS.map((s) => [s.id, s] as const))(
    '%s: the built-in extractor finds typed nodes and relations',
    (_id, sample) => {
      const batch = extractUnits([{ n: 1, text: sample.text }] as never);
      expect(batch.nodes.length).toBeGreaterThanOrEqual(5);
      expect(batch.edges.length).toBeGreaterThanOrEqual(3);
      expect(new Set(batch.nodes.map((n: { type: string }) => n.type)).size).toBeGreaterThanOrEqual(3);
    },
  );
});
