// Deterministic rendering (docs/contracts/answers.md#rendering): what the reader sees of an admitted part is rebuilt from
// its evidence, one line per cited item; the answerer's own prose is never shown. Unit numbers are the product's
// (from 1), named as the source pane names them ("Unit 3" / "第 3 段", core/i18n/unit-name.ts). Chinese for a Chinese
// question, else English. Nothing a reader sees names a node id or a relation key: nodes go by their text.
import { RELATION_LABELS } from '../schema/vocabulary';
import { unitName } from '../i18n/unit-name';
import { shortPhrase } from '../text/short-phrase';
import type { AnswerCitation, AnswerLang, AnswerStatus, EvidenceItem } from './types';

export const RENDER_LIMITS = {
  linesPerPart: 6,
  partChars: 1200,
  citations: 12,
  followUps: 3,
  followUpChars: 120,
} as const;

const STATUS_LABEL = {
  zh: {
    verified: '语义已验证知识节点',
    unsupported: '不受支持的知识图提取',
    uncertain: '不确定的知识图提取',
    unverified: '未验证的知识图提取',
  },
  en: {
    verified: 'Verified graph node',
    unsupported: 'Unsupported graph extraction',
    uncertain: 'Uncertain graph extraction',
    unverified: 'Unverified graph extraction',
  },
} as const;

export const FIXED_TEXTS = {
  zh: {
    noGraph: '当前没有可查询的 canonical knowledge graph。',
    nothingFound: '当前知识图和原文都没有检索到与问题直接相关的证据。',
    emptyCatalogue: '检索到了相关节点，但没有可认证的节点或关系证据。',
    outOfScope: '该问题超出当前知识图与原文证据范围。',
    insufficient: '当前检索到的知识与原文证据不足以回答该问题。',
  },
  en: {
    noGraph: 'There is no knowledge graph to query yet.',
    nothingFound: 'Neither the graph nor the source text has evidence directly related to the question.',
    emptyCatalogue:
      'Related nodes were found, but none of them has node or relation evidence that could be authenticated.',
    outOfScope: 'The question is outside the evidence of this graph and its source text.',
    insufficient: 'The evidence found in the graph and the source text is not enough to answer the question.',
  },
} as const;

/** The node's label: the grounding decides "unsupported" first, then the entailment. */
function nodeLabel(ev: EvidenceItem, lang: AnswerLang): string {
  const key = ev.groundingStatus === 'unsupported' ? 'unsupported' : ev.entailmentStatus;
  return STATUS_LABEL[lang][key];
}

/** A text that is followed by the line's own full stop loses its final punctuation ("…batch." + "." reads badly). */
const unstop = (text: string) => text.replace(/[\s.。!！?？;；]+$/u, '');

/** Whitespace-free, for comparing a quote with the quotes already shown. */
const squashed = (text: string) => text.replace(/\s+/g, '');

/**
 * The quote as this line shows it: whole the first time; a quote shown above is not said again ("quoted above"), and
 * one that holds a quote shown above shows that part as "…" — a reader never reads the same sentence twice, and
 * what is shown stays verbatim.
 */
function quoteShown(quote: string, shown: Set<string>): string | null {
  const q = squashed(quote);
  if (!q || shown.has(q)) return null;
  let out = quote;
  for (const earlier of shown) {
    if (earlier.length < 8 || !q.includes(earlier)) continue;
    // Find the earlier quote in this one modulo whitespace: walk both, skipping spaces.
    const at = indexModuloSpace(out, earlier);
    if (at) out = `${out.slice(0, at.start)}…${out.slice(at.end)}`.replace(/…\s*…/g, '…').trim();
  }
  shown.add(q);
  return out;
}

function indexModuloSpace(text: string, needle: string): { start: number; end: number } | null {
  for (let start = 0; start < text.length; start++) {
    let i = start;
    let j = 0;
    while (i < text.length && j < needle.length) {
      if (/\s/.test(text[i]!)) i++;
      else if (text[i] === needle[j]) {
        i++;
        j++;
      } else break;
    }
    if (j === needle.length) return { start, end: i };
  }
  return null;
}

/**
 * One evidence item as a line. `shown` holds the quotes the answer has shown so far (squashed); the line adds its own.
 * A node whose text is its quote (the built-in extractor's) is not stated twice: its label, its unit, its quote.
 */
