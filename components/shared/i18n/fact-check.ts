// The fact-check panel's interface text in English and Chinese (docs/contracts/fact-check.md#workbench for the Chinese wording). It is
// a table of its own beside en.ts and zh.ts, imported only by the lazily loaded fact-check tab, so these strings are
// not in the workbench's first load; zh is typed by en, so the two keep the same keys. The tab's own label is in
// en.ts / zh.ts (trust.tabs.factCheck). Counts use plural() forms, read with pluralForm().
import { LOCALES, type Lang } from '../../../core/i18n/lang';
import { format } from '../i18n';
import { plural, type Plural } from './plural';

const en = {
  heading: 'External fact-check',
  intro:
    'Checks the graph’s checkable claims (facts, rules, definitions, claims, inferences, counter-examples; at most 60) against outside evidence.',
  modeLabel: 'Mode',
  mode: { quick: 'Quick', deep: 'Deep' },
  modeNote: {
    quick: 'Quick mode: the model’s own knowledge only; the verdicts are hints.',
    deep: 'Deep mode: every verdict is bound to retrieved evidence; follow the links to check it.',
  },
  sources: 'Evidence sources',
  wikipedia: 'Wikipedia',
  rulesLabel: 'Rule sources (optional)',
  rulesPlaceholder:
    'Paste laws, policies, textbook passages or standards. When filled in, the check uses Wikipedia and these rules.',
  rulesHint: plural({ one: 'Will attach {n} rule passage.', other: 'Will attach {n} rule passages.' }),
  rulesCount: '{n} / {max} characters',
  needsSource: 'Deep mode needs a source: keep Wikipedia or paste rules.',
  start: 'Start fact-check',
  recheck: 'Check again',
  running: 'Checking…',
  cancel: 'Cancel',
  withModel: 'Model: {id}',
  needsModel:
    'Fact-checking is unavailable: a language model judges each claim, and none is configured on this server.',
  noReport: 'No fact-check yet for this document.',
  stale: '⚠ The graph has changed since this report (it covers revision {r}); check again.',
  reportLine: '{mode} · revision {r} · {model}',
  metrics: 'Fact-check metrics',
  total: plural({ one: '{n} claim', other: '{n} claims' }),
  rate: 'Supported {p}% of the {n} judged against evidence',
  noneJudged: 'No claim was judged against evidence',
  verdict: {
    supported: 'Supported',
    contradicted: 'Contradicted',
    partially_supported: 'Partly supported',
    insufficient: 'Insufficient evidence',
    unverifiable: 'Unverifiable',
    out_of_scope: 'Out of scope',
  },
  claims: 'Claims',
  noClaims: 'The report has no claims.',
  checkworthy: 'check-worthy {p}%',
  confidence: 'confidence {p}%',
  evidenceQuote: 'Evidence quote:',
  evidence: 'Evidence',
  newTab: '(opens in a new tab)',
  correction: 'Suggested correction:',
  locate: 'Locate in graph',
  // Accessible names start with the visible label (WCAG 2.5.3), then say which claim.
  locateLabel: 'Locate in graph: claim {id}, node {node}',
  ignore: 'Ignore',
  ignoreLabel: 'Ignore: claim {id}',
  ignored: 'Ignored',
  ignoredToast: 'The external challenge was ignored.',
  warnings: 'Warnings ({n})',
};

export type FactCheckMessages = typeof en;

const zh: FactCheckMessages = {
  heading: '外部事实核查',
  intro: '用外部证据核查知识图中可核查的声明（事实、规则、定义、主张、推论、反例；最多 60 条）。',
  modeLabel: '模式',
  mode: { quick: '快速', deep: '深度' },
  modeNote: {
    quick: '快速模式：仅基于模型知识，结论仅供提示。',
    deep: '深度模式：结论均绑定检索证据，可点击链接核对。',
  },
  sources: '证据来源',
  wikipedia: 'Wikipedia',
  rulesLabel: '领域规则来源（可选）',
  rulesPlaceholder:
    '领域规则来源（可选）：粘贴法条、制度、教材、标准等文本。填写后核查会同时使用 Wikipedia 与这些规则。',
  rulesHint: plural({ other: '将附带 {n} 段规则。' }),
  rulesCount: '{n} / {max} 字符',
  needsSource: '深度核查至少需要一个证据来源：保留 Wikipedia 或粘贴规则。',
  start: '开始外部核查',
  recheck: '重新核查',
  running: '核查中…',
  cancel: '取消',
  withModel: '模型：{id}',
  needsModel: '外部事实核查不可用：每条声明需由语言模型裁决，但本服务器尚未配置模型。',
  noReport: '本文档还没有外部事实核查报告。',
  stale: '⚠ 图已追加更新，本报告只覆盖旧版本（修订 {r}），建议重新核查。',
  reportLine: '{mode} · 修订 {r} · {model}',
  metrics: '核查指标',
  total: plural({ other: '共 {n} 条声明' }),
  rate: '对照证据裁决的 {n} 项中支持 {p}%',
  noneJudged: '没有声明对照证据裁决',
  verdict: {
    supported: '支持',
    contradicted: '矛盾',
    partially_supported: '部分支持',
    insufficient: '证据不足',
    unverifiable: '无法核查',
    out_of_scope: '超出范围',
  },
  claims: '声明',
  noClaims: '报告中没有声明。',
  checkworthy: '可核查 {p}%',
  confidence: '置信 {p}%',
  evidenceQuote: '证据引文：',
  evidence: '证据',
  newTab: '（在新标签页打开）',
  correction: '修正建议：',
  locate: '在图中定位',
  locateLabel: '在图中定位：声明 {id}，节点 {node}',
  ignore: '忽略',
  ignoreLabel: '忽略：声明 {id}',
  ignored: '已忽略',
  ignoredToast: '已忽略该外部质疑',
  warnings: '警告（{n}）',
};

export function factCheckStrings(lang: Lang): FactCheckMessages {
  return lang === 'zh' ? zh : en;
}

/** A plural() message for the count `n` in the language's form ("1 claim", "2 claims"). */
export function pluralForm(lang: Lang, message: Plural, n: number): string {
  const form = message[new Intl.PluralRules(LOCALES[lang]).select(n)] ?? message.other;
  return format(lang, form, { n: n.toLocaleString(LOCALES[lang]) });
}
