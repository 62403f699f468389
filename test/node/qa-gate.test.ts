// The frozen quality gate inside `npm test`: the same runQa() as `npm run qa` (scripts/qa/runner.ts), the built-in
// extractor through the extraction pipeline on every set of test/fixtures/qa, held to each set's gate and to the
// frozen baseline (test/fixtures/qa/baseline.json).
import { describe, expect, it } from 'vitest';
import { formatQa, runQa } from '../../scripts/qa/runner';

describe('QA gate (built-in extractor)', () => {
  it('passes every set of test/fixtures/qa within the frozen gate', async () => {
    const run = await runQa();
    const report = formatQa(run);
    expect(run.sets.length).toBeGreaterThanOrEqual(4);
    for (const lang of ['en', 'zh'] as const) {
      expect(
        run.sets.filter((s) => s.lang === lang).reduce((n, s) => n + s.score.total, 0),
        `${lang} cases`,
      ).toBeGreaterThanOrEqual(25);
    }
    // Every set is compared with its frozen baseline (a missing baseline would disable the max-drop check).
    for (const s of run.sets) expect(s.baseline, `${s.name} has a frozen baseline`).toBeDefined();
    expect(run.ok, report).toBe(true);
  });
});
