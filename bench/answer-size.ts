// Answer characters per source character on a reference answer set, before and after quoteless nodes (issue 29): a
// node whose text is copied word for word from its unit may leave out its quote (the gate fills it in and checks it
// verbatim). The reference sets are fixed answers in the wire format, so the figure measures the format, not a
// model's mood: the built-in extractor's answers on the 18 frozen QA texts (test/fixtures/qa), and the scripted
// model's answers (test/support/scripted-llm.mjs extractionFor) on the bench's mixed text, in 8,000-character batches.
// "Before" is every node quoted; "after" leaves out each quote that equals its node's text.
// Run alone: npx tsx bench/answer-size.ts
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { planBatches, unitsOf } from '../core/extract/batches';
import { extractUnits } from '../core/extractors/heuristic';
import type { WireBatch } from '../core/schema';
import { segment } from '../core/units';
import { extractionFor } from '../test/support/scripted-llm.mjs';
import { mixedText } from '../test/support/texts';
import { ROOT } from '../scripts/lib/wrangler.mjs';

const BATCH_CHARS = 8000;

export interface AnswerSize {
  set: string;
  sourceChars: number;
  before: number;
  after: number;
  /** Nodes whose quote equals their text (the ones that may now leave it out). */
  quoteless: number;
  nodes: number;
}

/** The answer as a model sends it: every node quoted. */
const quoted = (wire: WireBatch) =>
  JSON.stringify({ ...wire, nodes: wire.nodes.map((n) => ({ ...n, quote: n.quote ?? n.text })) });
/** The cheaper answer the prompt allows: a quote equal to the node's text left out. */
const quoteless = (wire: WireBatch) =>
  JSON.stringify({
    ...wire,
    nodes: wire.nodes.map(({ quote, ...n }) => (quote === undefined || quote === n.text ? n : { ...n, quote })),
  });

function measure(
  set: string,
  texts: readonly string[],
  answer: (units: ReturnType<typeof segment>['units']) => WireBatch,
) {
  const size: AnswerSize = { set, sourceChars: 0, before: 0, after: 0, quoteless: 0, nodes: 0 };
  for (const text of texts) {
    size.sourceChars += text.length;
    const { units } = segment(text);
    for (const plan of planBatches(units, BATCH_CHARS)) {
      const wire = answer(unitsOf(units, plan));
      size.before += quoted(wire).length;
      size.after += quoteless(wire).length;
      size.nodes += wire.nodes.length;
      size.quoteless += wire.nodes.filter((n) => (n.quote ?? n.text) === n.text).length;
    }
  }
  return size;
}

export function answerSizes(mixedChars = 256_000): AnswerSize[] {
  const qaDir = path.join(ROOT, 'test/fixtures/qa');
  const qaTexts = readdirSync(qaDir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => readFileSync(path.join(qaDir, f), 'utf8'));
  return [
    measure('built-in extractor on the 18 QA texts', qaTexts, (units) => extractUnits(units)),
    measure(
      `scripted model on ${mixedChars.toLocaleString('en')} mixed chars`,
      [mixedText(mixedChars)],
      (units) => extractionFor(units.map((u) => ({ n: u.n, text: u.text }))) as WireBatch,
    ),
  ];
}

export function describeAnswerSize(s: AnswerSize): string {
  const per = (chars: number) => (chars / s.sourceChars).toFixed(3);
  const saved = (100 * (1 - s.after / s.before)).toFixed(1);
  return `answer chars per source char (${s.set}): before ${per(s.before)}, after ${per(s.after)} (−${saved} %; ${s.quoteless} of ${s.nodes} nodes leave out their quote)`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const s of answerSizes()) console.log(describeAnswerSize(s));
}
