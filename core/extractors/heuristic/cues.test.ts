// Each cue, in English and Chinese: the node type it yields, and the edge it licenses (relation, direction, and a
// quote that contains the cue). Units are built by hand so these tests do not depend on the segmenter.
import { describe, expect, it } from 'vitest';
import type { ContentUnit, NodeType, Relation, WireBatch } from '../../schema';
import { RELATION_WORDS } from '../../extract/semantic';
import { segment } from '../../units';
import { extractUnits } from './index';
import { contractProblems } from './self-check';

interface Layout {
  /** Characters between units (default 2: a blank line, so units are separate paragraphs). */
  gap?: number;
  kinds?: ContentUnit['kind'][];
  sections?: string[];
}

function unitsOf(paragraphs: string[], layout: Layout = {}): ContentUnit[] {
  let at = 0;
  return paragraphs.map((text, i) => {
    const unit: ContentUnit = {
      n: i + 1,
      start: at,
      end: at + text.length,
      text,
      kind: layout.kinds?.[i] ?? 'narrative',
      sectionId: layout.sections?.[i] ?? 's0',
    };
    at += text.length + (layout.gap ?? 2);
    return unit;
  });
}

function run(...paragraphs: string[]): WireBatch {
  return runUnits(unitsOf(paragraphs));
}

function runUnits(units: ContentUnit[]): WireBatch {
  const batch = extractUnits(units);
  expect(contractProblems(batch, units)).toEqual([]);
  return batch;
}

function node(batch: WireBatch, text: string) {
  const found = batch.nodes.find((n) => n.text === text);
  if (!found) throw new Error(`no node "${text}" in ${JSON.stringify(batch.nodes.map((n) => n.text))}`);
  return found;
}

interface Case {
  name: string;
  paragraphs: string[];
  /** Expected node text → type. */
  types?: Record<string, NodeType>;
  /** Expected edge: from text, to text (exact node texts), relation, cue that must be in the quote. */
  edge?: { from: string; to: string; relation: Relation; cue: string };
}

