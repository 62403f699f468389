// Every word of a phrase pattern's word list takes effect: its pattern, built around the list, finds the whole word
// in a sentence of that pattern (one sentence per pattern with a word list, in PATTERNS order, '{w}' for the word),
// and the semantic check accepts that sentence for the pattern's relation.
import { describe, expect, it } from 'vitest';
import { RELATION_WORDS } from '../../extract/semantic';
import { PATTERNS } from './phrase-patterns';

const SAMPLES: Array<[first: string, sentence: string]> = [
  ['called', 'A young frog is {w} a tadpole.'],
  ['means', 'Entropy {w} disorder.'],
  ['所谓', '{w}熵，就是混乱的程度。'],
  ['是指', '熵{w}混乱的程度。'],
  ['被称为', '这种现象{w}温室效应。'],
  ['occurs', 'Resistance {w} when bacteria change.'],
  ['such as', 'Dark surfaces {w} asphalt absorb heat.'],
  ['including', 'Many fruits, {w} apples, are sweet.'],
  ['kind', 'A whale is a {w} of mammal.'],
  ['是一种', '鲸鱼{w}哺乳动物。'],
  ['includes', 'The kit {w} a map and a torch.'],
  ['包括', '工具包{w}地图和手电筒。'],
  ['divided', 'The year is {w} into four seasons.'],
  ['分为', '垃圾{w}四类。'],
  ['组成', '水由氢和氧{w}。'],
  ['led to', 'Smoking {w} lung cancer.'],
  ['caused', 'The flood was {w} by heavy rain.'],
  ['导致', '缺水{w}庄稼减产。'],
  ['导致', '卡纸是由纸张受潮{w}的。'],
  ['使得', '森林砍伐{w}土壤流失加剧。'],
  ['contributes', 'Exercise {w} to better sleep.'],
  ['有助于', '运动{w}改善睡眠。'],
  ['depends', 'Plant growth {w} on sunlight.'],
  ['依赖于', '植物的生长{w}阳光。'],
  ['used to', 'This steel is {w} build bridges.'],
  ['用于', '这种材料{w}建造桥梁。'],
  ['就像', '心脏{w}水泵。'],
  ['driven by', 'Demand is {w} prices.'],
  ['驱动', '水车由水流{w}。'],
];

describe('phrase patterns', () => {
  const listed = PATTERNS.filter((p) => p.words);

  it('has one sample sentence per pattern built around a word list', () => {
    expect(listed.map((p) => p.words![0])).toEqual(SAMPLES.map(([first]) => first));
  });

  listed.forEach((p, i) => {
    const [first, sentence] = SAMPLES[i];
    it(`${p.relation} (${first} …): the pattern finds each word of its list whole`, () => {
      for (const word of p.words!) {
        p.re.lastIndex = 0;
        const found = p.re.exec(sentence.replace('{w}', word));
        expect(found?.[0] ?? '(no match)', word).toContain(word);
        expect(RELATION_WORDS[p.relation].test(sentence.replace('{w}', word)), `semantic check: ${word}`).toBe(true);
      }
    });
  });
});
