// Does one evidence item support one clause? (docs/contracts/answers.md#admission, consumptionEvidenceSupportsPartHost.)
// Three gates, all judged on the clause itself so that a caveat in one clause cannot cover another:
//   authority  evidence marked unsupported needs wording that denies it authority; candidate, uncertain or
//              unverified evidence needs hedged wording ("资料表述…", "the source states…");
//   polarity   a clause that shares content with the evidence but flips its negation is refused;
//   lexical    the clause must share enough content tokens with the evidence.
import { normalizeForQuery } from '../query/text';
import type { EvidenceItem } from './types';
import { gateTokens, isCaveated, isNegated, rejectsAuthority } from './wording';

export type GateVerdict = 'supported' | 'authority' | 'polarity' | 'lexical' | 'empty';

/** The text a clause is compared with: the quote and what the evidence is about. */
export function supportText(ev: EvidenceItem): string {
  return [ev.quote, ev.nodeText, ev.relation, ev.fromNodeText, ev.toNodeText].filter(Boolean).join('\n');
}

export function authorityAllows(
  clause: string,
  ev: Pick<EvidenceItem, 'groundingStatus' | 'entailmentStatus'>,
): boolean {
  if (ev.groundingStatus === 'unsupported' || ev.entailmentStatus === 'unsupported') return rejectsAuthority(clause);
  if (
    ev.groundingStatus === 'candidate' ||
    ev.entailmentStatus === 'uncertain' ||
    ev.entailmentStatus === 'unverified'
  ) {
    return isCaveated(clause);
  }
  return true;
}

export function judgeClause(clause: string, ev: EvidenceItem): GateVerdict {
  if (!authorityAllows(clause, ev)) return 'authority';
  const support = supportText(ev);
  const clauseTokens = gateTokens(clause);
  const evidenceTokens = gateTokens(support);
  if (clauseTokens.size === 0 || evidenceTokens.size === 0) return 'empty';
  let overlap = 0;
  for (const t of clauseTokens) if (evidenceTokens.has(t)) overlap++;
  const partCoverage = overlap / clauseTokens.size;
  const evidenceCoverage = overlap / evidenceTokens.size;
  if (overlap >= 2 && isNegated(clause) !== isNegated(support)) return 'polarity';
  const quote = normalizeForQuery(ev.quote);
  if (quote.length >= 4 && normalizeForQuery(clause).includes(quote) && partCoverage >= 0.28) return 'supported';
  if (overlap >= 2 && (partCoverage >= 0.35 || evidenceCoverage >= 0.45)) return 'supported';
  return 'lexical';
}
