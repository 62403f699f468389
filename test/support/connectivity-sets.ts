// The texts issue 25's connectivity goals are judged on, and their graphs from the built-in extractor through the
// same pipeline the Worker runs (segment → batches → gate → merge): the QA sets, the MINE essays, the two Chinese
// seed documents and the held-out texts of test/fixtures/connectivity (written before the layer was tuned).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runPipeline } from '../../core/extract/pipeline';
import { createHeuristicExtractor } from '../../core/extractors/heuristic';
import type { ContentUnit, KgGraph } from '../../core/schema';
import { segment } from '../../core/units';
import { mineEssays } from './fixtures';
import { systemScheduler } from './scheduler';

export type SetGroup = 'qa' | 'mine' | 'seed' | 'held-out';

export interface ConnectivityText {
  group: SetGroup;
  name: string;
  text: string;
}

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

export function connectivityTexts(): ConnectivityText[] {
  const dir = (group: SetGroup, folder: string, filter: (f: string) => boolean) =>
    readdirSync(`${FIXTURES}${folder}`)
      .filter(filter)
      .sort()
      .map((name) => ({ group, name, text: readFileSync(`${FIXTURES}${folder}/${name}`, 'utf8') }));
  return [
    ...dir('qa', 'qa', (f) => f.endsWith('.txt')),
    ...mineEssays().map((e, i) => ({ group: 'mine' as const, name: `mine/${i}`, text: e.content })),
    ...dir('seed', 'zh', () => true),
    ...dir('held-out', 'connectivity', (f) => f.endsWith('.txt')),
  ];
}

/** The built-in extractor's graph of a text, with the units it is anchored to. */
export async function builtinGraph(name: string, text: string): Promise<{ graph: KgGraph; units: ContentUnit[] }> {
  const { units } = segment(text);
  const result = await runPipeline({
    documentId: `doc-${name}`,
    sourceId: `src-${name}`,
    title: name,
    units,
    extractor: createHeuristicExtractor(),
    concurrency: 1,
    scheduler: systemScheduler,
  });
  return { graph: result.graph, units };
}
