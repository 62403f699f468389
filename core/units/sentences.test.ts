import { describe, expect, it } from 'vitest';
import { sentenceSpans, splitLongSpan } from './sentences';
import { tokenize } from './tokens';
import { startsWithTopicShift } from './narrative';

const texts = (t: string, from?: number, to?: number): string[] =>
  sentenceSpans(t, from, to).map((s) => t.slice(s.start, s.end));

describe('sentenceSpans', () => {
  it('splits Chinese at 。！？； with closing quotes kept', () => {
    expect(texts('他说：“走吧。”我们就走了！真的吗？是的；好。')).toEqual([
      '他说：“走吧。”',
      '我们就走了！',
      '真的吗？',
      '是的；',
      '好。',
    ]);
  });

  it('splits English at . ! ? before whitespace, keeping ." and .) with the sentence', () => {
    expect(texts('He said "stop." Then he left! Why? (It was late.) Done')).toEqual([
      'He said "stop."',
      'Then he left!',
      'Why?',
      '(It was late.)',
      'Done',
    ]);
  });

  it('does not split decimals, abbreviations, initials or lower-case continuations', () => {
    const t =
      'Pi is 3.14 roughly. Dr. Smith met Mr. Jones in the U.S. on Jan. 5, e.g. at noon, i.e. early. J. K. Rowling wrote etc. and more. "Hi!" she said. Next.';
    expect(texts(t)).toEqual([
      'Pi is 3.14 roughly.',
      'Dr. Smith met Mr. Jones in the U.S. on Jan. 5, e.g. at noon, i.e. early.',
      'J. K. Rowling wrote etc. and more.',
      '"Hi!" she said.',
      'Next.',
    ]);
  });

  it('keeps initials before another initial or a capitalised name: "J. R. R. Tolkien", "U.S.", "George W. Bush"', () => {
    const t = "J. R. R. Tolkien wrote it. The U.S. Army came. George W. Bush spoke (J. O'Brien agreed). Done.";
    expect(texts(t)).toEqual([
      'J. R. R. Tolkien wrote it.',
      'The U.S. Army came.',
      "George W. Bush spoke (J. O'Brien agreed).",
      'Done.',
    ]);
  });

  it('ends a sentence after a lone letter that is not an initial: "the letter h. A cat", "Plan B. The team"', () => {
    expect(texts('Letters f, g, h. A cat sat.')).toEqual(['Letters f, g, h.', 'A cat sat.']);
    expect(texts('Write the letter h. A cat sat.')).toEqual(['Write the letter h.', 'A cat sat.']);
    expect(texts('We chose Plan B. The team agreed.')).toEqual(['We chose Plan B.', 'The team agreed.']);
    expect(texts('Look at 3D. Then go.')).toEqual(['Look at 3D.', 'Then go.']);
  });

  it('keeps Node.js and version numbers whole, and splits before CJK after a terminator', () => {
    expect(texts('We use Node.js 20.19 today.然后继续。OK!好')).toEqual([
      'We use Node.js 20.19 today.',
      '然后继续。',
      'OK!',
      '好',
    ]);
  });

  it('handles CRLF, full-width punctuation and blank lines', () => {
    const t =
      'First line\r\ncontinues here.\r\n\r\nNew paragraph without stop\r\n\u3000\r\n第二段！Ｆｕｌｌ－ｗｉｄｔｈ？';
    expect(texts(t)).toEqual([
      'First line\r\ncontinues here.',
      'New paragraph without stop',
      '第二段！',
      'Ｆｕｌｌ－ｗｉｄｔｈ？',
    ]);
  });

  it('returns trimmed spans inside [from, to) covering all non-space text', () => {
    const t = '  xx. Alpha one. Beta two!  yy';
    const from = t.indexOf('Alpha');
    const to = t.indexOf('  yy');
    const spans = sentenceSpans(t, from, to);
    expect(spans.map((s) => t.slice(s.start, s.end))).toEqual(['Alpha one.', 'Beta two!']);
    expect(spans[0].start).toBe(from);
    expect(spans[1].end).toBe(to);
    expect(sentenceSpans('   \n\u3000 ')).toEqual([]);
    expect(sentenceSpans('')).toEqual([]);
  });
});

