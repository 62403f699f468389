// The judge's answer made safe (docs/contracts/fact-check.md#judge). Verdicts only for claims of the batch, from the known
// vocabulary; evidence only through ids the batch was given; in deep mode a quote must be in a cited item and name what
// the claim is about, and a
// supporting or contradicting verdict without evidence or without a quote falls to insufficient; quick mode caps
// confidence at 0.6 and keeps no evidence. Every change is named in a warning.
import { isRecord, textField } from '../review/json';
import type { JudgeBatch } from './prompt';
import { JUDGE_LIMITS } from './prompt';
import type { ClaimSeed } from './select';
import { isMostlyCjk, quoteIsAbout, squash } from './text';
import {
  FACT_VERDICTS,
  QUICK_CONFIDENCE_CAP,
  type FactCheckClaim,
  type FactCheckMode,
  type FactEvidence,
  type FactVerdict,
} from './types';

/** Evidence items kept on one claim (the panel shows three). */
export const MAX_CLAIM_EVIDENCE = 5;
const BOUND: ReadonlySet<FactVerdict> = new Set(['supported', 'contradicted', 'partially_supported']);
const DEFAULT_CONFIDENCE = 0.5;

export interface NormalisedBatch {
  claims: FactCheckClaim[];
  warnings: string[];
}

export function normaliseVerdicts(raw: unknown, batch: JudgeBatch, mode: FactCheckMode): NormalisedBatch {
  const warnings: string[] = [];
  const seeds = new Map(batch.claims.map((c) => [c.id, c]));
  const catalogue = new Map(batch.evidence.map((e) => [e.id, e]));
  const judged = new Map<string, FactCheckClaim>();
  const list = isRecord(raw) && Array.isArray(raw.verdicts) ? raw.verdicts : [];
  if (!isRecord(raw) || !Array.isArray(raw.verdicts)) warnings.push('fact_verdicts_missing');

  for (const item of list) {
    if (!isRecord(item)) continue;
    const claimId = textField(item.claimId, 40);
    const seed = seeds.get(claimId);
    if (!seed) {
      warnings.push(`fact_verdict_dropped:missing_claim:${claimId.slice(0, 40)}`);
      continue;
    }
    if (judged.has(claimId)) continue;
    judged.set(claimId, mode === 'quick' ? quickClaim(seed, item) : deepClaim(seed, item, catalogue, warnings));
  }
  const claims = batch.claims.map((seed) => judged.get(seed.id) ?? unanswered(seed));
  return { claims, warnings };
}

function verdictOf(value: unknown): FactVerdict {
  return (FACT_VERDICTS as readonly unknown[]).includes(value) ? (value as FactVerdict) : 'insufficient';
}

function confidenceOf(value: unknown): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : DEFAULT_CONFIDENCE;
  return Math.min(1, Math.max(0, n));
}

function base(seed: ClaimSeed, item: Record<string, unknown>): FactCheckClaim {
  return {
    ...seed,
    status: 'open',
    verdict: verdictOf(item.verdict),
    confidence: confidenceOf(item.confidence),
    rationale: textField(item.rationale, JUDGE_LIMITS.rationale),
    correction: textField(item.correction, JUDGE_LIMITS.correction),
    evidence: [],
    evidenceQuote: textField(item.evidenceQuote, JUDGE_LIMITS.quote),
  };
}

function deepClaim(
  seed: ClaimSeed,
  item: Record<string, unknown>,
  catalogue: ReadonlyMap<string, FactEvidence>,
  warnings: string[],
): FactCheckClaim {
  const claim = base(seed, item);
  const ids = Array.isArray(item.evidenceIds) ? item.evidenceIds : [];
  const cited = [...new Set(ids.filter((id): id is string => typeof id === 'string'))]
    .map((id) => catalogue.get(id))
    .filter((e): e is FactEvidence => Boolean(e));
  claim.evidence = cited.slice(0, MAX_CLAIM_EVIDENCE);
  // 1. A quote that is in none of the cited items (compared without whitespace) is blanked.
  if (claim.evidenceQuote) {
    const quote = squash(claim.evidenceQuote);
    if (!claim.evidence.some((e) => squash(e.snippet).includes(quote))) {
      claim.evidenceQuote = '';
      warnings.push(`fact_evidence_quote_not_found:${seed.id}`);
    } else if (!quoteIsAbout(claim.evidenceQuote, seed.claim)) {
      // 1b. A quote found in the evidence must still name what the claim is about.
      claim.evidenceQuote = '';
      warnings.push(`fact_evidence_quote_off_topic:${seed.id}`);
    }
  }
  // 2./3. A verdict bound to evidence needs evidence and a quote.
  if (BOUND.has(claim.verdict)) {
    if (claim.evidence.length === 0) {
      claim.verdict = 'insufficient';
      warnings.push(`fact_verdict_downgraded_no_evidence:${seed.id}`);
    } else if (!claim.evidenceQuote) {
      claim.verdict = 'insufficient';
      warnings.push(`fact_verdict_downgraded_no_quote:${seed.id}`);
    }
  }
  return claim;
}

function quickClaim(seed: ClaimSeed, item: Record<string, unknown>): FactCheckClaim {
  const claim = base(seed, item);
  claim.confidence = Math.min(claim.confidence, QUICK_CONFIDENCE_CAP);
  if (claim.verdict === 'partially_supported' || claim.verdict === 'out_of_scope') claim.verdict = 'insufficient';
  claim.evidence = [];
  claim.evidenceQuote = '';
  return claim;
}

function unanswered(seed: ClaimSeed): FactCheckClaim {
  return {
    ...seed,
    status: 'open',
    verdict: 'insufficient',
    confidence: 0,
    rationale: isMostlyCjk(seed.claim) ? '模型未返回该声明的裁决' : 'The model returned no verdict for this claim.',
    correction: '',
    evidence: [],
    evidenceQuote: '',
  };
}
