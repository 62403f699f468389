import { describe, expect, it } from 'vitest';
import type { Segmentation } from '../schema/units';
import { checkSegmentation, segment, unitAt } from './index';

/** Segment and assert every invariant (slice equality, numbering, order, trimming, kinds, sections). */
function seg(text: string): Segmentation {
  const s = segment(text);
  expect(checkSegmentation(text, s)).toEqual([]);
  return s;
}
const brief = (s: Segmentation): Array<[string, string]> => s.units.map((u) => [u.kind, u.text]);

const MARKDOWN = `Intro paragraph before any heading. It has two sentences.

# Title

Setext Heading
--------------

## Lists

Ingredients:
- flour
- water
  and a pinch of salt
* sugar

1. First step.
2) Second step.
(3) Third step.
① Fourth.
a) Fifth.

## Tables and code

Name\tAge
Alice\t30

| a | b |
|:--|--:|
| 1 | 2 |

    indented code line 1
    indented code line 2

~~~python
def f():

    return 1
~~~

> quoted line one
> quoted line two

Alice: Hi there, how are you?
Bob: Fine, thanks.
And you?
Alice: Great.

"Where are you going?" asked Tom.
"Home," said Mary.

***

**Bold Heading**

Some text after the bold heading that is long enough to count.
`;

describe('segment: markdown structure', () => {
  const s = seg(MARKDOWN);

  it('classifies every block kind with exact unit texts', () => {
    expect(brief(s)).toEqual([
      ['narrative', 'Intro paragraph before any heading. It has two sentences.'],
      ['heading', 'Title'],
      ['heading', 'Setext Heading'],
      ['heading', 'Lists'],
      ['heading', 'Ingredients'],
      ['list', 'flour'],
      ['list', 'water\n  and a pinch of salt'],
      ['list', 'sugar'],
      ['list', '1. First step.'],
      ['list', '2) Second step.'],
      ['list', '(3) Third step.'],
      ['list', '① Fourth.'],
      ['list', 'a) Fifth.'],
      ['heading', 'Tables and code'],
      ['table', 'Name\tAge'],
      ['table', 'Alice\t30'],
      ['table', '| a | b |'],
      ['table', '| 1 | 2 |'],
      ['code', 'indented code line 1'],
      ['code', 'indented code line 2'],
      ['code', 'def f():'],
      ['code', 'return 1'],
      ['quote', 'quoted line one'],
      ['quote', 'quoted line two'],
      ['dialogue', 'Alice: Hi there, how are you?'],
      ['dialogue', 'Bob: Fine, thanks.\nAnd you?'],
      ['dialogue', 'Alice: Great.'],
      ['dialogue', '"Where are you going?" asked Tom.'],
      ['dialogue', '"Home," said Mary.'],
      ['heading', 'Bold Heading'],
      ['narrative', 'Some text after the bold heading that is long enough to count.'],
    ]);
  });

  it('builds sections from headings, with s0 for the preamble', () => {
    expect(s.sections.map((x) => [x.id, x.title, x.level, x.firstUnit, x.lastUnit])).toEqual([
      ['s0', '', 0, 1, 1],
      ['s1', 'Title', 1, 2, 2],
      ['s2', 'Setext Heading', 2, 3, 3],
      ['s3', 'Lists', 2, 4, 4],
      ['s4', 'Ingredients', 2, 5, 13],
      ['s5', 'Tables and code', 2, 14, 29],
      ['s6', 'Bold Heading', 2, 30, 31],
    ]);
    expect(s.units[3]).toMatchObject({ n: 4, kind: 'heading', sectionId: 's3' });
    expect(s.units[5]).toMatchObject({ n: 6, kind: 'list', sectionId: 's4' });
    expect(s.units[30].sectionId).toBe('s6');
  });

  it('omits s0 when the text starts with a heading', () => {
    const t = '# Only\n\nBody text here.';
    expect(seg(t).sections.map((x) => x.id)).toEqual(['s1']);
  });
});

