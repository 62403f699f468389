// Pure parts of the fact-check panel: reading a report defensively (server data from model output and retrieved
// pages), staleness, the rule-passage hint (the server's own split), the sources of a run, and which evidence a card
// may link to (http(s) only, at most three).
import { describe, expect, it } from 'vitest';
import { evidenceItems, isStale, readFactCheck, rulePassageCount, safeHref, sourcesFor } from './fact-check';

const claim = (over: Record<string, unknown> = {}) => ({
  id: 'c1',
  nodeId: 'n3',
  kind: 'fact',
  unit: 2,
  quote: 'Water boils at 100 °C.',
  claim: 'Water boils at 100 °C.',
  checkworthy: 0.9,
  status: 'open',
  verdict: 'supported',
  confidence: 0.8,
  rationale: 'The article says so.',
  correction: '',
  evidence: [],
  evidenceQuote: 'boils at 100 °C',
  ...over,
});

describe('reading a fact-check', () => {
  it('reads { report, stale } and keeps the server metrics', () => {
    const metrics = {
      totalClaims: 1,
      supported: 1,
      contradicted: 0,
      partially_supported: 0,
      insufficient: 0,
      unverifiable: 0,
      out_of_scope: 0,
      supportedRate: 100,
    };
    const { report, stale } = readFactCheck({
      report: {
        reportId: 'fc_1',
        revision: 3,
        mode: 'deep',
        sources: ['wikipedia', 'x'],
        createdAt: 1,
        model: 'm',
        summary: 's',
        metrics,
        warnings: ['w', 7],
        claims: [claim()],
      },
      stale: true,
    });
    expect(stale).toBe(true);
    expect(report!.sources).toEqual(['wikipedia']);
    expect(report!.warnings).toEqual(['w']);
    expect(report!.metrics.supportedRate).toBe(100);
    expect(report!.claims[0]).toMatchObject({ id: 'c1', nodeId: 'n3', unit: 2, verdict: 'supported', confidence: 0.8 });
  });

  it('never makes up a verdict, clamps shares, drops claims without an id, and counts metrics the server left out', () => {
    const { report } = readFactCheck({
      report: {
        reportId: 'fc_2',
        revision: 1,
        mode: 'quick',
        claims: [
          claim({ verdict: 'proven', confidence: 7, checkworthy: -1 }),
          claim({ id: 'c2', verdict: 'supported' }),
          claim({ id: 'c3', verdict: 'unverifiable' }),
          { verdict: 'supported' },
        ],
      },
      stale: false,
    });
    expect(report!.claims.map((c) => c.verdict)).toEqual(['insufficient', 'supported', 'unverifiable']);
    expect(report!.claims[0]).toMatchObject({ confidence: 1, checkworthy: 0 });
    // supportedRate = round(100 · supported / (total − unverifiable − out_of_scope)) = round(100 · 1 / 2)
    expect(report!.metrics).toMatchObject({
      totalClaims: 3,
      supported: 1,
      insufficient: 1,
      unverifiable: 1,
      supportedRate: 50,
    });
    expect(report!.mode).toBe('quick');
  });

  it('reads no report from null, { report: null } or junk', () => {
    expect(readFactCheck(null)).toEqual({ report: null, stale: false });
    expect(readFactCheck({ report: null, stale: false })).toEqual({ report: null, stale: false });
    expect(readFactCheck({ report: { reportId: 3 } }).report).toBeNull();
  });

  it('is stale when the server says so or when the report is of another revision', () => {
    expect(isStale(null, true, 2)).toBe(false);
    expect(isStale({ revision: 2 }, false, 2)).toBe(false);
    expect(isStale({ revision: 2 }, true, 2)).toBe(true);
    expect(isStale({ revision: 1 }, false, 2)).toBe(true);
  });
});

describe('the form', () => {
  it('counts rule passages as the server splits them (blank-line paragraphs, else lines; at most 30)', () => {
    expect(rulePassageCount('')).toBe(0);
    expect(rulePassageCount('  \n ')).toBe(0);
    expect(rulePassageCount('Art. 1 A.\n\nArt. 2 B.\nstill 2')).toBe(2);
    expect(rulePassageCount('one\ntwo\nthree')).toBe(3);
    expect(rulePassageCount(Array.from({ length: 40 }, (_, i) => `rule ${i}`).join('\n\n'))).toBe(30);
  });

  it('sends Wikipedia when kept and rules only when some are pasted', () => {
    expect(sourcesFor(true, '')).toEqual(['wikipedia']);
    expect(sourcesFor(true, 'r')).toEqual(['wikipedia', 'rules']);
    expect(sourcesFor(false, '  ')).toEqual([]);
    expect(sourcesFor(false, 'r')).toEqual(['rules']);
  });
});

describe('evidence on a card', () => {
  it('links only http(s) URLs', () => {
    expect(safeHref('https://en.wikipedia.org/wiki/Water')).toBe('https://en.wikipedia.org/wiki/Water');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<b>')).toBeNull();
    expect(safeHref('/wiki/relative')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });

  it('shows at most three items: Wikipedia as links, rules (and unsafe URLs) as passages', () => {
    const evidence = [
      { id: 'c1:w1', provider: 'wikipedia', url: 'https://en.wikipedia.org/wiki/Water', title: 'Water', snippet: 's1' },
      { id: 'r1', provider: 'rules', url: 'https://example.com/ignored', title: 'Rule 1', snippet: 'Art. 1' },
      { id: 'c1:w2', provider: 'wikipedia', url: 'javascript:alert(1)', title: 'Evil', snippet: 's3' },
      { id: 'c1:w3', provider: 'wikipedia', url: 'https://en.wikipedia.org/wiki/Steam', title: 'Steam', snippet: 's4' },
    ];
    const items = evidenceItems({ evidence });
    expect(items.map((i) => [i.kind, i.id])).toEqual([
      ['link', 'c1:w1'],
      ['passage', 'r1'],
      ['passage', 'c1:w2'],
    ]);
  });
});