const CASES: Case[] = [
  // English
  {
    name: 'en definition (defined as)',
    paragraphs: ['Photosynthesis is defined as the process by which plants turn light into sugar.'],
    types: {
      'Photosynthesis is defined as the process by which plants turn light into sugar.': 'definition',
      Photosynthesis: 'concept',
    },
    edge: {
      from: 'Photosynthesis is defined as the process by which plants turn light into sugar.',
      to: 'Photosynthesis',
      relation: 'defines',
      cue: 'defined as',
    },
  },
  {
    name: 'en definition (refers to)',
    paragraphs: ['Entropy refers to the degree of disorder in a system.'],
    edge: {
      from: 'Entropy refers to the degree of disorder in a system.',
      to: 'Entropy',
      relation: 'defines',
      cue: 'refers to',
    },
  },
  {
    name: 'en example',
    paragraphs: ['Many metals conduct electricity well. For example, copper is used in household wiring.'],
    types: { 'Copper is used in household wiring.': 'example' },
    edge: {
      from: 'Copper is used in household wiring.',
      to: 'Many metals conduct electricity well.',
      relation: 'example',
      cue: 'For example',
    },
  },
  {
    name: 'en rule (must)',
    paragraphs: ['Drivers must stop at red lights.'],
    types: { 'Drivers must stop at red lights.': 'rule' },
  },
  {
    name: 'en rule (if…then)',
    paragraphs: ['If the alarm rings, then everyone leaves the building.'],
    types: { 'If the alarm rings, then everyone leaves the building.': 'rule' },
  },
  {
    name: 'en hedged claim',
    paragraphs: ['Regular exercise may improve sleep quality.'],
    types: { 'Regular exercise may improve sleep quality.': 'claim' },
  },
  {
    name: 'en fact',
    paragraphs: ['The bridge was completed in 1932.'],
    types: { 'The bridge was completed in 1932.': 'fact' },
  },
  {
    name: 'en inference',
    paragraphs: ['The streets are wet this morning. Therefore, it rained during the night.'],
    types: { 'It rained during the night.': 'inference' },
    edge: {
      from: 'The streets are wet this morning.',
      to: 'It rained during the night.',
      relation: 'infers',
      cue: 'Therefore',
    },
  },
  {
    name: 'en causes (infix)',
    paragraphs: ['The match was cancelled because the pitch was flooded.'],
    edge: { from: 'The pitch was flooded.', to: 'The match was cancelled', relation: 'causes', cue: 'because' },
  },
  {
    name: 'en causes (prefix)',
    paragraphs: ['Because the roads were icy, the school closed early.'],
    edge: { from: 'The roads were icy', to: 'The school closed early.', relation: 'causes', cue: 'Because' },
  },
  {
    name: 'en counter_example (however)',
    paragraphs: ['Most birds can fly. However, penguins cannot fly at all.'],
    types: { 'Penguins cannot fly at all.': 'counter_example' },
    edge: {
      from: 'Penguins cannot fly at all.',
      to: 'Most birds can fly.',
      relation: 'counter_example',
      cue: 'However',
    },
  },
  {
    name: 'en counter_example (but)',
    paragraphs: ['Prices rose sharply in 2020, but demand stayed flat.'],
    edge: { from: 'Demand stayed flat.', to: 'Prices rose sharply in 2020', relation: 'counter_example', cue: 'but' },
  },
  {
    name: 'en not_is',
    paragraphs: ['A whale is not a fish.'],
    types: { whale: 'concept', fish: 'concept' },
    edge: { from: 'whale', to: 'fish', relation: 'not_is', cue: 'not' },
  },
  {
    name: 'en is_a',
    paragraphs: ['A tomato is a kind of fruit.'],
    edge: { from: 'tomato', to: 'fruit', relation: 'is_a', cue: 'kind of' },
  },
  {
    name: 'en contains',
    paragraphs: ['The solar system includes the Sun, eight planets and many moons.'],
    edge: { from: 'solar system', to: 'eight planets', relation: 'contains', cue: 'includes' },
  },
  {
    name: 'en aims_at',
    paragraphs: ['The city planted trees in order to cool the streets.'],
    edge: {
      from: 'The city planted trees',
      to: 'In order to cool the streets.',
      relation: 'aims_at',
      cue: 'in order to',
    },
  },
  {
    name: 'en analogy (is like)',
    paragraphs: ['The heart is like a pump.'],
    edge: { from: 'heart', to: 'pump', relation: 'analogy', cue: 'like' },
  },
  {
    name: 'en analogy (just as)',
    paragraphs: ['Just as a key opens a lock, an enzyme fits its substrate.'],
    edge: { from: 'An enzyme fits its substrate.', to: 'A key opens a lock', relation: 'analogy', cue: 'Just as' },
  },
  {
    name: 'en driven_by',
    paragraphs: ['Inflation is driven by rising energy prices.'],
    edge: { from: 'Inflation', to: 'rising energy prices', relation: 'driven_by', cue: 'driven by' },
  },
  {
    name: 'en supports',
    paragraphs: ['Sales doubled after the campaign. This shows that advertising works well.'],
    edge: {
      from: 'Sales doubled after the campaign.',
      to: 'Advertising works well.',
      relation: 'supports',
      cue: 'shows',
    },
  },
  // Chinese
  {
    name: 'zh definition (所谓…是指)',
    paragraphs: ['所谓知识图谱，是指一种用图结构表示知识的方法。'],
    types: { '所谓知识图谱，是指一种用图结构表示知识的方法。': 'definition', 知识图谱: 'concept' },
    edge: { from: '所谓知识图谱，是指一种用图结构表示知识的方法。', to: '知识图谱', relation: 'defines', cue: '所谓' },
  },
  {
    name: 'zh definition (是指)',
    paragraphs: ['熵是指系统的无序程度。'],
    edge: { from: '熵是指系统的无序程度。', to: '熵', relation: 'defines', cue: '是指' },
  },
  {
    name: 'zh example',
    paragraphs: ['许多金属的导电性很好。例如，铜被用于家庭布线。'],
    types: { '铜被用于家庭布线。': 'example' },
    edge: { from: '铜被用于家庭布线。', to: '许多金属的导电性很好。', relation: 'example', cue: '例如' },
  },
  { name: 'zh rule (必须)', paragraphs: ['司机必须在红灯前停车。'], types: { '司机必须在红灯前停车。': 'rule' } },
  {
    name: 'zh rule (如果…那么)',
    paragraphs: ['如果下雨，那么比赛就会取消。'],
    types: { '如果下雨，那么比赛就会取消。': 'rule' },
  },
  {
    name: 'zh hedged claim',
    paragraphs: ['经常锻炼可能改善睡眠质量。'],
    types: { '经常锻炼可能改善睡眠质量。': 'claim' },
  },
  { name: 'zh fact', paragraphs: ['这座桥于1932年建成。'], types: { '这座桥于1932年建成。': 'fact' } },
  {
    name: 'zh inference',
    paragraphs: ['今天早上街道是湿的。因此，昨晚下过雨。'],
    types: { '昨晚下过雨。': 'inference' },
    edge: { from: '今天早上街道是湿的。', to: '昨晚下过雨。', relation: 'infers', cue: '因此' },
  },
  {
    name: 'zh causes (因为…所以)',
    paragraphs: ['因为道路结冰，所以学校提前放学。'],
    edge: { from: '道路结冰', to: '学校提前放学。', relation: 'causes', cue: '因为' },
  },
  {
    name: 'zh causes (infix 因为)',
    paragraphs: ['比赛被取消了，因为场地被水淹了。'],
    edge: { from: '场地被水淹了。', to: '比赛被取消了', relation: 'causes', cue: '因为' },
  },
  {
    name: 'zh counter_example (但是)',
    paragraphs: ['大多数鸟都会飞。但是，企鹅完全不会飞。'],
    edge: { from: '企鹅完全不会飞。', to: '大多数鸟都会飞。', relation: 'counter_example', cue: '但是' },
  },
  {
    name: 'zh not_is',
    paragraphs: ['鲸鱼不是鱼。'],
    edge: { from: '鲸鱼', to: '鱼', relation: 'not_is', cue: '不是' },
  },
  {
    name: 'zh is_a',
    paragraphs: ['番茄是一种水果。'],
    edge: { from: '番茄', to: '水果', relation: 'is_a', cue: '一种' },
  },
  {
    name: 'zh contains',
    paragraphs: ['太阳系包括太阳、八大行星和许多卫星。'],
    edge: { from: '太阳系', to: '八大行星', relation: 'contains', cue: '包括' },
  },
  {
    name: 'zh aims_at',
    paragraphs: ['为了降低成本，公司关闭了两家工厂。'],
    edge: { from: '公司关闭了两家工厂。', to: '为了降低成本', relation: 'aims_at', cue: '为了' },
  },
  {
    name: 'zh analogy',
    paragraphs: ['心脏就像一个水泵。'],
    edge: { from: '心脏', to: '水泵', relation: 'analogy', cue: '就像' },
  },
  {
    name: 'zh driven_by',
    paragraphs: ['经济增长受消费驱动。'],
    edge: { from: '经济增长', to: '消费', relation: 'driven_by', cue: '驱动' },
  },
  {
    name: 'en definition (a bare term is the N of …)',
    paragraphs: ['Pollination is the transfer of pollen between flowers of one species.'],
    types: {
      'Pollination is the transfer of pollen between flowers of one species.': 'definition',
      Pollination: 'concept',
    },
    edge: {
      from: 'Pollination is the transfer of pollen between flowers of one species.',
      to: 'Pollination',
      relation: 'defines',
      cue: 'is the',
    },
  },
  {
    name: 'en two positions (while others argue)',
    paragraphs: [
      'Some scientists argue that pesticides are the main threat, while others argue that habitat loss matters more.',
    ],
    edge: {
      from: 'Others argue that habitat loss matters more.',
      to: 'Some scientists argue that pesticides are the main threat',
      relation: 'counter_example',
      cue: 'while',
    },
  },
  {
    name: 'zh definition (这种现象叫作)',
    paragraphs: ['海水渗入含水层，使井水变咸。这种现象叫作海水入侵。'],
    edge: { from: '这种现象叫作海水入侵。', to: '海水入侵', relation: 'defines', cue: '叫作' },
  },
  {
    name: 'zh two positions (有人认为…也有人认为)',
    paragraphs: ['有人认为应当提高水价来减少浪费，也有人认为提高水价会加重农民的负担。'],
    edge: {
      from: '也有人认为提高水价会加重农民的负担。',
      to: '有人认为应当提高水价来减少浪费',
      relation: 'counter_example',
      cue: '也有人',
    },
  },
  {
    name: 'en definition (a Y in which …)',
    paragraphs: ['A sourdough starter is a mixture of flour and water in which wild yeast grows.'],
    edge: {
      from: 'A sourdough starter is a mixture of flour and water in which wild yeast grows.',
      to: 'sourdough starter',
      relation: 'defines',
      cue: 'is a',
    },
  },
  {
    name: 'en causes (, which makes)',
    paragraphs: ['Whole wheat flour ferments faster than white flour, which makes it useful for a sluggish starter.'],
    edge: {
      from: 'Whole wheat flour ferments faster than white flour',
      to: 'Makes it useful for a sluggish starter.',
      relation: 'causes',
      cue: 'which',
    },
  },
  {
    name: 'en infers (; in that case)',
    paragraphs: ['Pink streaks indicate harmful bacteria; in that case the starter must be thrown away.'],
    edge: {
      from: 'Pink streaks indicate harmful bacteria',
      to: 'The starter must be thrown away.',
      relation: 'infers',
      cue: 'in that case',
    },
  },
  {
    name: 'en definition (occurs when)',
    paragraphs: ['Language death occurs when a language ceases to be spoken by any community.'],
    edge: {
      from: 'Language death occurs when a language ceases to be spoken by any community.',
      to: 'Language death',
      relation: 'defines',
      cue: 'occurs when',
    },
  },
  {
    name: 'en causes (, since)',
    paragraphs: ['Few companies develop new antibiotics, since a new antibiotic earns far less than other drugs.'],
    edge: {
      from: 'A new antibiotic earns far less than other drugs.',
      to: 'Few companies develop new antibiotics',
      relation: 'causes',
      cue: 'since',
    },
  },
  {
    name: 'en supports (, which shows)',
    paragraphs: [
      'The new lens was adopted along every coast within a few decades, which shows how quickly sailors valued it.',
    ],
    edge: {
      from: 'The new lens was adopted along every coast within a few decades',
      to: 'How quickly sailors valued it.',
      relation: 'supports',
      cue: 'which shows',
    },
  },
  {
    name: 'zh definition (是一种…的…)',
    paragraphs: ['喷墨打印机是一种把墨水喷到纸上成像的打印设备。'],
    edge: {
      from: '喷墨打印机是一种把墨水喷到纸上成像的打印设备。',
      to: '喷墨打印机',
      relation: 'defines',
      cue: '是一种',
    },
  },
  {
    name: 'zh supports (，通常说明)',
    paragraphs: ['打印出的文字有白色条纹，通常说明喷头部分堵塞。'],
    edge: { from: '打印出的文字有白色条纹', to: '喷头部分堵塞。', relation: 'supports', cue: '通常说明' },
  },
  {
    name: 'zh aims_at (以求)',
    paragraphs: ['考生常把自己的诗文送给名人，以求推荐。'],
    edge: { from: '考生常把自己的诗文送给名人', to: '以求推荐。', relation: 'aims_at', cue: '以求' },
  },
  {
    name: 'zh supports',
    paragraphs: ['销售额在活动后翻了一番。这表明广告确实有效。'],
    edge: { from: '销售额在活动后翻了一番。', to: '广告确实有效。', relation: 'supports', cue: '这表明' },
  },
  // Fifth round (test/fixtures/qa inflation.en, vaccines.zh).
  {
    name: 'en infers (In other words: a restatement)',
    paragraphs: [
      'When prices rise, each unit of money buys fewer goods. In other words, money loses purchasing power.',
    ],
    edge: {
      from: 'When prices rise, each unit of money buys fewer goods.',
      to: 'Money loses purchasing power.',
      relation: 'infers',
      cue: 'In other words',
    },
  },
  {
    name: 'zh infers (也就是说)',
    paragraphs: ['这种材料的熔点很高。也就是说，它在普通火焰中不会熔化。'],
    edge: { from: '这种材料的熔点很高。', to: '它在普通火焰中不会熔化。', relation: 'infers', cue: '也就是说' },
  },
  {
    name: 'en counter_example (, on the other hand, as an aside: the sentence stays whole)',
    paragraphs: [
      'Worker ants gather food for the colony. Soldier ants, on the other hand, defend the nest against intruders.',
    ],
    edge: {
      from: 'Soldier ants, on the other hand, defend the nest against intruders.',
      to: 'Worker ants gather food for the colony.',
      relation: 'counter_example',
      cue: 'on the other hand',
    },
  },
  {
    name: 'en two positions (; others warn that)',
    paragraphs: [
      'Some doctors argue that the test should be offered to everyone; others warn that false alarms cause needless worry.',
    ],
    edge: {
      from: 'Others warn that false alarms cause needless worry.',
      to: 'Some doctors argue that the test should be offered to everyone',
      relation: 'counter_example',
      cue: 'others',
    },
  },
  {
    name: 'zh causes (之所以…，是因为…)',
    paragraphs: ['之所以需要加强针，是因为抗体水平会随时间下降。'],
    edge: { from: '抗体水平会随时间下降。', to: '需要加强针', relation: 'causes', cue: '之所以' },
  },
  // Sixth round (test/fixtures/qa volcanoes.en, bike-sharing.zh).
  {
    name: 'en causes (two-word clause before "because")',
    paragraphs: ['Magma rises because it is less dense than the solid rock around it.'],
    edge: {
      from: 'It is less dense than the solid rock around it.',
      to: 'Magma rises',
      relation: 'causes',
      cue: 'because',
    },
  },
  {
    name: 'en infers (, which means that)',
    paragraphs: ['Thick magma traps these bubbles, which means that pressure builds until the volcano explodes.'],
    edge: {
      from: 'Thick magma traps these bubbles',
      to: 'Pressure builds until the volcano explodes.',
      relation: 'infers',
      cue: 'which means that',
    },
  },
  {
    name: 'en causes (Due to such …, refers back)',
    paragraphs: [
      'Scientists watch every volcano for small earthquakes. Due to such monitoring, many towns have been evacuated in time.',
    ],
    edge: {
      from: 'Scientists watch every volcano for small earthquakes.',
      to: 'Many towns have been evacuated in time.',
      relation: 'causes',
      cue: 'Due to such monitoring',
    },
  },
  {
    name: 'en definition (a kind and a participle phrase)',
    paragraphs: ['A shield volcano is a broad, gently sloping volcano built from runny lava flows.'],
    edge: {
      from: 'A shield volcano is a broad, gently sloping volcano built from runny lava flows.',
      to: 'shield volcano',
      relation: 'defines',
      cue: 'is a',
    },
  },
  {
    name: 'en example (such as, after the kind a preposition names)',
    paragraphs: ['Scientists can watch for warning signs, such as small earthquakes.'],
    edge: { from: 'small earthquakes', to: 'warning signs', relation: 'example', cue: 'such as' },
  },
  {
    name: 'zh causes (于是)',
    paragraphs: ['大量资本涌入，企业不断降价。于是，许多城市的街头都出现了成片的单车。'],
    edge: {
      from: '大量资本涌入，企业不断降价。',
      to: '许多城市的街头都出现了成片的单车。',
      relation: 'causes',
      cue: '于是',
    },
  },
  {
    name: 'zh causes (，随之)',
    paragraphs: ['车辆投放过多，随之出现了乱停乱放的现象。'],
    edge: { from: '车辆投放过多', to: '出现了乱停乱放的现象。', relation: 'causes', cue: '随之' },
  },
  {
    name: "zh causes (随之 after the clause's own subject)",
    paragraphs: ['到了宋代，录取人数大大增加，科举的影响也随之扩大。'],
    edge: { from: '到了宋代，录取人数大大增加', to: '科举的影响也随之扩大。', relation: 'causes', cue: '随之' },
  },
  {
    name: 'zh causes (，这会)',
    paragraphs: ['有些单车被丢在河里或草丛中，这会增加维护成本。'],
    edge: { from: '有些单车被丢在河里或草丛中', to: '会增加维护成本。', relation: 'causes', cue: '这会' },
  },
  // Cause and effect stated by a verb, between the two terms.
  {
    name: 'en causes (verb: causes)',
    paragraphs: ['Smoking causes lung cancer.'],
    edge: { from: 'Smoking', to: 'lung cancer', relation: 'causes', cue: 'causes' },
  },
  {
    name: 'en causes (verb: has led to)',
    paragraphs: ['The overuse of antibiotics has led to the emergence of resistant bacteria.'],
    edge: {
      from: 'overuse of antibiotics',
      to: 'emergence of resistant bacteria',
      relation: 'causes',
      cue: 'has led to',
    },
  },
  {
    name: 'en causes (passive: is caused by)',
    paragraphs: ['Most flooding is caused by heavy rain.'],
    edge: { from: 'heavy rain', to: 'Most flooding', relation: 'causes', cue: 'caused by' },
  },
  {
    name: 'zh causes (verb: 导致了)',
    paragraphs: ['长期缺水导致了庄稼减产。'],
    edge: { from: '长期缺水', to: '庄稼减产', relation: 'causes', cue: '导致' },
  },
  {
    name: 'zh causes (由…引起, after a pronoun for the subject before it)',
    paragraphs: ['卡纸是另一种常见故障，它多半是由纸张受潮引起的。'],
    edge: { from: '纸张受潮', to: '卡纸', relation: 'causes', cue: '引起' },
  },
  {
    name: 'en example (, including A and B, after a kind)',
    paragraphs: ['Many fruits, including apples and oranges, are rich in vitamin C.'],
    edge: { from: 'apples', to: 'fruits', relation: 'example', cue: 'including' },
  },
  {
    name: 'en is_a (a bare kind ends the clause)',
    paragraphs: ['A whale is a mammal.'],
    edge: { from: 'whale', to: 'mammal', relation: 'is_a', cue: 'is a' },
  },
  {
    name: 'en is_a (plural kind after "are")',
    paragraphs: ['Whales are mammals.'],
    edge: { from: 'Whales', to: 'mammals', relation: 'is_a', cue: 'are' },
  },
  {
    name: 'en contains (is divided into)',
    paragraphs: ['The year is divided into four seasons.'],
    edge: { from: 'year', to: 'four seasons', relation: 'contains', cue: 'divided into' },
  },
  {
    name: 'zh contains (把…分为)',
    paragraphs: ['居民需要把垃圾分为四类。'],
    edge: { from: '垃圾', to: '四类', relation: 'contains', cue: '分为' },
  },
  {
    name: 'en aims_at (To …, opening the sentence)',
    paragraphs: ['To slow inflation, a central bank raises interest rates.'],
    edge: { from: 'A central bank raises interest rates.', to: 'To slow inflation', relation: 'aims_at', cue: 'To' },
  },
  {
    name: 'zh causes (使: a cause and what it brings about)',
    paragraphs: ['森林砍伐使土壤流失加剧。'],
    edge: { from: '森林砍伐', to: '土壤流失加剧', relation: 'causes', cue: '使' },
  },
  {
    name: 'zh causes (这使得, referring back)',
    paragraphs: ['上游修建了许多工厂。这使得河水变得浑浊。'],
    edge: { from: '上游修建了许多工厂。', to: '河水变得浑浊。', relation: 'causes', cue: '这使得' },
  },
  {
    name: 'en causes (This led to, referring back)',
    paragraphs: ['The Normans conquered England in 1066. This led to the mixing of Old English and Old Norman.'],
    edge: {
      from: 'The Normans conquered England in 1066.',
      to: 'The mixing of Old English and Old Norman.',
      relation: 'causes',
      cue: 'This led to',
    },
  },
  {
    name: 'en causes (contributes to)',
    paragraphs: ['Regular exercise contributes to better sleep.'],
    edge: { from: 'Regular exercise', to: 'better sleep', relation: 'causes', cue: 'contributes to' },
  },
  {
    name: 'zh causes (有助于)',
    paragraphs: ['运动有助于改善睡眠。'],
    edge: { from: '运动', to: '改善睡眠', relation: 'causes', cue: '有助于' },
  },
  {
    name: 'en driven_by (depends on)',
    paragraphs: ['Plant growth depends on sunlight.'],
    edge: { from: 'Plant growth', to: 'sunlight', relation: 'driven_by', cue: 'depends on' },
  },
  {
    name: 'zh driven_by (依赖于)',
    paragraphs: ['植物的生长依赖于阳光。'],
    edge: { from: '植物的生长', to: '阳光', relation: 'driven_by', cue: '依赖于' },
  },
  {
    name: 'en aims_at (is used to)',
    paragraphs: ['This material is used to build bridges.'],
    edge: { from: 'material', to: 'build bridges', relation: 'aims_at', cue: 'used to' },
  },
  {
    name: 'zh aims_at (用于)',
    paragraphs: ['这种材料主要用于建造桥梁。'],
    edge: { from: '材料', to: '建造桥梁', relation: 'aims_at', cue: '用于' },
  },
  {
    name: 'en definition (a term means …)',
    paragraphs: ['Entropy means disorder.'],
    edge: { from: 'Entropy means disorder.', to: 'Entropy', relation: 'defines', cue: 'means' },
  },
  {
    name: 'en causes (led to a rise in …: the change with what it changes)',
    paragraphs: ['Cheaper books led to a rise in literacy.'],
    edge: { from: 'Cheaper books', to: 'rise in literacy', relation: 'causes', cue: 'led to' },
  },
  {
    name: 'en causes (, which helped)',
    paragraphs: ["Martin Luther's writings were printed in huge numbers, which helped the Reformation spread."],
    edge: {
      from: "Martin Luther's writings were printed in huge numbers",
      to: 'Helped the Reformation spread.',
      relation: 'causes',
      cue: 'which',
    },
  },
  {
    name: 'zh causes (正因为如此)',
    paragraphs: ['这座城市的公共交通非常发达。正因为如此，很多居民不买汽车。'],
    edge: { from: '这座城市的公共交通非常发达。', to: '很多居民不买汽车。', relation: 'causes', cue: '正因为如此' },
  },
  {
    name: 'zh counter_example (与此不同)',
    paragraphs: ['大多数哺乳动物是胎生的。与此不同，鸭嘴兽会产卵。'],
    edge: { from: '鸭嘴兽会产卵。', to: '大多数哺乳动物是胎生的。', relation: 'counter_example', cue: '与此不同' },
  },
  {
    name: 'en counter_example (In fact, after a position someone holds)',
    paragraphs: ['Many people believe that bats are blind. In fact, most bats can see quite well.'],
    edge: {
      from: 'Most bats can see quite well.',
      to: 'Many people believe that bats are blind.',
      relation: 'counter_example',
      cue: 'In fact',
    },
  },
  {
    name: 'zh counter_example (事实上, after a position someone holds)',
    paragraphs: ['有人担心手机辐射会致癌。事实上，目前的研究没有发现这种联系。'],
    edge: {
      from: '目前的研究没有发现这种联系。',
      to: '有人担心手机辐射会致癌。',
      relation: 'counter_example',
      cue: '事实上',
    },
  },
];

