// Every word of every cue table takes effect: the pattern finds it, whole, and looks it up to the table's own link,
// and the semantic check accepts it for that relation. This fails when a pattern (or the semantic check's list) is
// written by hand again and misses a word, when a word is dropped from a pattern, or when an earlier word hides a
// later one (但 before 但是).
import { describe, expect, it } from 'vitest';
import { RELATION_WORDS } from '../../extract/semantic';
import { CONCLUDING_EN, CONCLUDING_ZH } from '../../text/connectives';
import { linkOf } from './cue-table';
import { CUE_TABLES, leadCue } from './cues';

type TableName = keyof typeof CUE_TABLES;

/** Text before the cue, and which capture group holds it. */
const CONTEXT: Record<TableName, { before: string; group: 1 | 2 }> = {
  LEAD_EN: { before: '', group: 1 },
  LEAD_ZH: { before: '', group: 1 },
  PREFIX_EN: { before: '', group: 1 },
  PREFIX_ZH: { before: '', group: 1 },
  INFIX_EN: { before: 'Rivers flood, ', group: 1 },
  INFIX_AFTER_SPACE_EN: { before: 'Rivers flood ', group: 2 },
  INFIX_ZH: { before: '河水上涨，', group: 1 },
};

/** What follows a word whose form asks for something after it; any other word is followed by plain text. */
const AFTER: Record<string, string> = {
  others: ' argue that rivers flood.',
  while: ' others argue that rivers flood.',
  which: ' makes rivers flood.',
  这: '会让河水上涨。',
  结果: '，河水上涨。',
  同样: '，河水上涨。',
  故: '，河水上涨。',
  可见: '，河水上涨。',
  也有人: '认为河水会上涨。',
  还有人: '认为河水会上涨。',
  另有人: '认为河水会上涨。',
  另一些人: '认为河水会上涨。',
};
const PLAIN = { en: ' rivers flood every spring.', zh: '河水每年都会上涨。' };

/** One sentence per pattern cue of a table, in the table's order. */
const PATTERN_SAMPLES: Partial<Record<TableName, string[]>> = {
  LEAD_EN: ['That is a clear sign that rivers flood.', 'Due to such rules, rivers flood.', 'This has led to floods.'],
  LEAD_ZH: ['正因如此，河水上涨。', '这使得河水上涨。', '这是一个信号，说明河水上涨。'],
};

function cueIn(name: TableName, sample: string): string | undefined {
  const { re } = CUE_TABLES[name];
  re.lastIndex = 0;
  const m = re.exec(sample);
  return m?.[CONTEXT[name].group];
}

describe('cue tables', () => {
  for (const name of Object.keys(CUE_TABLES) as TableName[]) {
    const { table, patterns, lookup } = CUE_TABLES[name];
    it(`${name}: its pattern finds every word whole, looks it up to the word's link, and the semantic check knows it`, () => {
      for (const [word, entry] of Object.entries(table)) {
        const after = AFTER[word] ?? (/[A-Za-z]/.test(word) ? PLAIN.en : PLAIN.zh);
        const sentence = `${CONTEXT[name].before}${word}${after}`;
        const found = cueIn(name, sentence);
        expect(found?.toLowerCase(), `${name}: ${word}`).toBe(word);
        expect(lookup(found!), `${name}: ${word}`).toEqual(linkOf(entry));
        expect(RELATION_WORDS[linkOf(entry).relation].test(sentence), `semantic check: ${sentence}`).toBe(true);
      }
    });
    it(`${name}: its pattern finds every pattern cue and looks it up to the cue's link`, () => {
      const samples = PATTERN_SAMPLES[name] ?? [];
      expect(samples).toHaveLength(patterns.length);
      patterns.forEach((p, i) => {
        const found = cueIn(name, samples[i]);
        expect(found, samples[i]).toBeDefined();
        expect(lookup(found!), samples[i]).toEqual(p.link);
        expect(RELATION_WORDS[p.link.relation].test(samples[i]), `semantic check: ${samples[i]}`).toBe(true);
      });
    });
  }

  it('a conclusion adverb inside the sentence links as it would opening one', () => {
    for (const word of [...CONCLUDING_EN, ...CONCLUDING_ZH]) expect(leadCue(word), word).toBeDefined();
  });
});
