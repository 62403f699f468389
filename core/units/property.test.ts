// Property-style test: seeded random mixtures of every supported construct must keep all invariants.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/support/random';
import { checkSegmentation, segment } from './index';

const EN = [
  'Butterflies undergo a remarkable transformation.',
  'However, the process takes weeks.',
  'Dr. Smith measured 3.14 grams, e.g. a tiny amount.',
  'For example, caterpillars eat leaves all day long, growing rapidly and shedding their skin several times.',
  '"Where are you going?" asked Tom.',
  'The U.S. economy grew; prices rose!',
  'Why does it matter?',
  'Finally, the adult emerges from the chrysalis and pumps fluid into its soft wings until they harden.',
];
const ZH = [
  '天色渐暗，城门口的行人越来越少。',
  '但是，就在他转身的时候，一个年轻人走了过来。',
  '因此，本文提出一种基于知识图谱的方法！',
  '例如，“知识图谱”中的每条边都应当能够追溯到原文。',
  '他问：“你去哪儿？”',
  '首先，按空行分块；其次，识别标题；最后，按话题分组。',
  '我们使用 Node.js 和 TypeScript 5.9 开发。',
  '全角标点也要支持：ＡＢＣ１２３！',
];

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: Rand, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
const times = (r: Rand, lo: number, hi: number, f: (i: number) => string): string[] =>
  Array.from({ length: int(r, lo, hi) }, (_, i) => f(i));

const FENCE = '```';
const BLOCKS: Array<(r: Rand) => string> = [
  (r) => times(r, 1, 6, () => pick(r, EN)).join(' '),
  (r) => times(r, 1, 8, () => pick(r, ZH)).join(''),
  (r) => times(r, 2, 6, () => pick(r, r() < 0.5 ? EN : ZH)).join(r() < 0.5 ? ' ' : ''),
  (r) => `${'#'.repeat(int(r, 1, 6))} ${pick(r, ['Overview', '概述', 'Results and Discussion', '方法 Methods'])}`,
  (r) => `${pick(r, ['Setext Title', '标题'])}\n${r() < 0.5 ? '=====' : '-----'}`,
  (r) => pick(r, ['第一章 风起', '第十二节 结论', 'Chapter 3', '一、研究背景', 'Introduction', '**Key Points**']),
  (r) =>
    times(
      r,
      1,
      5,
      (i) =>
        `${pick(r, ['-', '*', '+', '•', `${i + 1}.`, `(${i + 1})`, '①', 'a)', '一、'])} ${pick(r, r() < 0.5 ? EN : ZH)}${r() < 0.3 ? '\n  continued line' : ''}`,
    ).join('\n'),
  (r) => ['| name | value |', '|---|---:|', ...times(r, 1, 4, (i) => `| row${i} | ${i * 7} |`)].join('\n'),
  (r) => times(r, 2, 4, (i) => `col${i}\t${i}\tz`).join('\n'),
  (r) => [`${FENCE}${pick(r, ['', 'ts', 'python'])}`, 'const x = 1;', '', '  return x; // done', FENCE].join('\n'),
  (r) => times(r, 1, 4, () => '    indented(code);').join('\n'),
  (r) => times(r, 1, 4, () => `${pick(r, ['>', '> >', '＞'])} ${pick(r, r() < 0.5 ? EN : ZH)}`).join('\n'),
  (r) =>
    times(r, 2, 5, (i) =>
      r() < 0.5
        ? `${pick(r, ['Alice', 'Bob', '张三', 'user'])}${pick(r, [':', '：'])} ${pick(r, r() < 0.5 ? EN : ZH)}`
        : i % 2
          ? '“好的。”'
          : '"Fine," she said.',
    ).join('\n'),
  (r) => `${FENCE}${pick(r, ['The Stray Title', 'Stray'])}\n\n${times(r, 3, 6, () => pick(r, EN)).join(' ')}${FENCE}`,
  (r) =>
    'A very long sentence ' +
    times(r, 8, 14, () => pick(r, ['with clauses', '包含逗号', 'and more words here'])).join(r() < 0.5 ? ', ' : '，') +
    '.',
  (r) =>
    times(r, 1, 3, () =>
      pick(r, ['```', '~~~', '---', '***', '|', '>', '#', '😀🎉', '\u3000', '\t', '"', '“', '。', '...']),
    ).join(''),
  (r) => 'x'.repeat(int(r, 150, 420)) + (r() < 0.5 ? '😀'.repeat(int(r, 1, 100)) : ''),
];

const SEPARATORS = ['\n\n', '\n', '\n \n', '\n\u3000\n', '\n\n\n', '\n\t\n'];

function randomDoc(seed: number): string {
  const r = seededRandom(seed);
  const parts = times(r, 1, 14, () => pick(r, BLOCKS)(r));
  let doc = parts.map((p, i) => (i === 0 ? p : pick(r, SEPARATORS) + p)).join('');
  if (r() < 0.2) doc = `  \n${doc}\n\n  `;
  return doc;
}

/** Non-space text left out of every unit must be markup: #, >, bullets, fences (with info), |---|, ===, ** and colons. */
function droppedText(text: string, units: ReturnType<typeof segment>['units']): string {
  const covered = new Uint8Array(text.length);
  for (const u of units) covered.fill(1, u.start, u.end);
  let out = '';
  for (let i = 0; i < text.length; i++) out += covered[i] ? '\n' : text[i];
  return out.replace(/(`{3,}|~{3,})[\w+#.-]*/g, '').replace(/[#>＞`~*_=|:：+•·\-\s]/g, '');
}

describe('segment: seeded random mixtures', () => {
  it('keeps every invariant, drops only markup, bounds narrative units and ignores CRLF', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const doc = randomDoc(seed);
      const s = segment(doc);
      const where = `seed ${seed}: ${JSON.stringify(doc.slice(0, 80))}`;
      expect(checkSegmentation(doc, s), where).toEqual([]);
      expect(droppedText(doc, s.units), where).toBe('');
      for (const u of s.units) {
        if (u.kind === 'narrative') expect(u.text.length, where).toBeLessThanOrEqual(240);
      }
      expect(JSON.stringify(segment(doc)), where).toBe(JSON.stringify(s));
      const crlfDoc = doc.replace(/\n/g, '\r\n');
      const c = segment(crlfDoc);
      expect(checkSegmentation(crlfDoc, c), where).toEqual([]);
      // Lengths count the CR of CRLF, so size-based cuts may move; runs of each kind and their text may not.
      const runs = (x: typeof s): string[] => {
        const out: string[] = [];
        let last = '';
        for (const u of x.units) {
          const t = u.text.replace(/\s/g, '');
          if (u.kind === last && u.kind !== 'heading') out[out.length - 1] += t;
          else out.push(`${u.kind}:${t}`);
          last = u.kind;
        }
        return out;
      };
      expect(runs(c), where).toEqual(runs(s));
    }
  });

  it('produces every unit kind somewhere in the mixtures', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 400; seed++) for (const u of segment(randomDoc(seed)).units) seen.add(u.kind);
    expect([...seen].sort()).toEqual(['code', 'dialogue', 'heading', 'list', 'narrative', 'quote', 'table']);
  });
});