describe('heuristic cues', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const batch = run(...c.paragraphs);
      for (const [text, type] of Object.entries(c.types ?? {})) expect(node(batch, text).type, text).toBe(type);
      if (c.edge) {
        const from = node(batch, c.edge.from);
        const to = node(batch, c.edge.to);
        const edge = batch.edges.find(
          (e) => e.relation === c.edge!.relation && e.fromNodeId === from.id && e.toNodeId === to.id,
        );
        expect(
          edge,
          `${c.edge.relation} ${c.edge.from} → ${c.edge.to} in ${JSON.stringify(batch.edges)}`,
        ).toBeDefined();
        expect(edge!.quote).toContain(c.edge.cue);
        // The quote states its relation in words the pipeline's semantic check knows (else the edge is dropped there).
        expect(RELATION_WORDS[c.edge.relation].test(edge!.quote), edge!.quote).toBe(true);
        // The reverse direction is never emitted for the same cue.
        expect(
          batch.edges.some((e) => e.relation === c.edge!.relation && e.fromNodeId === to.id && e.toNodeId === from.id),
        ).toBe(false);
      }
    });
  }
});

describe('cues that depend on what came before', () => {
  it('"In fact" / 事实上 after the author\'s own statement only insists: no contrast', () => {
    for (const paragraphs of [
      [
        'However, recent research has shown that plants are more communicative than previously thought. In fact, plants have developed systems to signal one another.',
      ],
      [
        'Music stimulates many areas of the brain. This is believed to help memory. In fact, some researchers suggest music therapy for memory disorders.',
      ],
      ['这座桥已经很旧了。事实上，它建于一百多年前。'],
    ]) {
      const batch = run(...paragraphs);
      expect(
        batch.edges.filter((e) => e.relation === 'counter_example'),
        paragraphs[0],
      ).toEqual([]);
    }
  });

  it('a contrast that names neither clause of the sentence before answers its claim, not the example inside it', () => {
    const batch = run(
      'Most side effects of the vaccine are mild, for example the arm may feel sore for a day. In contrast, the disease itself often does lasting harm.',
    );
    const contrast = batch.edges.filter((e) => e.relation === 'counter_example');
    expect(contrast).toHaveLength(1);
    expect(contrast[0].fromNodeId).toBe(node(batch, 'The disease itself often does lasting harm.').id);
    expect(contrast[0].toNodeId).toBe(node(batch, 'Most side effects of the vaccine are mild').id);
  });
});

