// The gate a score must pass (the original's defaults were: at least 23 of 25 trusted cases, at most one lost
// against the frozen baseline, score at least 92, at least 20 nodes). The node minimum only catches a collapse.
import type { QaBaselineEntry, QaGate } from './cases';
import type { QaScore } from './score';

export interface GateVerdict {
  ok: boolean;
  failures: string[];
  /** Cases the baseline passed that this run fails (the regressions, by id). */
  lost: string[];
}

export function checkQaGate(score: QaScore, gate: QaGate, baseline?: QaBaselineEntry): GateVerdict {
  const failures: string[] = [];
  if (score.passed < gate.minPassed) failures.push(`passed ${score.passed} < minimum ${gate.minPassed}`);
  if (score.score < gate.minScore) failures.push(`score ${score.score} < minimum ${gate.minScore}`);
  if (score.nodes < gate.minNodes) failures.push(`nodes ${score.nodes} < minimum ${gate.minNodes}`);
  const passedNow = new Set(score.results.filter((r) => r.passed).map((r) => r.id));
  const lost = baseline ? baseline.passedIds.filter((id) => !passedNow.has(id)) : [];
  if (baseline && baseline.passed - score.passed > gate.maxDrop) {
    failures.push(
      `passed ${score.passed} is ${baseline.passed - score.passed} below the frozen baseline ${baseline.passed} (at most ${gate.maxDrop})`,
    );
  }
  return { ok: failures.length === 0, failures, lost };
}
