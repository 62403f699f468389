// Confidence from the text itself (issue 17), so that downstream scores can tell a hedged aside from a measured
// finding: a base per node type, lowered by each hedge (may, usually, 可能, 通常 …), raised by evidence cues (numbers,
// dates, studies, measurements, 实验, 数据 …). Deterministic; the same sentence always gets the same figure.
import type { NodeType } from '../../schema';
import { HEDGE_WORDS_EN, HEDGE_WORDS_ZH } from './cues';

const BASE: Record<NodeType, number> = {
  definition: 0.85,
  fact: 0.8,
  example: 0.8,
  rule: 0.75,
  claim: 0.7,
  counter_example: 0.7,
  inference: 0.65,
  concept: 0.85,
};

const HEDGES = new RegExp(String.raw`\b(?:${HEDGE_WORDS_EN})\b|${HEDGE_WORDS_ZH}`, 'gi');
const EVIDENCE =
  /\d|\b(?:study|studies|research|researchers|experiment|experiments|survey|surveys|measured|measurement|data|evidence|found that|according to|records?|observed)\b|实验|研究|数据|调查|统计|测量|记录|观察|据(?:报道|统计|调查)|百分之/i;

const HEDGE_STEP = 0.15;
const MAX_HEDGE_PENALTY = 0.3;
const EVIDENCE_BONUS = 0.1;

export function confidenceOf(text: string, type: NodeType): number {
  const hedges = new Set((text.match(HEDGES) ?? []).map((h) => h.toLowerCase())).size;
  let c = BASE[type] - Math.min(MAX_HEDGE_PENALTY, hedges * HEDGE_STEP);
  if (EVIDENCE.test(text)) c += EVIDENCE_BONUS;
  return Math.round(Math.min(0.95, Math.max(0.3, c)) * 100) / 100;
}

/** A row of a table states its cells as they are. */
export const TABLE_ROW_CONFIDENCE = 0.9;
/** A term named by a relation cue, and a term that merely recurs. */
export const CUE_CONCEPT_CONFIDENCE = 0.85;
export const RECURRING_CONCEPT_CONFIDENCE = 0.7;