describe("look-alikes of the sixth round's cues", () => {
  it('"This is because …" keeps its sentence whole; an evaluation is no definition; a place or a purpose is no kind', () => {
    const because = run('This is because the soil stays wet all year.');
    expect(because.nodes.map((n) => n.text)).toEqual(['This is because the soil stays wet all year.']);
    expect(
      run('The life cycle of a butterfly is a wondrous journey filled with intricate stages.').edges.filter(
        (e) => e.relation === 'defines',
      ),
    ).toEqual([]);
    const goods = run('The Egyptians buried their dead with many things for the afterlife, such as food and tools.');
    expect(goods.edges.filter((e) => e.relation === 'example')).toEqual([]);
  });

  it('a cause named as a noun, a relative clause or an infinitive effect is no verb-stated cause between two terms', () => {
    for (const text of [
      'The causes of the war were complex.',
      '这种病毒引起的症状很轻。',
      'The heat causes the yeast to become more active.',
      'Stress is a major cause of illness.',
      '我们使用电脑工作。',
      '即使下雨，比赛也会继续。',
    ]) {
      expect(
        run(text).edges.filter((e) => e.relation === 'causes'),
        text,
      ).toEqual([]);
    }
  });

  it('an idiom opening on "To", an evaluation, an adjective or a self-named example is no purpose and no kind', () => {
    for (const text of [
      'To be honest, the plan failed completely.',
      'To his surprise, the mold had killed the bacteria.',
      'This is a problem.',
      'Life is a great adventure.',
      'Whales are large.',
      'Mauna Loa in Hawaii is a typical example.',
    ]) {
      expect(
        run(text).edges.filter((e) => e.relation === 'aims_at' || e.relation === 'is_a'),
        text,
      ).toEqual([]);
    }
  });

  it('这会儿 is "right now", and 一方面 / 另一方面 join two reasons: no cue, no contrast, and no marker in the node text', () => {
    expect(run('天色已晚。这会儿大家都在开会。').edges).toEqual([]);
    const reasons = run('共享单车起初发展很快。一方面，扫码用车十分方便；另一方面，大量资本涌入。');
    expect(reasons.nodes.map((n) => n.text)).toEqual(expect.arrayContaining(['扫码用车十分方便', '大量资本涌入。']));
    expect(reasons.edges.filter((e) => e.relation === 'counter_example')).toEqual([]);
  });

  it('a contrast naming nothing of the sentence before answers it, unless an earlier one shares its subject', () => {
    const batch = run(
      "Luther's writings were printed in huge numbers. Authorities were alarmed by the flood of books. Some rulers banned certain titles outright. Nevertheless, censorship never fully stopped the spread of printed ideas.",
    );
    const contrast = batch.edges.filter((e) => e.relation === 'counter_example');
    expect(contrast.map((e) => batch.nodes.find((n) => n.id === e.toNodeId)!.text)).toEqual([
      'Some rulers banned certain titles outright.',
    ]);
  });

  it("a contrast whose subject opens the sentence before answers it, even when the subject is the text's topic word", () => {
    const batch = run(
      [
        'Magma forms deep underground. Magma collects in chambers. Magma rises through cracks. Magma cools into rock.',
        'Magma near the surface releases gas, and the gas forms bubbles. Magma varies in thickness. Thick magma traps these bubbles.',
        'Runny magma, by contrast, lets the gas escape gently.',
      ].join(' '),
    );
    const contrast = batch.edges.filter((e) => e.relation === 'counter_example');
    expect(contrast).toHaveLength(1);
    expect(contrast[0].toNodeId).toBe(node(batch, 'Thick magma traps these bubbles.').id);
  });
});

