// Admission (docs/contracts/answers.md#admission, normalizeConsumptionAnswerHost): what of an answerer's draft may be shown.
// Ids the catalogue does not hold are dropped first; then every clause of a part must be supported by one of the
// part's remaining ids (gates.ts) or the whole part goes — an unrelated sentence cannot ride on a good id. What
// survives is rendered from the evidence alone (render.ts). insufficient and out_of_scope carry no parts, no
// citations and no follow-ups, whatever the draft held.
import { judgeClause } from './gates';
import { citationOf, fixedText, followUpsOf, renderPart, RENDER_LIMITS } from './render';
import type { AnswerDraft, AnswerLang, AnswerPart, AnswerStatus, EvidenceItem, GraphAnswerResult } from './types';
import { splitClauses } from './wording';

export const ADMISSION_LIMITS = { parts: 8, partChars: 1200, idsPerPart: 6 } as const;

const STATUSES: readonly AnswerStatus[] = ['answered', 'insufficient', 'out_of_scope'];

export type AdmittedAnswer = Pick<
  GraphAnswerResult,
  'status' | 'answer' | 'parts' | 'confidence' | 'citations' | 'followUps' | 'supportingNodeIds' | 'admission'
>;

export function admitAnswer(draft: AnswerDraft, catalogue: readonly EvidenceItem[], lang: AnswerLang): AdmittedAnswer {
  let status: AnswerStatus = (STATUSES as readonly string[]).includes(draft.status)
    ? (draft.status as AnswerStatus)
    : 'insufficient';
  const raw = typeof draft.confidence === 'number' && Number.isFinite(draft.confidence) ? draft.confidence : undefined;
  let confidence = Math.min(1, Math.max(0, raw ?? (status === 'answered' ? 0.6 : 0.3)));
  const byId = new Map(catalogue.map((ev) => [ev.id, ev]));
  const admission = { unknownEvidenceIds: 0, droppedParts: 0, proposedParts: draft.parts.length };

  const parts: AnswerPart[] = [];
  const used: EvidenceItem[] = [];
  /** The quotes shown so far, across parts: none is shown twice (render.ts). */
  const shown = new Set<string>();
  if (status === 'answered') {
    for (const proposed of draft.parts.slice(0, ADMISSION_LIMITS.parts)) {
      const text = String(proposed.text ?? '').slice(0, ADMISSION_LIMITS.partChars);
      const ids: string[] = [];
      for (const id of proposed.evidenceIds ?? []) {
        if (!byId.has(id)) admission.unknownEvidenceIds++;
        else if (!ids.includes(id) && ids.length < ADMISSION_LIMITS.idsPerPart) ids.push(id);
      }
      const clauses = splitClauses(text);
      const supporting = new Set<string>();
      let everyClause = clauses.length > 0;
      for (const clause of clauses) {
        const backers = ids.filter((id) => judgeClause(clause, byId.get(id)!) === 'supported');
        if (backers.length === 0) {
          everyClause = false;
          break;
        }
        backers.forEach((id) => supporting.add(id));
      }
      const kept = ids.filter((id) => supporting.has(id));
      if (!everyClause || kept.length === 0) {
        admission.droppedParts++;
        continue;
      }
      const items = kept.map((id) => byId.get(id)!);
      parts.push({ id: `part-${parts.length + 1}`, text: renderPart(items, lang, shown), evidenceIds: kept });
      for (const ev of items) if (!used.includes(ev)) used.push(ev);
    }
    if (parts.length === 0) {
      status = 'insufficient';
      confidence = Math.min(confidence, 0.35);
    }
  }

  if (status !== 'answered') {
    return {
      status,
      answer: fixedText(status, lang),
      parts: [],
      confidence,
      citations: [],
      followUps: [],
      supportingNodeIds: [],
      admission,
    };
  }
  const citations = used.slice(0, RENDER_LIMITS.citations).map(citationOf);
  const supportingNodeIds = [...new Set(citations.flatMap((c) => c.nodeIds))];
  return {
    status,
    answer: parts.map((p) => p.text).join('\n\n'),
    parts,
    confidence,
    citations,
    followUps: followUpsOf(citations, lang),
    supportingNodeIds,
    admission,
  };
}
