// Cues that reach past the sentence just before (issue 17), in English and Chinese, through the segmenter as users
// get it: an example to what it illustrates, "this shows / which is why / 这说明 / 可见" to what they support, a
// contrast to the clause it answers, a conclusion adverb inside a sentence; and never an edge without a cue.
import { describe, expect, it } from 'vitest';
import type { Relation, WireBatch } from '../../schema';
import { segment } from '../../units';
import { extractUnits } from './index';
import { contractProblems } from './self-check';

function extract(text: string): WireBatch {
  const { units } = segment(text);
  const batch = extractUnits(units);
  expect(contractProblems(batch, units)).toEqual([]);
  return batch;
}

/** The edges from a node containing `from` to a node containing `to`. */
function edges(batch: WireBatch, from: string, to: string): Relation[] {
  const ids = (s: string) => new Set(batch.nodes.filter((n) => n.text.includes(s)).map((n) => n.id));
  const f = ids(from);
  const t = ids(to);
  return batch.edges.filter((e) => f.has(e.fromNodeId) && t.has(e.toNodeId)).map((e) => e.relation);
}

describe('cross-sentence cues (English)', () => {
  it('links an example to the claim it illustrates, past a reported fact', () => {
    const b = extract(
      'Metals conduct electricity well. Copper was first mined in 9000 BC. For example, copper wires carry current in every house.',
    );
    expect(edges(b, 'wires carry', 'Metals conduct')).toEqual(['example']);
    expect(edges(b, 'wires carry', 'first mined')).toEqual([]);
  });

  it('reads a pronoun subject as the sentence before it, and a quantity as naming nothing', () => {
    const b = extract(
      'A honeybee colony consists of one queen, a few hundred drones and many workers. The workers are sterile females. ' +
        'They collect nectar and pollen. For instance, a single worker may visit several hundred flowers on one trip.',
    );
    // "They" are the workers the example speaks of; "hundred" does not name the colony's drones.
    expect(edges(b, 'single worker', 'They collect')).toEqual(['example']);
    expect(edges(b, 'single worker', 'honeybee colony')).toEqual([]);
  });

  it('sends a contrast that names nothing in the sentence before it to the earlier one it names', () => {
    const b = extract(
      'A healthy starter roughly doubles in volume within eight hours of a feeding. That is a sign that the yeast is active. ' +
        'In contrast, a starter that barely rises after a feeding is probably too cold.',
    );
    expect(edges(b, 'barely rises', 'doubles in volume')).toEqual(['counter_example']);
    expect(edges(b, 'barely rises', 'yeast is active')).toEqual([]);
  });

  it('links an example to the claim it names rather than the nearer one', () => {
    const b = extract(
      'Spaced repetition schedules each review at a growing interval. Memory fades fastest in the first days. ' +
        'For example, flashcard apps schedule the next review of a card one, three and seven days later.',
    );
    // "review" and "schedule" name the first claim; the nearer one is not named at all.
    expect(edges(b, 'Flashcard apps', 'Spaced repetition')).toEqual(['example']);
  });

  it('links an example opening a paragraph only to a claim of the same section that it names', () => {
    const text =
      '# Roofs\n\nCool roofs reflect sunlight back into the sky.\n\nFor example, Ahmedabad painted thousands of roofs white to reflect sunlight.';
    expect(edges(extract(text), 'Ahmedabad', 'Cool roofs')).toEqual(['example']);
    const other =
      '# Roofs\n\nCool roofs reflect sunlight back into the sky.\n\n# Cities\n\nFor example, Ahmedabad painted thousands of roofs white to reflect sunlight.';
    expect(edges(extract(other), 'Ahmedabad', 'Cool roofs')).toEqual([]);
  });

  it('reads "which is why" and "This is why" as support', () => {
    const b = extract(
      'Asphalt releases its heat slowly after sunset, which is why city nights stay warm. Bacteria break down pollutants. This is why cities build wetlands.',
    );
    expect(edges(b, 'Asphalt releases', 'City nights')).toEqual(['supports']);
    expect(edges(b, 'Bacteria', 'Cities build wetlands')).toEqual(['supports']);
  });

  it('links a contrast to the clause of the previous sentence it answers', () => {
    const b = extract(
      'Peatlands cover little of the land, but they hold much of its carbon. However, a drained peatland releases that carbon into the air.',
    );
    expect(edges(b, 'drained peatland', 'hold much of its carbon')).toEqual(['counter_example']);
  });

  it('links a sentence with "therefore" inside it to the sentence before', () => {
    const b = extract('A drained peatland releases its carbon. Restoring wetlands may therefore slow climate change.');
    expect(edges(b, 'drained peatland', 'Restoring wetlands')).toEqual(['infers']);
  });

  it('defines a term by a copula with a relative clause, and names examples after "such as"', () => {
    const b = extract(
      'A keystone species is a species whose removal changes the whole ecosystem. Dark surfaces such as asphalt and tar absorb sunlight.',
    );
    expect(edges(b, 'whose removal', 'keystone species')).toEqual(['defines']);
    expect(b.nodes.find((n) => n.text.startsWith('A keystone'))?.type).toBe('definition');
    expect(edges(b, 'asphalt', 'Dark surfaces')).toEqual(['example']);
    // A copula with a relative clause after a pronoun defines nothing.
    expect(extract('This is a problem that we face every day.').nodes.map((n) => n.type)).toEqual(['claim']);
  });

  it('makes no edge between neighbouring sentences without a cue', () => {
    expect(
      extract('Wetlands act as natural sponges. Wetlands also clean water. Heat is dangerous for older people.').edges,
    ).toEqual([]);
  });
});

describe('cross-sentence cues (Chinese)', () => {
  it('links 例如 to the claim it names, past a fact', () => {
    const b = extract(
      '间隔重复是一种把复习安排在逐渐拉长的间隔上的学习方法。新信息在最初几天忘得最快。例如，背单词的软件会在第一天、第三天和第七天提醒用户复习。',
    );
    expect(edges(b, '背单词的软件', '间隔重复是一种')).toEqual(['example']);
  });

  it('reads 这也说明 and 可见 as support', () => {
    const b = extract(
      '大豆中的蛋白质被分解成氨基酸。这也说明，发酵时间越长，酱油的味道越浓。大鼠的神经元在睡眠中再次放电。可见，重放是一种记忆机制。',
    );
    expect(edges(b, '分解成氨基酸', '发酵时间越长')).toEqual(['supports']);
    expect(edges(b, '大鼠', '重放是一种')).toEqual(['supports']);
  });

  it('reads 相比之下 as a contrast and 又称 as a definition', () => {
    const b = extract(
      '发酵的面团会膨胀，面包带有香气。相比之下，没有经过发酵的面饼口感紧实。深度睡眠又称慢波睡眠，是脑电波最慢的阶段。',
    );
    expect(edges(b, '没有经过发酵', '面包带有香气')).toEqual(['counter_example']);
    expect(edges(b, '深度睡眠又称', '慢波睡眠')).toEqual(['defines']);
  });

  it('links a sentence with 因此 inside it to the sentence before', () => {
    const b = extract('缺乏睡眠会损害注意力。学生因此难以记住新的单词。');
    expect(edges(b, '缺乏睡眠', '学生因此')).toEqual(['infers']);
  });

  it('does not take a function-character bigram (的酸) for a named claim', () => {
    const b = extract('乳酸会降低食物的酸碱度。因此，发酵是保存食物的重要方法。例如，东北的酸菜可以存放整个冬天。');
    expect(edges(b, '东北的酸菜', '保存食物')).toEqual(['example']);
  });
});
