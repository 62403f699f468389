// Every cue the built-in extractor links a relation on, by relation: the words of the cue tables (cues.ts) with their
// pattern cues, the phrase patterns (phrase-patterns.ts) and the sentence that calls itself an example
// (core/text/connectives.ts), each as regex source that finds it inside a quote. The semantic check
// (core/extract/semantic.ts) accepts an edge quote holding any of them, so a word added to a table is known there
// without a second list. The contract oracle (self-check.ts) does not read this, on purpose.
import { RELATIONS, type Relation } from '../../schema';
import { SELF_EXAMPLE_EN, SELF_EXAMPLE_ZH } from '../../text/connectives';
import { relationSources } from './cue-table';
import { CUE_TABLES } from './cues';
import { PATTERNS } from './phrase-patterns';

function cueSources(relation: Relation): string[] {
  const tables = Object.values(CUE_TABLES).flatMap(({ table, patterns, lang }) =>
    relationSources(relation, table, patterns, lang),
  );
  const phrases = PATTERNS.filter((p) => p.relation === relation).map((p) => p.re.source);
  const selfNamed = relation === 'example' ? [SELF_EXAMPLE_EN.source, SELF_EXAMPLE_ZH.source] : [];
  return [...new Set([...tables, ...phrases, ...selfNamed])];
}

/** For each relation, the regex sources of the extractor's cues that carry it. */
export const CUE_WORDS: Readonly<Record<Relation, readonly string[]>> = Object.fromEntries(
  RELATIONS.map((r) => [r, cueSources(r)]),
) as Record<Relation, string[]>;
