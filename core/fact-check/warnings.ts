// A fact-check's warnings in words for readers (docs/contracts/fact-check.md#report): the report keeps its codes
// (`wikipedia_unavailable:zh:network`, `fact_verdict_downgraded_no_quote:c3`, …) for programs; the panel shows what
// happened and what it means. A claim is named by its number in the report (c3 → claim 3), never by its id.
import type { Lang } from '../i18n/lang';

const WIKI = { en: 'Wikipedia', zh: '维基百科' } as const;
const WIKI_LANG = { en: { zh: 'Chinese', en: 'English' }, zh: { zh: '中文', en: '英文' } } as const;

const CAUSES = {
  en: { network: 'the network failed', timeout: 'it did not answer in time', bad_json: 'its answer could not be read' },
  zh: { network: '网络连接失败', timeout: '响应超时', bad_json: '返回内容无法解析' },
} as const;

function cause(code: string, lang: Lang): string {
  const known = CAUSES[lang][code as keyof (typeof CAUSES)['en']];
  if (known) return known;
  const http = /^http_(\d{3})$/.exec(code);
  if (http) return lang === 'zh' ? `服务器返回错误 ${http[1]}` : `it answered with error ${http[1]}`;
  return lang === 'zh' ? '服务出错' : 'it answered with an error';
}

function wikiName(lang: Lang, wikiLang: string): string {
  const name = WIKI_LANG[lang][wikiLang as 'zh' | 'en'];
  return name ? (lang === 'zh' ? `${name}${WIKI.zh}` : `${name} ${WIKI.en}`) : WIKI[lang];
}

const claimNo = (id: string) => /^c(\d+)$/.exec(id)?.[1] ?? '?';

/** The evidence sources a report's warnings say failed, named for readers (empty when none did). */
export function failedSources(warnings: readonly string[], lang: Lang = 'en'): string[] {
  const out = new Set<string>();
  for (const w of warnings) {
    const m = /^wikipedia_(?:unavailable|skipped):(\w+):/.exec(w);
    if (m) out.add(wikiName(lang, m[1]!));
  }
  return [...out];
}

/** One warning code as a sentence in the reader's language. */
export function describeFactCheckWarning(code: string, lang: Lang): string {
  const zh = lang === 'zh';
  const [kind = '', a = '', b = ''] = code.split(':');
  switch (kind) {
    case 'wikipedia_unavailable':
      return zh
        ? `${wikiName(lang, a)}无法访问（${cause(b, lang)}）：需要它的声明没有外部证据，只能判为证据不足。`
        : `${wikiName(lang, a)} could not be reached (${cause(b, lang)}): the claims that needed it had no outside evidence and were left insufficient.`;
    case 'wikipedia_skipped':
      return zh
        ? `${wikiName(lang, a)}多次失败后不再查询：之后的声明没有它的证据。`
        : `${wikiName(lang, a)} was not asked again after repeated failures: later claims had none of its evidence.`;
    case 'fact_evidence_quote_not_found':
      return zh
        ? `第 ${claimNo(a)} 项声明：模型给出的引文不在它引用的证据中，已删除。`
        : `Claim ${claimNo(a)}: the quote the model gave is not in the evidence it cited, so it was removed.`;
    case 'fact_evidence_quote_off_topic':
      return zh
        ? `第 ${claimNo(a)} 项声明：模型给出的引文没有提到该声明所谈的内容，不能作为依据，已删除。`
        : `Claim ${claimNo(a)}: the quote the model gave does not name what the claim is about, so it is no support and was removed.`;
    case 'fact_verdict_downgraded_no_evidence':
      return zh
        ? `第 ${claimNo(a)} 项声明：裁决没有引用任何证据，改为证据不足。`
        : `Claim ${claimNo(a)}: the verdict cited no evidence, so it was lowered to insufficient.`;
    case 'fact_verdict_downgraded_no_quote':
      return zh
        ? `第 ${claimNo(a)} 项声明：裁决没有可核对的证据引文，改为证据不足。`
        : `Claim ${claimNo(a)}: the verdict had no evidence quote that could be checked, so it was lowered to insufficient.`;
    case 'fact_verdict_dropped':
      return zh
        ? '模型对一项不存在的声明给出了裁决，已忽略。'
        : 'The model judged a claim that is not in the report; that verdict was ignored.';
    case 'fact_verdicts_missing':
      return zh ? '模型没有返回约定格式的裁决。' : 'The model did not answer with verdicts in the agreed form.';
    case 'fact_claims_capped':
      return zh
        ? `可核查的声明有 ${a} 项，只核查了前 ${b} 项。`
        : `${a} claims could be checked; only the first ${b} were.`;
    default:
      return zh ? '核查过程中出现了一个问题。' : 'Something went wrong during the check.';
  }
}
