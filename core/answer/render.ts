// Deterministic rendering (docs/contracts/answers.md#rendering): what the reader sees of an admitted part is rebuilt from
// its evidence, one line per cited item; the answerer's own prose is never shown. Unit numbers are the product's
// (from 1: "原文 P3" is the unit the source pane numbers 3). Chinese for a Chinese question, else English.
import { RELATION_LABELS } from '../schema/vocabulary';
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

export function renderLine(ev: EvidenceItem, lang: AnswerLang): string {
  const zh = lang === 'zh';
  if (ev.targetKind === 'node') {
    const what = unstop(ev.nodeText || ev.quote);
    return zh
      ? `资料中的${nodeLabel(ev, lang)}：${what}。原文 P${ev.paragraph}：“${ev.quote}”`
      : `${nodeLabel(ev, lang)}: ${what}. Source P${ev.paragraph}: “${ev.quote}”`;
  }
  if (ev.targetKind === 'edge') {
    const relation = ev.relation ? RELATION_LABELS[ev.relation][lang] : '';
    const from = ev.fromNodeText ?? ev.fromNodeId ?? '';
    const to = unstop(ev.toNodeText ?? ev.toNodeId ?? '');
    return zh
      ? `资料中的关系提取：${from} —${relation}→ ${to}。关系原文 P${ev.paragraph}：“${ev.quote}”`
      : `Extracted relation: ${from} —${relation}→ ${to}. Relation source P${ev.paragraph}: “${ev.quote}”`;
  }
  return zh ? `原文 P${ev.paragraph}：“${ev.quote}”` : `Source P${ev.paragraph}: “${ev.quote}”`;
}

/** One part: a line per evidence item, at most 6 lines and 1200 characters. */
export function renderPart(items: readonly EvidenceItem[], lang: AnswerLang): string {
  const text = items
    .slice(0, RENDER_LIMITS.linesPerPart)
    .map((ev) => renderLine(ev, lang))
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
    relation: ev.relation,
    groundingStatus: ev.groundingStatus,
    entailmentStatus: ev.entailmentStatus,
  };
}

const safeId = (id: string) => id.replace(/[^A-Za-z0-9:_>-]/g, '').slice(0, RENDER_LIMITS.followUpChars);

/** Follow-up questions derived from the citations (never from the answerer's text): at most 3. */
export function followUpsOf(citations: readonly AnswerCitation[], lang: AnswerLang): string[] {
  const out: string[] = [];
  for (const c of citations) {
    if (out.length >= RENDER_LIMITS.followUps) break;
    let text: string;
    if (c.targetKind === 'source') {
      text =
        lang === 'zh'
          ? `原文 P${c.paragraph} 还直接支持哪些命题？`
          : `What else does source P${c.paragraph} directly support?`;
    } else if (c.targetKind === 'edge') {
      const key = safeId(`${c.fromNodeId}>${c.toNodeId}:${c.relation}`);
      text =
        lang === 'zh'
          ? `关系 ${key} 还有哪些已认证原文证据？`
          : `What other authenticated source evidence does relation ${key} have?`;
    } else {
      const key = safeId(c.targetId);
      text =
        lang === 'zh'
          ? `节点 ${key} 还有哪些已认证原文证据？`
          : `What other authenticated source evidence does node ${key} have?`;
    }
    if (!out.includes(text)) out.push(text);
  }
  return out;
}

export function fixedText(status: AnswerStatus, lang: AnswerLang): string {
  return status === 'out_of_scope' ? FIXED_TEXTS[lang].outOfScope : FIXED_TEXTS[lang].insufficient;
}