describe('no cue, no edge', () => {
  it('two terms mentioned together make no edge', () => {
    const batch = run(
      'Whales and dolphins live in the ocean. Dolphins and whales eat fish and squid.',
      'The ocean is vast and deep.',
    );
    expect(batch.edges).toEqual([]);
  });

  it('a connective opening the next paragraph (after a blank line) does not reach back', () => {
    const batch = run(
      'The streets are wet this morning.',
      'Therefore, it rained during the night.',
      '街道是湿的。',
      '因此，昨晚下过雨。',
    );
    expect(batch.edges).toEqual([]);
    expect(node(batch, 'It rained during the night.').type).toBe('inference');
  });

  it('"because of" (a noun phrase, not a clause) does not split or link', () => {
    const batch = run('The flight was delayed because of the storm.');
    expect(batch.nodes.map((n) => n.text)).toEqual(['The flight was delayed because of the storm.']);
    expect(batch.edges).toEqual([]);
  });
});

// The segmenter starts a new unit at a topic-shift marker, so "X. Therefore, Y." is usually two units of one
// paragraph: the connective then links to the previous unit's last sentence, with the cue sentence as evidence.
interface CrossCase {
  premise: string;
  sentence: string;
  relation: Relation;
  /** forward: premise → cue sentence; backward: cue sentence → premise. */
  direction: 'forward' | 'backward';
  cue: string;
}

