import { describe, expect, it } from 'vitest';
import { RELATION_LABELS } from '../schema/vocabulary';
import { edgeLabelSize, LABEL_CHIP, NODE_BOX, nodeSize, relationOf, textWidth, wrapText } from './text-size';

describe('nodeSize', () => {
  it('keeps a short text on one line in a box just wide enough for it', () => {
    const size = nodeSize('Entropy');
    expect(size.lines).toEqual(['Entropy']);
    expect(size.height).toBe(NODE_BOX.lineHeight + 2 * NODE_BOX.paddingY);
    expect(size.width).toBe(Math.max(NODE_BOX.minWidth, Math.ceil(textWidth('Entropy') + 2 * NODE_BOX.paddingX)));
  });

  it('wraps long text into at most 4 lines, each within the box, and clips the rest with an ellipsis', () => {
    const text =
      'Because each relation carries a verbatim quote, a reader can verify it against the source text, unit by unit, and the layout must leave room for every one of these words.';
    const size = nodeSize(text);
    expect(size.lines).toHaveLength(4);
    expect(size.lines[3].endsWith('…')).toBe(true);
    for (const line of size.lines) expect(textWidth(line)).toBeLessThanOrEqual(NODE_BOX.maxTextWidth);
    expect(size.width).toBeLessThanOrEqual(NODE_BOX.maxTextWidth + 2 * NODE_BOX.paddingX);
    expect(size.height).toBe(4 * NODE_BOX.lineHeight + 2 * NODE_BOX.paddingY);
    // Words are not split across lines, and nothing but the clipped tail is lost.
    const shown = size.lines.join(' ').replace('…', '');
    expect(text.startsWith(shown.trim())).toBe(true);
  });

  it('counts CJK characters about double a Latin letter and breaks Chinese between characters', () => {
    const ratio = textWidth('知识图谱') / textWidth('abcd');
    expect(ratio).toBeGreaterThan(1.7);
    expect(ratio).toBeLessThan(2.3);
    const zh = nodeSize(
      '知识图谱是指以图的形式组织事实与概念的知识表示方法。它通常由节点和关系组成，节点表示实体或命题。',
    );
    expect(zh.lines.length).toBeGreaterThan(1);
    expect(zh.lines.length).toBeLessThanOrEqual(4);
    for (const line of zh.lines) expect(textWidth(line)).toBeLessThanOrEqual(NODE_BOX.maxTextWidth);
    expect(zh.lines[0].length).toBe(Math.floor(NODE_BOX.maxTextWidth / NODE_BOX.fontSize));
  });

  it('breaks a word longer than a line by characters', () => {
    const lines = wrapText('x'.repeat(100), 100, 4);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(100);
  });

  it('gives concepts narrower boxes and is deterministic', () => {
    const text = 'the second law of thermodynamics in closed systems';
    expect(nodeSize(text, 'concept').width).toBeLessThan(nodeSize(text, 'fact').width);
    expect(nodeSize(text, 'fact')).toEqual(nodeSize(text, 'fact'));
    expect(nodeSize('', 'fact').lines).toEqual(['']);
  });
});

describe('edgeLabelSize', () => {
  it('sizes a relation chip for the wider of its English and Chinese labels', () => {
    const size = edgeLabelSize('driven_by');
    const en = textWidth(RELATION_LABELS.driven_by.en, LABEL_CHIP.fontSize);
    const zh = textWidth(RELATION_LABELS.driven_by.zh, LABEL_CHIP.fontSize);
    expect(size.width).toBe(Math.ceil(Math.max(en, zh) + 2 * LABEL_CHIP.paddingX));
    expect(size.height).toBe(LABEL_CHIP.height);
    expect(relationOf('受驱动于')).toBe('driven_by');
    expect(relationOf('example of')).toBe('example');
    expect(relationOf('whatever')).toBeUndefined();
  });
});