describe('splitLongSpan', () => {
  it('cuts at soft punctuation into pieces of at most 180, avoiding tiny pieces', () => {
    const clause = 'the quick brown fox jumps over the lazy dog again and again';
    const t = `${clause}, ${clause}, ${clause}, ${clause}.`;
    const pieces = splitLongSpan(t, 0, t.length);
    expect(pieces.length).toBe(2);
    for (const p of pieces) expect(p.end - p.start).toBeLessThanOrEqual(180);
    expect(t.slice(pieces[0].start, pieces[0].end).endsWith(',')).toBe(true);
    expect(Math.min(...pieces.map((p) => p.end - p.start))).toBeGreaterThanOrEqual(60);
  });

  it('cuts between whole clauses, never between the items of a list', () => {
    const t =
      'Through instant messaging, video calls, and social networking features, individuals can share updates, photos, and thoughts in real-time, fostering a sense of closeness and community among users.';
    const pieces = splitLongSpan(t, 0, t.length).map((p) => t.slice(p.start, p.end));
    expect(pieces).toEqual([
      'Through instant messaging, video calls, and social networking features,',
      'individuals can share updates, photos, and thoughts in real-time, fostering a sense of closeness and community among users.',
    ]);
    // Before a participle clause when that leaves a long enough piece on both sides.
    const u =
      'Protests have shaped modern history in many surprising ways and places, inspiring new generations of citizens to stand up for their rights and to demand fair treatment under the law.';
    expect(splitLongSpan(u, 0, u.length).map((p) => u.slice(p.start, p.end))[1]).toMatch(/^inspiring new generations/);
  });

  it('with no usable punctuation, cuts at the space before a clause-opening word, not inside a phrase', () => {
    const t =
      'The earliest known prototype of the bicycle dates back to the early 19th century when a German inventor named Baron Karl von Drais created a two-wheeled vehicle that he called the draisine.';
    const pieces = splitLongSpan(t, 0, t.length).map((p) => t.slice(p.start, p.end));
    expect(pieces[0]).toBe('The earliest known prototype of the bicycle dates back to the early 19th century');
    expect(pieces[1].startsWith('when a German inventor')).toBe(true);
  });

  it('cuts Chinese at ，、； and does not cut 1,000 or 10:30', () => {
    const t = `${'甲'.repeat(100)}，${'乙'.repeat(100)}`;
    expect(splitLongSpan(t, 0, t.length).map((p) => p.end - p.start)).toEqual([101, 100]);
    const n = `${'1,000 10:30 '.repeat(20)}`;
    for (const p of splitLongSpan(n, 0, n.length)) {
      expect(/^\d/.test(n.slice(p.start, p.end))).toBe(true);
      expect(p.end - p.start).toBeLessThanOrEqual(180);
    }
  });

  it('hard-splits at 180 without breaking surrogate pairs', () => {
    const t = `a${'😀'.repeat(200)}`;
    const pieces = splitLongSpan(t, 0, t.length);
    expect(pieces[0]).toEqual({ start: 0, end: 179 });
    for (const p of pieces) {
      expect(p.end - p.start).toBeLessThanOrEqual(180);
      const c = t.charCodeAt(p.start);
      expect(c >= 0xdc00 && c <= 0xdfff).toBe(false);
    }
    expect(pieces.map((p) => t.slice(p.start, p.end)).join('')).toBe(t);
  });
});

describe('tokenize and topic markers', () => {
  it('yields English content words and Han bigrams', () => {
    expect(tokenize('The Butterflies are flying over the rivers; 3 cats, 2024!')).toEqual([
      'butterfly',
      'flying',
      'river',
      'cat',
      '2024',
    ]);
    expect(tokenize('知识图谱很好')).toEqual(['知识', '识图', '图谱', '谱很', '很好']);
    expect(tokenize('我们', 0, 2)).toEqual([]);
  });

  it('recognises markers at the sentence start only, as whole words', () => {
    expect(startsWithTopicShift('However, it rained.', 0, 19)).toBe(true);
    expect(startsWithTopicShift('“但是他不来。”', 0, 8)).toBe(true);
    expect(startsWithTopicShift('On the other hand, no.', 0, 22)).toBe(true);
    expect(startsWithTopicShift('Butterflies fly.', 0, 16)).toBe(false);
    expect(startsWithTopicShift('Sometimes yes.', 0, 14)).toBe(false);
    expect(startsWithTopicShift('他但是不来。', 0, 6)).toBe(false);
  });
});
