// Insights a careful reader would expect, on short texts run through the built-in extractor and one round of the
// engine: an unresolved contrast is reported; "not X but Y" is a correction, not a divergence; sentences read
// together are not a "cross-reaction"; shared terms are whole words; and the attribution scores spread between
// strong and weak findings (the figures are printed).
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../extract/pipeline';
import { createHeuristicExtractor } from '../extractors/heuristic';
import { segment } from '../units';
import { systemScheduler } from '../../test/support/scheduler';
import { MIN_UNIT_DISTANCE } from './analyzers/cross-reaction';
import { DEFAULT_INSIGHT_CONFIG } from './config';
import { analyzeRound } from './engine';
import { indexGraph } from './graph-index';
import { roundStats } from './history';
import type { KgGraph } from '../schema';

const TEXTS = {
  zh: `# 可信度
自动抽取的可信度取决于证据。可信度可以通过人工核对提高。研究表明，核对后的错误率下降了 40%。

# 鲸鱼
鲸鱼不是鱼，而是哺乳动物。例如，蓝鲸用肺呼吸。

# 海堤
海堤可以保护沿海住宅。但是海堤在强风暴中可能失效。

# 核对
人工核对通常能提高自动抽取的可信度。

# 冰箱
热量总是自发地从高温物体流向低温物体。但是，冰箱可以让热量从低温处流向高温处，因为它消耗了外部的电能。

# 泥炭地
泥炭地只占陆地面积的百分之三左右，但储存的碳比全世界的森林还多。然而，排干的泥炭地会把碳释放到空气中。因此，恢复湿地可能减缓气候变化。

# 颜色
黑色常常让人联想到权力和权威，但也会唤起悲伤或神秘的感觉。

# 穿山甲
穿山甲的鳞片由角蛋白构成，和人的指甲一样，但非常坚硬，能保护它免受天敌伤害。

# 色温
暖色让物体显得更近。相比之下，冷色让物体显得更远。

# 水价
有人认为应当提高水价来减少浪费，也有人认为提高水价会加重农民的负担。

# 限采
尽管存在争议，许多地方已经开始限制开采。

# 副作用
有人担心疫苗会引起严重的副作用。事实上，大多数副作用都很轻微。

# 哺乳动物
大多数哺乳动物是胎生的。与此不同，鸭嘴兽会产卵。`,
  en: `# Sea walls
Sea walls protect coastal homes. However, sea walls may fail in strong storms. A 2019 study measured a 30% drop in flood damage behind sea walls.

# Whales
A whale is not a fish but a mammal. For example, the blue whale breathes with lungs.

# Review
Manual review usually improves the reliability of automatic extraction. Manual review of automatic extraction reduced errors by 40% in our measurements.

# Fridges
Heat always flows from a hot body to a cold one by itself. However, a fridge moves heat from cold to hot, because it uses outside electricity.

# Peatlands
Peatlands cover only about three percent of the land, but they hold more carbon than all the world's forests. However, a drained peatland releases its carbon into the air. Restoring wetlands may therefore slow climate change.

# Colours
The colour black is often associated with power and authority, but can also evoke feelings of sadness or mystery.

# Pangolins
These scales are made of keratin, the same material found in human nails, but are incredibly tough and shield the pangolin from predators.

# Colour temperature
Warm colours seem to advance toward the viewer. On the other hand, cool colours seem to recede into the distance.

# Coffee
Some doctors say coffee protects the heart. On the other hand, other doctors say coffee harms the heart.

# Commuting
In Paris most people commute by metro, whereas in Los Angeles most people drive to work.

# Methods
Although the manual method is slow, it finds every error in the sample.

# Bats
Many people believe that bats are blind. In fact, most bats can see quite well.`,
} as const;