const CROSS: CrossCase[] = [
  {
    premise: 'The streets are wet this morning.',
    sentence: 'Therefore, it rained during the night.',
    relation: 'infers',
    direction: 'forward',
    cue: 'Therefore',
  },
  {
    premise: 'All the lights in the house went out.',
    sentence: 'Thus the fuse must have blown.',
    relation: 'infers',
    direction: 'forward',
    cue: 'Thus',
  },
  {
    premise: 'The samples were kept below freezing.',
    sentence: 'Hence no bacteria could grow in them.',
    relation: 'infers',
    direction: 'forward',
    cue: 'Hence',
  },
  {
    premise: 'The factory doubled its output last year.',
    sentence: 'As a result, local unemployment fell sharply.',
    relation: 'causes',
    direction: 'forward',
    cue: 'As a result',
  },
  {
    premise: 'Many metals conduct electricity well.',
    sentence: 'For example, copper is used in household wiring.',
    relation: 'example',
    direction: 'backward',
    cue: 'For example',
  },
  {
    premise: 'Some animals use tools in the wild.',
    sentence: 'For instance, crows bend wires into hooks.',
    relation: 'example',
    direction: 'backward',
    cue: 'For instance',
  },
  {
    premise: 'Most birds can fly long distances.',
    sentence: 'However, penguins cannot fly at all.',
    relation: 'counter_example',
    direction: 'backward',
    cue: 'However',
  },
  {
    premise: 'The plan looked good on paper.',
    sentence: 'But nobody had the money to build it.',
    relation: 'counter_example',
    direction: 'backward',
    cue: 'But',
  },
  {
    premise: 'Bees communicate through dances.',
    sentence: 'Similarly, ants communicate through scent trails.',
    relation: 'analogy',
    direction: 'backward',
    cue: 'Similarly',
  },
  {
    premise: 'Sales doubled after the campaign.',
    sentence: 'This shows that advertising works well.',
    relation: 'supports',
    direction: 'forward',
    cue: 'shows',
  },
  {
    premise: '今天早上街道是湿的。',
    sentence: '因此，昨晚下过雨。',
    relation: 'infers',
    direction: 'forward',
    cue: '因此',
  },
  {
    premise: '他每天都坚持练习钢琴。',
    sentence: '所以他的演奏进步很快。',
    relation: 'infers',
    direction: 'forward',
    cue: '所以',
  },
  {
    premise: '工厂去年扩大了生产规模。',
    sentence: '结果，当地失业率大幅下降。',
    relation: 'causes',
    direction: 'forward',
    cue: '结果',
  },
  {
    premise: '许多金属的导电性很好。',
    sentence: '例如，铜被用于家庭布线。',
    relation: 'example',
    direction: 'backward',
    cue: '例如',
  },
  {
    premise: '有些动物会使用工具。',
    sentence: '比如乌鸦会把铁丝弯成钩子。',
    relation: 'example',
    direction: 'backward',
    cue: '比如',
  },
  {
    premise: '大多数鸟都会飞。',
    sentence: '但是，企鹅完全不会飞。',
    relation: 'counter_example',
    direction: 'backward',
    cue: '但是',
  },
  {
    premise: '这个计划看起来很好。',
    sentence: '然而没有人愿意为它出钱。',
    relation: 'counter_example',
    direction: 'backward',
    cue: '然而',
  },
  {
    premise: '蜜蜂通过舞蹈交流信息。',
    sentence: '同样，蚂蚁通过气味交流信息。',
    relation: 'analogy',
    direction: 'backward',
    cue: '同样',
  },
  {
    premise: '销售额在活动后翻了一番。',
    sentence: '这表明广告确实有效。',
    relation: 'supports',
    direction: 'forward',
    cue: '这表明',
  },
  // A sentence that calls itself an example illustrates what came before, as if it opened with "For example".
  {
    premise: 'Many crops need animals to carry their pollen.',
    sentence: 'Almonds are a striking case: the orchards rent two million hives.',
    relation: 'example',
    direction: 'backward',
    cue: 'are a striking case',
  },
  {
    premise: '长期超采会让地下水位持续下降。',
    sentence: '华北平原就是一个典型的例子：部分地区的水位下降了几十米。',
    relation: 'example',
    direction: 'backward',
    cue: '就是一个典型的例子',
  },
  // "That is a sign that …": what was just said is the evidence.
  {
    premise: 'A healthy starter doubles in volume within eight hours.',
    sentence: 'That is a sign that the yeast is active.',
    relation: 'supports',
    direction: 'forward',
    cue: 'That is a sign that',
  },
  {
    premise: '面团在八小时内体积翻了一倍。',
    sentence: '这是一个信号，说明酵母很活跃。',
    relation: 'supports',
    direction: 'forward',
    cue: '这是一个信号',
  },
  // A connective set off by commas after the subject speaks for the whole sentence, like an opening one.
  {
    premise: 'Grey liquid on top means the starter is hungry.',
    sentence: 'Pink streaks, however, indicate harmful bacteria.',
    relation: 'counter_example',
    direction: 'backward',
    cue: 'however',
  },
  {
    premise: 'Some flours ferment faster than others do.',
    sentence: 'Whole wheat flour, for example, ferments faster than white flour.',
    relation: 'example',
    direction: 'backward',
    cue: 'for example',
  },
  {
    premise: 'A Fresnel lens can be seen from thirty kilometres away.',
    sentence: 'Earlier reflectors, by comparison, wasted most of the light.',
    relation: 'counter_example',
    direction: 'backward',
    cue: 'by comparison',
  },
  // A second position answers the one just stated, whether or not it names it.
  {
    premise: 'Some historians regret the end of the keepers.',
    sentence: 'Others point out that satellites made most lighthouses unnecessary.',
    relation: 'counter_example',
    direction: 'backward',
    cue: 'Others',
  },
];

