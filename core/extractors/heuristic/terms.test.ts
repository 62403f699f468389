// Recurring key terms and the smaller rules of node making: which candidates become concepts, how many, and what
// is not a proposition at all.
import { describe, expect, it } from 'vitest';
import type { ContentUnit } from '../../schema';
import { extractUnits } from './index';
import { contractProblems } from './self-check';
import { recurringTerms } from './terms';

function unitsOf(paragraphs: string[], kind: ContentUnit['kind'] = 'narrative'): ContentUnit[] {
  let at = 0;
  return paragraphs.map((text, i) => {
    const unit: ContentUnit = { n: i + 1, start: at, end: at + text.length, text, kind, sectionId: 's0' };
    at += text.length + 2;
    return unit;
  });
}

describe('recurringTerms', () => {
  it('needs three units, prefers names, and quotes the first unit', () => {
    const units = unitsOf([
      'Sailors feared the Great Barrier Reef for centuries.',
      'Coral bleaching now threatens the Great Barrier Reef.',
      'Scientists monitor coral bleaching near the Great Barrier Reef every year.',
      'Tourists rarely see coral bleaching up close.',
    ]);
    const terms = recurringTerms(units, 5);
    expect(terms.map((t) => t.surface)).toEqual(['Great Barrier Reef', 'Coral bleaching']);
    expect(terms[0]).toMatchObject({ unitIndex: 0, surface: 'Great Barrier Reef' });
    expect(recurringTerms(units.slice(0, 2), 5)).toEqual([]);
  });

  it('keeps a whole Chinese term and drops the fragments that only occur inside it', () => {
    const units = unitsOf([
      '知识图谱能表示事实。',
      '我们用知识图谱组织概念。',
      '每个知识图谱都有节点和边。',
      '图谱中的节点需要证据。',
    ]);
    const surfaces = recurringTerms(units, 5).map((t) => t.surface);
    expect(surfaces).toContain('知识图谱');
    for (const fragment of ['识图', '知识图', '识图谱']) expect(surfaces).not.toContain(fragment);
  });
});

describe('key terms are whole words', () => {
  it('never takes a Han n-gram that straddles a word boundary (度可 of 难度可能)', () => {
    const units = unitsOf([
      '这道题的难度可能很高。',
      '今天的温度可能上升。',
      '材料的强度可以测量。',
      '难度和温度都需要记录。',
      '考试的难度很大。',
    ]);
    const surfaces = recurringTerms(units, 8).map((t) => t.surface);
    expect(surfaces).not.toContain('度可');
    expect(surfaces).toContain('难度');
    // 场价 recurs with ever different neighbours, so no longer n-gram covers it: only word boundaries tell it is
    // the end of 市场 / 商场 / 广场 joined to the start of 价格 / 价值 / 价位.
    const straddling = unitsOf(['市场价格上涨了。', '商场价值很高。', '广场价位合理。']);
    expect(recurringTerms(straddling, 5).map((t) => t.surface)).not.toContain('场价');
  });

  it('keeps English common phrases that end in a noun, not in a verb', () => {
    const units = unitsOf([
      'Green roofs cool the building below.',
      'Many cities build green roofs today.',
      'Green roofs cool the air and hold rain.',
      'Owners of green roofs cool their homes cheaply.',
    ]);
    const surfaces = recurringTerms(units, 8).map((t) => t.surface.toLowerCase());
    expect(surfaces).toContain('green roofs');
    expect(surfaces).not.toContain('roofs cool');
  });
});

describe('what is not a proposition', () => {
  it('questions and one-word items make no node', () => {
    const units = unitsOf([
      'Why do leaves change colour? Chlorophyll breaks down in autumn.',
      '为什么叶子会变色？叶绿素在秋天分解。',
    ]);
    const batch = extractUnits(units);
    expect(batch.nodes.map((n) => n.text)).toEqual(['Chlorophyll breaks down in autumn.', '叶绿素在秋天分解。']);
    expect(extractUnits(unitsOf(['Flour', 'Sugar'], 'list')).nodes).toEqual([]);
  });

  it('a cross-sentence edge quotes both sentences verbatim from the one unit', () => {
    const units = unitsOf(['Ice is less dense than water. Therefore, ice floats on lakes in winter.']);
    const batch = extractUnits(units);
    expect(contractProblems(batch, units)).toEqual([]);
    expect(batch.edges).toEqual([
      { fromNodeId: 'n1', toNodeId: 'n2', relation: 'infers', paragraph: 1, quote: units[0].text },
    ]);
  });

  it('"so-called" and "so too" are not inference cues', () => {
    const units = unitsOf([
      'Prices rose last year. So-called safe assets fell.',
      'Cities grew quickly, so too did their suburbs.',
    ]);
    expect(extractUnits(units).edges).toEqual([]);
  });
});
