// The strings of issue 26's small things in English and Chinese: the trust panel's model picker and the suggested
// questions that fill the ask box. A table of its own beside en.ts and zh.ts (pattern: fact-check.ts); zh is typed
// by en, so the two keep the same keys.
import type { Lang } from '../../../core/i18n/lang';

const en = {
  /** The trust panel's model picker (reviews, questions and fact-checks; the extractor stays in the input panel). */
  trustModel: 'Model for reviews and questions',
  trustModelNote: 'Used by the model review, questions and the fact-check; the extractor is chosen with the text.',
  /** A suggested question (the insights panel): the button fills the ask box with it. */
  topicAsk: 'Put this question in the “Ask this graph” box',
};

export type SmallThingsMessages = typeof en;

const zh: SmallThingsMessages = {
  trustModel: '审核与提问所用模型',
  trustModelNote: '用于模型审核、提问和外部核查；抽取器在输入文本处选择。',
  topicAsk: '把这个问题填入“使用这张知识图”的提问框',
};

export function smallThingsStrings(lang: Lang): SmallThingsMessages {
  return lang === 'zh' ? zh : en;
}