export function renderLine(ev: EvidenceItem, lang: AnswerLang, shown: Set<string> = new Set()): string {
  const zh = lang === 'zh';
  const unit = unitName(ev.paragraph, lang);
  const quote = quoteShown(ev.quote, shown);
  const cite = zh
    ? quote === null
      ? `（${unit}，引文见上）`
      : `原文${unit}：“${quote}”`
    : quote === null
      ? `(${unit}, quoted above)`
      : `${unit}: “${quote}”`;
  if (ev.targetKind === 'node') {
    const what = unstop(ev.nodeText || ev.quote);
    const same = squashed(what) === squashed(unstop(ev.quote));
    if (same && quote !== null)
      return zh
        ? `资料中的${nodeLabel(ev, lang)}，${cite}`
        : `${nodeLabel(ev, lang)}, ${cite.replace(/^Unit/, 'unit')}`;
    return zh ? `资料中的${nodeLabel(ev, lang)}：${what}。${cite}` : `${nodeLabel(ev, lang)}: ${what}. ${cite}`;
  }
  if (ev.targetKind === 'edge') {
    const relation = ev.relation ? RELATION_LABELS[ev.relation][lang] : '';
    const from = unstop(ev.fromNodeText ?? '');
    const to = unstop(ev.toNodeText ?? '');
    return zh
      ? `资料中的关系提取：“${from}” —${relation}→ “${to}”。关系${cite}`
      : `Extracted relation: “${from}” —${relation}→ “${to}”. ${cite}`;
  }
  return cite;
}

/** One part: a line per evidence item, at most 6 lines and 1200 characters; `shown` spans the answer's parts. */
export function renderPart(items: readonly EvidenceItem[], lang: AnswerLang, shown: Set<string> = new Set()): string {
  const text = items
    .slice(0, RENDER_LIMITS.linesPerPart)
    .map((ev) => renderLine(ev, lang, shown))
    .join('\n');
  return text.length > RENDER_LIMITS.partChars ? `${text.slice(0, RENDER_LIMITS.partChars - 1)}…` : text;
}

export function citationOf(ev: EvidenceItem): AnswerCitation {
  const nodeId = ev.targetKind === 'node' ? ev.targetId : (ev.fromNodeId ?? ev.nodeIds[0] ?? null);
  return {
    id: ev.id,
    targetKind: ev.targetKind,
    targetId: ev.targetId,
    nodeId,
    nodeIds: ev.nodeIds,
    paragraph: ev.paragraph,
    quote: ev.quote,
    documentId: ev.documentId,
    sourceId: ev.sourceId,
    chunkId: ev.chunkId,
    sectionId: ev.sectionId,
    sectionTitle: ev.sectionTitle,
    nodeType: ev.nodeType,
    nodeText: ev.nodeText,
    fromNodeId: ev.fromNodeId,
    toNodeId: ev.toNodeId,
    fromNodeText: ev.fromNodeText ?? null,
    toNodeText: ev.toNodeText ?? null,
    relation: ev.relation,
    groundingStatus: ev.groundingStatus,
    entailmentStatus: ev.entailmentStatus,
  };
}

/** Characters of a node's text a follow-up quotes (the question stays within RENDER_LIMITS.followUpChars). */
const FOLLOW_UP_TERM_CHARS = 36;

/** A node's text short enough to quote in a question. */
const termOf = (text: string | null) => shortPhrase(text ?? '', FOLLOW_UP_TERM_CHARS);

/**
 * Follow-up questions derived from the citations (never from the answerer's text): at most 3, each naming what it
 * asks about by its words (a node's text, a unit's number), never an id. A citation whose text is missing gives none.
 */
export function followUpsOf(citations: readonly AnswerCitation[], lang: AnswerLang): string[] {
  const zh = lang === 'zh';
  const out: string[] = [];
  for (const c of citations) {
    if (out.length >= RENDER_LIMITS.followUps) break;
    let text = '';
    if (c.targetKind === 'source') {
      text = zh
        ? `${unitName(c.paragraph, lang)}还说了什么？`
        : `What else does ${unitName(c.paragraph, lang).toLowerCase()} say?`;
    } else if (c.targetKind === 'edge') {
      const from = termOf(c.fromNodeText);
      const to = termOf(c.toNodeText);
      if (from && to)
        text = zh
          ? `原文还有哪些证据说明“${from}”与“${to}”的关系？`
          : `What else in the text links “${from}” and “${to}”?`;
    } else {
      const term = termOf(c.nodeText);
      if (term) text = zh ? `原文还怎样说“${term}”？` : `What else does the text say about “${term}”?`;
    }
    if (text && !out.includes(text)) out.push(text.slice(0, RENDER_LIMITS.followUpChars));
  }
  return out;
}

export function fixedText(status: AnswerStatus, lang: AnswerLang): string {
  return status === 'out_of_scope' ? FIXED_TEXTS[lang].outOfScope : FIXED_TEXTS[lang].insufficient;
}
