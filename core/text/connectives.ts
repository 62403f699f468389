// Connectives that refer back to what was just said, as word lists and regex alternations. One home for the heuristic
// extractor's cue lexicon (core/extractors/heuristic/cues.ts), which links on them, and the edge grounding rule
// (core/extract/edge-grounding.ts), which accepts an edge quoted from a sentence that opens on them.

/** Conclusion adverbs, which refer back even inside the sentence, without a comma ("X may therefore Y", 人们因此…). */
export const CONCLUDING_EN = ['therefore', 'thus', 'hence', 'consequently'] as const;
export const CONCLUDING_ZH = ['因此', '因而'] as const;

/**
 * Connectives that, set off by commas after the subject ("Pink streaks, however, indicate …"), speak for the whole
 * sentence: the extractor keeps such a sentence whole (clauses.ts) and the grounding rule reads it as referring back.
 */
export const ASIDE_CONNECTIVES = [
  'however',
  'for example',
  'for instance',
  ...CONCLUDING_EN,
  'nevertheless',
  'nonetheless',
  'by comparison',
  'in comparison',
  'on the other hand',
  'in contrast',
  'by contrast',
  'in other words',
] as const;

/** A restatement: what follows is what the sentence before amounts to ("In other words, …", 也就是说，…). */
export const RESTATING_EN = ['in other words', 'that is to say', 'put differently', 'to put it another way'] as const;
export const RESTATING_ZH = ['也就是说', '换句话说', '换言之'] as const;

/** "Due to such monitoring, …", "Thanks to these rules, …": what was just said brought this about. */
export const OWING_TO_THIS = String.raw`(?:because of|due to|thanks to|owing to|as a result of)\s+(?:this|that|these|those|such)`;
/** Verbs of causing after a subject ("This led to …", "Smoking causes …": phrases.ts adds the base forms). */
export const CAUSING_EN = [
  'led to',
  'leads to',
  'lead to',
  'causes',
  'caused',
  'results in',
  'resulted in',
  'gives rise to',
  'gave rise to',
  'triggers',
  'triggered',
] as const;
/** "This led to …", "This causes …" (not "This makes": what it makes is no clause of its own). */
export const THIS_CAUSES_EN = String.raw`(?:this|that)\s+(?:(?:has|have|had|can|could|will|would|may|might|often|usually|also|in\s+turn)\s+)?(?:${CAUSING_EN.map((w) => w.replace(/ /g, String.raw`\s+`)).join('|')})`;
/** 这使得…, 这导致了…: 这 stands for what was just said. */
export const THIS_CAUSES_ZH = '这(?:就|也)?(?:使得|使|导致了?|造成了?|引起了?|让)';
/** 正因如此, 正因为如此, 也正是因为这样 …: because of what was just said. */
export const BECAUSE_OF_THIS_ZH = '(?:也)?正(?:是)?因(?:为)?(?:如此|这样)';

/**
 * A sentence that calls itself an example ("Almonds are a striking case: …", "华北平原就是一个典型的例子：…")
 * refers back like one opening with "For example". Group 1 is the cue (the extractor links on it, the grounding rule
 * reads it as referring back).
 */
export const SELF_EXAMPLE_EN =
  /^[^,;:.!?]{2,80}?\s((?:is|are|was|were)\s+(?:a|an|another|one)\s+(?:(?:good|great|striking|classic|typical|clear|prime|notable|famous|well-known|telling|vivid|textbook)\s+)?(?:example|case|instance|illustration)|(?:is|are)\s+a\s+case\s+in\s+point)(?![A-Za-z])/i;
export const SELF_EXAMPLE_ZH =
  /^[^，,。；;！!？?]{1,30}?((?:就|便|正|也)?是(?:一个|一种|一则)?(?:典型的?|很好的?|突出的?|生动的?|最好的?|明显的?)?(?:例子|案例|实例|范例|例证))/;