describe('sentence-opening cues across units of one paragraph', () => {
  for (const c of CROSS) {
    it(`${c.cue}: ${c.relation} (${c.direction})`, () => {
      const gap = /[\u4e00-\u9fff]/.test(c.sentence) ? 0 : 1; // Chinese sentences follow without a space
      const batch = runUnits(unitsOf([c.premise, c.sentence], { gap }));
      const premise = batch.nodes.find((n) => n.paragraph === 1 && n.type !== 'concept');
      const here = batch.nodes.find((n) => n.paragraph === 2 && n.type !== 'concept');
      expect(premise && here, JSON.stringify(batch.nodes)).toBeTruthy();
      const [from, to] = c.direction === 'forward' ? [premise!, here!] : [here!, premise!];
      const edges = batch.edges.filter((e) => e.relation === c.relation);
      expect(edges, JSON.stringify(batch.edges)).toHaveLength(1);
      expect(edges[0]).toMatchObject({ fromNodeId: from.id, toNodeId: to.id, paragraph: 2, quote: c.sentence });
      expect(edges[0].quote).toContain(c.cue);
    });
  }

  it('links real segmented text, where the marker opens a new unit', () => {
    for (const [text, relation] of [
      ['The streets are wet this morning. Therefore, it rained during the night.', 'infers'],
      ['许多金属的导电性很好。例如，铜被用于家庭布线。', 'example'],
    ] as const) {
      const { units } = segment(text);
      expect(units.map((u) => u.n)).toEqual([1, 2]);
      const batch = runUnits(units);
      expect(batch.edges.map((e) => [e.relation, e.paragraph])).toEqual([[relation, 2]]);
    }
  });

  it("links only a unit's first sentence to the previous unit (a question in between is not skipped over)", () => {
    const units = unitsOf(['Most birds can fly long distances.', 'Can penguins fly? However, they swim very well.'], {
      gap: 1,
    });
    expect(runUnits(units).edges).toEqual([]);
  });
});