describe('segment: Chinese, mixed, CRLF, full-width', () => {
  const ZH = `第一章 风起

　　天色渐暗，城门口的行人越来越少。老张收拾好摊子，准备回家。
　　但是，就在他转身的时候，一个年轻人走了过来。
“老板，还有面吗？”
“有，有！”老张连忙放下担子。

一、研究背景
近年来，人工智能技术快速发展，大语言模型取得了显著进展。然而，模型的可解释性问题依然突出。

张三：你今天去哪儿了？
李四：我去图书馆了。

＞ 学而时习之，不亦说乎？
＞ 有朋自远方来，不亦乐乎？

（一）第一项内容。
（二）第二项内容。
`;

  it('handles chapter headings, 一、 headings, dialogue, full-width quotes and lists', () => {
    const s = seg(ZH);
    expect(brief(s)).toEqual([
      ['heading', '第一章 风起'],
      ['narrative', '天色渐暗，城门口的行人越来越少。老张收拾好摊子，准备回家。'],
      ['narrative', '但是，就在他转身的时候，一个年轻人走了过来。'],
      ['dialogue', '“老板，还有面吗？”'],
      ['dialogue', '“有，有！”老张连忙放下担子。'],
      ['heading', '一、研究背景'],
      ['narrative', '近年来，人工智能技术快速发展，大语言模型取得了显著进展。'],
      ['narrative', '然而，模型的可解释性问题依然突出。'],
      ['dialogue', '张三：你今天去哪儿了？'],
      ['dialogue', '李四：我去图书馆了。'],
      ['quote', '学而时习之，不亦说乎？'],
      ['quote', '有朋自远方来，不亦乐乎？'],
      ['list', '（一）第一项内容。'],
      ['list', '（二）第二项内容。'],
    ]);
    expect(s.sections.map((x) => [x.id, x.title, x.level])).toEqual([
      ['s1', '第一章 风起', 1],
      ['s2', '一、研究背景', 2],
    ]);
  });

  it('gives the same units for LF and CRLF input, with offsets into the CRLF text', () => {
    const lf = seg(`${MARKDOWN}\n${ZH}`);
    const crlfText = `${MARKDOWN}\n${ZH}`.replace(/\n/g, '\r\n');
    const crlf = seg(crlfText);
    expect(crlf.units.map((u) => [u.kind, u.text.replace(/\r\n/g, '\n')])).toEqual(brief(lf));
    expect(crlf.units.some((u) => u.text.includes('\r\n'))).toBe(true);
    expect(crlf.sections.map((x) => x.title)).toEqual(lf.sections.map((x) => x.title));
  });

  it('segments mixed Chinese/English narrative with full-width punctuation', () => {
    const t =
      'We use Node.js 20 and TypeScript 5.9 for the 知识图谱 project！中文句子也可以。English again? 是的．\u3000\n\u3000\nNext paragraph.';
    // The group reaches 60+ characters, then "English again?" shares no content token with it (drift).
    expect(brief(seg(t))).toEqual([
      ['narrative', 'We use Node.js 20 and TypeScript 5.9 for the 知识图谱 project！中文句子也可以。'],
      ['narrative', 'English again? 是的．'],
      ['narrative', 'Next paragraph.'],
    ]);
  });
});

describe('segment: narrative grouping', () => {
  it('starts a new unit at topic-shift markers (English and Chinese)', () => {
    const t =
      'Bees pollinate crops. Bees also make honey. However, bee colonies are declining. For example, hives collapse.\n\n' +
      '蜜蜂为农作物授粉。蜜蜂还能酿蜜。然而，蜂群正在减少。例如，蜂巢崩溃。';
    expect(seg(t).units.map((u) => u.text)).toEqual([
      'Bees pollinate crops. Bees also make honey.',
      'However, bee colonies are declining.',
      'For example, hives collapse.',
      '蜜蜂为农作物授粉。蜜蜂还能酿蜜。',
      '然而，蜂群正在减少。',
      '例如，蜂巢崩溃。',
    ]);
  });

  it('groups sentences to about 120 characters and never above 180 once a group has 60', () => {
    const sentence = 'The river carries water from the mountains to the sea every single day.'; // 71 chars
    const t = Array.from({ length: 8 }, () => sentence).join(' ');
    const units = seg(t).units;
    expect(units.length).toBe(4);
    for (const u of units) expect(u.text).toBe(`${sentence} ${sentence}`);
  });

  it('cuts on lexical drift once the group has 60 characters', () => {
    const t =
      'Volcanoes erupt molten rock from deep beneath the crust of the planet. ' +
      'Penguins waddle across Antarctic ice sheets.';
    expect(seg(t).units.map((u) => u.text)).toEqual([
      'Volcanoes erupt molten rock from deep beneath the crust of the planet.',
      'Penguins waddle across Antarctic ice sheets.',
    ]);
    const shared = 'Volcanoes erupt molten rock from deep beneath the crust of the planet. Volcanoes shape islands.';
    expect(seg(shared).units.length).toBe(1);
  });

  it('splits a sentence over 180 characters at soft punctuation into pieces of at most 180', () => {
    const clause = 'which carried the traders and their goods across the wide desert plains';
    const t = `The caravan left at dawn, ${clause}, ${clause}, and ${clause}, until it reached the coast.`;
    expect(t.length).toBeGreaterThan(180);
    const units = seg(t).units;
    expect(units.length).toBe(2);
    for (const u of units) expect(u.text.length).toBeLessThanOrEqual(180);
    expect(units[0].text.endsWith(',')).toBe(true);
    expect(units[0].start).toBe(0);
    expect(units[1].end).toBe(t.length);

    const zh = `${'这是一段非常长的中文句子，'.repeat(20)}结束。`;
    const zu = seg(zh).units;
    expect(zu.length).toBe(2);
    for (const u of zu) expect(u.text.length).toBeLessThanOrEqual(180);
  });
});

