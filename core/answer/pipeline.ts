// One answer from a retrieval (docs/contracts/answers.md#pipeline): the source fallback joins the retrieval's units, the early
// `insufficient` outcomes are decided, the evidence catalogue is built — prepareAnswer; an answerer (a model or
// builtin:extractive) drafts; finishAnswer admits and renders. Pure: the Durable Object's answer task and the
// browser's static mode run the same two steps around their own retrieval and answerer.
import type { GraphQueryResult } from '../query/types';
import { admitAnswer } from './admit';
import { buildCatalogue } from './catalogue';
import { FIXED_TEXTS } from './render';
import type {
  AnswerDraft,
  AnswerLang,
  AnswerRetrieval,
  AnswererKind,
  EvidenceItem,
  FallbackUnit,
  GraphAnswerResult,
} from './types';
import { langOfQuestion } from './wording';

/** Source units the answer adds to the retrieval's: the same caps as a query's (80 units, 24,000 characters). */
const SOURCE_CAPS = { units: 80, chars: 24_000 } as const;

export interface PreparedAnswer {
  question: string;
  lang: AnswerLang;
  documentId: string;
  revision: number;
  retrieval: AnswerRetrieval | null;
  catalogue: EvidenceItem[];
  /** Set when the answer is decided before any answerer runs (nothing to cite). */
  early: string | null;
}

export interface PrepareInput {
  question: string;
  documentId: string;
  revision: number;
  /** null when the document has no graph to query. */
  retrieval: GraphQueryResult | null;
  /** Canonical unit texts by number: every unit the retrieval's evidence cites, and the fallback's. */
  units: ReadonlyMap<number, string>;
  fallback: readonly FallbackUnit[];
  /** Whether the fallback scan ran (false in a mode without canonical units). */
  fallbackEvaluated: boolean;
}

export function prepareAnswer(input: PrepareInput): PreparedAnswer {
  const lang = langOfQuestion(input.question);
  const base = { question: input.question, lang, documentId: input.documentId, revision: input.revision };
  if (!input.retrieval) return { ...base, retrieval: null, catalogue: [], early: FIXED_TEXTS[lang].noGraph };
  const retrieval = withFallback(input.retrieval, input.fallback, input.fallbackEvaluated);
  const added = retrieval.sourceUnits
    .filter((u) => u.sourceFallback)
    .map((u) => ({ paragraph: u.paragraph, text: u.text, score: 0 }));
  if (retrieval.matches.length === 0 && added.length === 0)
    return { ...base, retrieval, catalogue: [], early: FIXED_TEXTS[lang].nothingFound };
  const catalogue = buildCatalogue({
    retrieval: input.retrieval,
    units: input.units,
    fallback: added,
    question: input.question,
  });
  retrieval.metrics.evidenceItems = catalogue.length;
  if (catalogue.length === 0) return { ...base, retrieval, catalogue, early: FIXED_TEXTS[lang].emptyCatalogue };
  return { ...base, retrieval, catalogue, early: null };
}

export interface AnswerMeta {
  model: string;
  answerer: AnswererKind;
  createdAt: number;
}

/** The result: the early outcome, or the draft admitted against the catalogue and rendered. */
export function finishAnswer(prepared: PreparedAnswer, draft: AnswerDraft | null, meta: AnswerMeta): GraphAnswerResult {
  const head = {
    question: prepared.question,
    lang: prepared.lang,
    documentId: prepared.documentId,
    revision: prepared.revision,
    retrieval: prepared.retrieval,
    model: meta.model,
    answerer: meta.answerer,
    createdAt: meta.createdAt,
  };
  if (prepared.early !== null || draft === null) {
    return {
      ...head,
      status: 'insufficient',
      answer: prepared.early ?? FIXED_TEXTS[prepared.lang].insufficient,
      parts: [],
      confidence: 0.3,
      citations: [],
      followUps: [],
      supportingNodeIds: [],
      admission: { unknownEvidenceIds: 0, droppedParts: 0, proposedParts: 0 },
    };
  }
  return { ...head, ...admitAnswer(draft, prepared.catalogue, prepared.lang) };
}

/** The retrieval with the fallback's units added (flagged sourceFallback) under the source caps, and its metrics. */
function withFallback(
  retrieval: GraphQueryResult,
  fallback: readonly FallbackUnit[],
  evaluated: boolean,
): AnswerRetrieval {
  const sourceUnits: AnswerRetrieval['sourceUnits'] = [...retrieval.sourceUnits];
  const have = new Set(sourceUnits.map((u) => u.paragraph));
  let chars = sourceUnits.reduce((sum, u) => sum + u.text.length, 0);
  let added = 0;
  for (const unit of fallback) {
    if (have.has(unit.paragraph) || sourceUnits.length >= SOURCE_CAPS.units) continue;
    if (chars + unit.text.length > SOURCE_CAPS.chars) continue;
    const nodeIds = retrieval.graph.nodes.filter((n) => n.paragraph === unit.paragraph).map((n) => n.id);
    sourceUnits.push({ paragraph: unit.paragraph, text: unit.text, nodeIds, edgeIds: [], sourceFallback: true });
    have.add(unit.paragraph);
    chars += unit.text.length;
    added++;
  }
  return {
    ...retrieval,
    sourceUnits,
    metrics: {
      ...retrieval.metrics,
      sourceUnits: sourceUnits.length,
      sourceFallbackUnits: added,
      sourceFallbackEvaluated: evaluated,
      evidenceItems: 0,
    },
  };
}