async function insightsOf(text: string) {
  const { units, sections } = segment(text);
  const { graph } = await runPipeline({
    documentId: 'r',
    sourceId: 'r',
    title: 'r',
    units,
    extractor: createHeuristicExtractor(),
    scheduler: systemScheduler,
  });
  const index = indexGraph(graph, sections);
  const state = analyzeRound(
    {
      round: 1,
      graph,
      sections,
      history: { rounds: [{ round: 1, kind: 'extract', committedAt: 1, stats: roundStats(index) }], changes: [] },
      config: DEFAULT_INSIGHT_CONFIG,
    },
    { insights: [], topics: [] },
  );
  return { graph, ...state };
}

const byText = (graph: KgGraph, text: string) => graph.nodes.find((n) => n.text.includes(text))?.id;

describe('insights a careful reader expects', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`${lang}: reports the open contrast, not the correction, and no echo between neighbouring sentences`, async () => {
      const { graph, insights, topics } = await insightsOf(TEXTS[lang]);
      const divergences = insights
        .filter((s) => s.draft.type === 'divergence-watch')
        .map((s) => s.draft.references.nodeIds ?? []);
      const walls = [
        byText(graph, lang === 'zh' ? '海堤可以保护' : 'Sea walls protect'),
        byText(graph, lang === 'zh' ? '强风暴' : 'strong storms'),
      ];
      expect(walls.every(Boolean)).toBe(true);
      expect(divergences).toContainEqual(expect.arrayContaining(walls));
      // 鲸鱼不是鱼，而是哺乳动物 / a whale is not a fish but a mammal: the author corrects, nothing is left open.
      const whale = graph.nodes.filter((n) => /鲸鱼|鱼|whale|fish/i.test(n.text)).map((n) => n.id);
      expect(divergences.filter((ids) => ids.some((id) => whale.includes(id)))).toEqual([]);
      // 但是，冰箱……因为它消耗了外部的电能 / however, a fridge …, because it uses outside electricity: the author
      // explains the exception, so the contrast is not left open (the extractor does link the two).
      const fridge = byText(graph, lang === 'zh' ? '冰箱' : 'fridge')!;
      const contrasted = graph.edges.some(
        (e) => (e.fromNodeId === fridge || e.toNodeId === fridge) && ['counter_example', 'not_is'].includes(e.relation),
      );
      expect(contrasted).toBe(true);
      expect(divergences.filter((ids) => ids.includes(fridge))).toEqual([]);
      // 只占…但… / only …, but …: a concession, both sides the author's; 然而…因此… / however … therefore: a turn the
      // author carries on to a conclusion. Neither is an open divergence.
      const peat = graph.nodes.filter((n) => /泥炭|碳|peat|carbon/i.test(n.text)).map((n) => n.id);
      expect(peat.length).toBeGreaterThanOrEqual(2);
      expect(divergences.filter((ids) => ids.some((id) => peat.includes(id)))).toEqual([]);
      // 但也 / but can also: an addition, both held at once (the extractor does link the two).
      const black = graph.nodes.filter((n) => /黑色|悲伤|black|sadness/i.test(n.text)).map((n) => n.id);
      expect(
        graph.edges.some(
          (e) => black.includes(e.fromNodeId) && black.includes(e.toNodeId) && e.relation === 'counter_example',
        ),
      ).toBe(true);
      expect(divergences.filter((ids) => ids.some((id) => black.includes(id)))).toEqual([]);
      // One subject, two predicates (…, but are tough / …，但非常坚硬): said of the same thing at once.
      const scales = graph.nodes.filter((n) => /鳞片|坚硬|scales|tough/i.test(n.text)).map((n) => n.id);
      expect(
        graph.edges.some(
          (e) => scales.includes(e.fromNodeId) && scales.includes(e.toNodeId) && e.relation === 'counter_example',
        ),
      ).toBe(true);
      expect(divergences.filter((ids) => ids.some((id) => scales.includes(id)))).toEqual([]);
      // 相比之下 / on the other hand, whereas: two subjects compared side by side (warm and cool colours, Paris and Los
      // Angeles), each side said of its own; the extractor links them, and nothing is in dispute.
      const compared = [
        lang === 'zh' ? ['暖色', '冷色'] : ['Warm colours', 'cool colours'],
        lang === 'en' ? ['In Paris', 'In Los Angeles'] : ['哺乳动物是胎生', '鸭嘴兽'],
      ];
      for (const [x, y] of compared) {
        const pair = [byText(graph, x), graph.nodes.find((n) => n.text.toLowerCase().includes(y.toLowerCase()))?.id];
        expect(
          graph.edges.some(
            (e) => pair.includes(e.fromNodeId) && pair.includes(e.toNodeId) && e.relation === 'counter_example',
          ),
          `${x} ~ ${y} linked`,
        ).toBe(true);
        expect(divergences.filter((ids) => ids.some((id) => pair.includes(id)))).toEqual([]);
      }
      // Two reported positions on one question ("some doctors say …; on the other hand, other doctors say …",
      // 有人认为…也有人认为…) stay open.
      const positions = lang === 'en' ? ['Some doctors say', 'Other doctors say'] : ['有人认为应当', '也有人认为'];
      expect(divergences).toContainEqual(expect.arrayContaining(positions.map((p) => byText(graph, p))));
      // A position others hold, corrected in the author's voice ("In fact, …", 事实上，…): settled, not open.
      const corrected =
        lang === 'en'
          ? ['Many people believe that bats', 'most bats can see']
          : ['有人担心疫苗', '大多数副作用都很轻微'];
      const held = corrected.map((t) => graph.nodes.find((n) => n.text.toLowerCase().includes(t.toLowerCase()))?.id);
      expect(
        graph.edges.some(
          (e) => held.includes(e.fromNodeId) && held.includes(e.toNodeId) && e.relation === 'counter_example',
        ),
        'correction linked',
      ).toBe(true);
      expect(divergences.filter((ids) => ids.some((id) => held.includes(id)))).toEqual([]);
      // A sentence opening on a concession (although …, / 尽管…，) grants its first clause: no dispute.
      const conceded = graph.nodes
        .filter((n) => /manual method|finds every error|存在争议|限制开采/.test(n.text))
        .map((n) => n.id);
      expect(
        graph.edges.some(
          (e) => conceded.includes(e.fromNodeId) && conceded.includes(e.toNodeId) && e.relation === 'counter_example',
        ),
      ).toBe(true);
      expect(divergences.filter((ids) => ids.some((id) => conceded.includes(id)))).toEqual([]);
      for (const s of insights.filter((x) => x.draft.type === 'cross-reaction')) {
        const [a, b] = (s.draft.references.nodeIds ?? []).map((id) => graph.nodes.find((n) => n.id === id)!);
        const apart =
          a.sectionId !== b.sectionId || Math.abs((a.paragraph ?? 0) - (b.paragraph ?? 0)) >= MIN_UNIT_DISTANCE;
        expect(apart, `${a.text} ~ ${b.text}`).toBe(true);
      }
      // Terms are whole words: never a fragment of two words such as 度可.
      const words = [
        ...insights.flatMap((s) => [s.draft.title[lang], s.draft.detail[lang]]),
        ...topics.map((t) => t.question[lang]),
      ].join('\n');
      expect(words).not.toMatch(/度可|信度可/);
    });
  }

  it('spreads the attribution scores between strong and weak findings', async () => {
    const scores = (await Promise.all(Object.values(TEXTS).map(insightsOf))).flatMap((s) =>
      s.insights.map((i) => i.profile.attributionScore),
    );
    const spread = Math.max(...scores) - Math.min(...scores);
    console.log(
      `attribution scores on the reader cases: ${scores.map((s) => s.toFixed(2)).join(', ')} (spread ${spread.toFixed(2)})`,
    );
    expect(new Set(scores.map((s) => s.toFixed(2))).size).toBeGreaterThanOrEqual(4);
    expect(spread).toBeGreaterThanOrEqual(0.2);
  });
});
