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
    const units = unitsOf(['知识图谱能表示事实。', '我们用知识图谱组织概念。', '每个知识图谱都有节点和边。', '图谱中的节点需要证据。']);
    const surfaces = recurringTerms(units, 5).map((t) => t.surface);
    expect(surfaces).toContain('知识图谱');
    for (const fragment of ['识图', '知识图', '识图谱']) expect(surfaces).not.toContain(fragment);
  });
});

describe('what is not a proposition', () => {
  it('questions and one-word items make no node', () => {
    const units = unitsOf(['Why do leaves change colour? Chlorophyll breaks down in autumn.', '为什么叶子会变色？叶绿素在秋天分解。']);
    const batch = extractUnits(units);
    expect(batch.nodes.map((n) => n.text)).toEqual(['Chlorophyll breaks down in autumn.', '叶绿素在秋天分解。']);
    expect(extractUnits(unitsOf(['Flour', 'Sugar'], 'list')).nodes).toEqual([]);
  });

  it('a cross-sentence edge quotes both sentences verbatim from the one unit', () => {
    const units = unitsOf(['Ice is less dense than water. Therefore, ice floats on lakes in winter.']);
    const batch = extractUnits(units);
    expect(contractProblems(batch, units)).toEqual([]);
    expect(batch.edges).toEqual([{ fromNodeId: 'n1', toNodeId: 'n2', relation: 'infers', paragraph: 1, quote: units[0].text }]);
  });

  it('"so-called" and "so too" are not inference cues', () => {
    const units = unitsOf(['Prices rose last year. So-called safe assets fell.', 'Cities grew quickly, so too did their suburbs.']);
    expect(extractUnits(units).edges).toEqual([]);
  });
});