describe('segment: edge cases', () => {
  it('returns no units for empty or whitespace-only text', () => {
    for (const t of ['', ' ', '\n\n', '\r\n\t\u3000\r\n', '```\n```', '---']) {
      expect(seg(t)).toEqual({ units: [], sections: [] });
    }
  });

  it('treats an unmatched fence as ordinary text and a matched code fence as code', () => {
    expect(brief(seg('```ts\nconst a = 1;\n\nmore text.'))).toEqual([
      ['narrative', 'ts\nconst a = 1;'],
      ['narrative', 'more text.'],
    ]);
    expect(brief(seg('Before.\n\n```ts\nconst a = 1;\n\nlet b = a + 1;\n```\nAfter.'))).toEqual([
      ['narrative', 'Before.'],
      ['code', 'const a = 1;'],
      ['code', 'let b = a + 1;'],
      ['narrative', 'After.'],
    ]);
  });

  it('separates an intro line from a following list or dialogue', () => {
    expect(brief(seg('The steps are as follows:\n- mix\n- bake'))).toEqual([
      ['narrative', 'The steps are as follows:'],
      ['list', 'mix'],
      ['list', 'bake'],
    ]);
    expect(brief(seg('He walked in and sat down.\nAlice: Hello.\nBob: Hi.'))).toEqual([
      ['narrative', 'He walked in and sat down.'],
      ['dialogue', 'Alice: Hello.'],
      ['dialogue', 'Bob: Hi.'],
    ]);
  });

  it('handles setext level 1, English chapters, lone indented code and thematic breaks', () => {
    const s = seg(
      'Book Title\n==========\n\nCHAPTER I.\n\nIt was a dark night.\n\n---\n\n    npm install --save x && run()\n',
    );
    expect(brief(s)).toEqual([
      ['heading', 'Book Title'],
      ['heading', 'CHAPTER I.'],
      ['narrative', 'It was a dark night.'],
      ['code', 'npm install --save x && run()'],
    ]);
    expect(s.sections.map((x) => x.level)).toEqual([1, 1]);
  });

  it('keeps a Chinese paragraph indented with spaces as narrative, not code', () => {
    const t =
      '    近年来，人工智能技术快速发展，大语言模型在自然语言处理领域取得了显著进展，知识图谱的应用也越来越广泛。\n    然而，模型的可解释性问题依然突出，用户很难知道一个结论来自原文的哪一部分。';
    expect(seg(t).units.map((u) => u.kind)).toEqual(['narrative', 'narrative']);
  });

  it('splits list items and dialogue turns longer than 360 characters, keeping their kind', () => {
    const long = 'Each step of the procedure is described here in detail, with the reasons for it. '.repeat(6).trim();
    const s = seg(`- ${long}\n- short item`);
    expect(s.units.map((u) => u.kind)).toEqual(['list', 'list', 'list', 'list']);
    expect(s.units[0].text).toBe(long.slice(0, 161));
    expect(s.units.at(-1)!.text).toBe('short item');
    for (const u of s.units) expect(u.text.length).toBeLessThanOrEqual(240);
  });

  it('treats a lone "Name: text" line as dialogue but a lone label line as narrative', () => {
    expect(brief(seg('Alice: Where is the key?\n\nNote: the key is under the mat.\n\n注意：钥匙在垫子下面。'))).toEqual(
      [
        ['dialogue', 'Alice: Where is the key?'],
        ['narrative', 'Note: the key is under the mat.'],
        ['narrative', '注意：钥匙在垫子下面。'],
      ],
    );
  });

  it('is deterministic', () => {
    const t = `${MARKDOWN}\n\n${'句子。'.repeat(300)}`;
    expect(JSON.stringify(segment(t))).toBe(JSON.stringify(segment(t)));
  });

  it('maps offsets back to units with unitAt', () => {
    const t = 'Alpha beta.\n\nGamma delta.';
    const s = seg(t);
    expect(unitAt(s.units, 0)?.n).toBe(1);
    expect(unitAt(s.units, t.indexOf('delta'))?.n).toBe(2);
    expect(unitAt(s.units, t.indexOf('\n'))).toBeUndefined();
  });
});