describe('no link across paragraph boundaries', () => {
  const PREMISE = 'The streets are wet this morning.';
  const CUE = 'Therefore, it rained during the night.';

  it('across a blank line, a heading, a list, a table or code (segmented text)', () => {
    for (const [text, kinds] of [
      [`${PREMISE}\n\n${CUE}`, ['narrative', 'narrative']],
      [`${PREMISE}\n\n# Weather\n\n${CUE}`, ['narrative', 'heading', 'narrative']],
      [`- ${PREMISE}\n- ${CUE}`, ['list', 'list']],
      [`- ${PREMISE}\n\n${CUE}`, ['list', 'narrative']],
      [`${PREMISE}\n\n- ${CUE}\n- Another item here.`, ['narrative', 'list', 'list']],
      [`${PREMISE}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n${CUE}`, ['narrative', 'table', 'table', 'narrative']],
      [`${PREMISE}\n\n\`\`\`\nx = 1\n\`\`\`\n\n${CUE}`, ['narrative', 'code', 'narrative']],
      ['街道是湿的。\n\n因此，昨晚下过雨。', ['narrative', 'narrative']],
    ] as const) {
      const { units } = segment(text);
      expect(
        units.map((u) => u.kind),
        text,
      ).toEqual(kinds);
      expect(runUnits(units).edges, text).toEqual([]);
    }
  });

  it('across sections, kinds other than narrative, non-consecutive units or a wider gap (hand-built units)', () => {
    const layouts: Layout[] = [
      { gap: 1, sections: ['s1', 's2'] },
      { gap: 1, kinds: ['quote', 'narrative'] },
      { gap: 1, kinds: ['narrative', 'dialogue'] },
      { gap: 2 },
    ];
    for (const layout of layouts)
      expect(runUnits(unitsOf([PREMISE, CUE], layout)).edges, JSON.stringify(layout)).toEqual([]);
    const [a, b] = unitsOf([PREMISE, CUE], { gap: 1 });
    expect(runUnits([a, { ...b, n: 3 }]).edges).toEqual([]);
  });

  it('keeps what only sounds like a cue: a subset contrast, a non-defining "is the … of", "in this case"', () => {
    for (const text of [
      'Some eggs are round, while others are cylindrical or oval.',
      'The result is the loss of most wetlands in the region.',
      'Another challenge is the cost of new turbines.',
      'In this case the pump must be stopped at once.',
      'The bow and arrow was an early weapon, which allowed hunters to strike from afar.',
      'The town has grown quickly, since the 1990s and since then again.',
      'Prices have doubled, since 2019 at least.',
    ]) {
      const batch = runUnits(unitsOf([text]));
      expect(
        batch.edges.filter((e) => e.relation !== 'contains'),
        text,
      ).toEqual([]);
      expect(
        batch.nodes.filter((n) => n.type === 'definition' || n.type === 'example'),
        text,
      ).toEqual([]);
    }
  });

  it('does not reach over a title line to the unit before it', () => {
    const units = unitsOf([PREMISE, 'The Weather Report', CUE], { gap: 1 });
    expect(runUnits(units).edges).toEqual([]);
  });
});
