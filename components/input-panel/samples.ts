// Two short sample texts for the first screen, written by the kg-workbench project for this demo (no third-party
// text). Each uses the cues the built-in extractor types (definitions, causes, examples, rules, contrasts), so a
// first try without any model configured already gives a connected graph.
export interface SampleText {
  id: 'zh' | 'en';
  title: string;
  text: string;
}

export const SAMPLE_TEXTS: readonly SampleText[] = [
  {
    id: 'zh',
    title: '熵与热力学第二定律',
    text: [
      '所谓熵，是指衡量系统无序程度的物理量。',
      '热力学第二定律是一种关于能量转化方向的规律。',
      '因为热量总是自发地从高温物体流向低温物体，所以孤立系统的熵不会减少。',
      '例如，一杯热水放在室温中会逐渐冷却，而不会自己变得更热。',
      '但是，冰箱可以让热量从低温处流向高温处，因为它消耗了外部的电能。',
      '因此，任何热机都不可能把吸收的热量全部转化为功。',
    ].join(''),
  },
  {
    id: 'en',
    title: 'How plants make sugar',
    text: [
      'Photosynthesis is a process that turns light energy into chemical energy.',
      'Chlorophyll is a pigment that absorbs red and blue light.',
      'Leaves look green because chlorophyll reflects green light.',
      'For example, a maple leaf turns red in autumn when its chlorophyll breaks down.',
      'Plants must take in carbon dioxide to build sugar.',
      'However, a plant in the dark cannot photosynthesise, because it has no light to drive the reaction.',
      'Therefore, a plant kept in the dark slowly uses up its stored sugar.',
    ].join(' '),
  },
];
