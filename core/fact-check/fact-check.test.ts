import { describe, expect, it } from 'vitest';
import type { KgNode } from '../schema/graph';
import {
  MAX_FACT_CLAIMS,
  buildJudgePrompt,
  factMetrics,
  factSummary,
  judgeBatches,
  normaliseVerdicts,
  describeFactCheckWarning,
  quoteIsAbout,
  resolveFactCheckParams,
  rulePassages,
  selectClaims,
  stripHtml,
  wikiEvidence,
  wikiLanguages,
  type ClaimSeed,
  type FactEvidence,
  type JudgeBatch,
} from './index';

const node = (id: string, type: KgNode['type'], text: string, quote = text, paragraph: number | null = 1): KgNode => ({
  id,
  type,
  text,
  quote,
  paragraph,
  evidence: [],
  groundingStatus: 'grounded',
  entailmentStatus: 'unverified',
});

describe('claim selection', () => {
  it('keeps checkable kinds in graph order, at most 60, with weights, quote before text', () => {
    const nodes = [
      node('a', 'concept', 'Rivers'),
      node('b', 'fact', 'Rivers flow', 'Rivers flow downhill.'),
      node('c', 'rule', 'Must boil', ''),
      node('d', 'example', 'e.g.'),
    ];
    const seeds = selectClaims(nodes);
    expect(seeds.map((s) => [s.id, s.nodeId, s.kind, s.checkworthy, s.claim])).toEqual([
      ['c1', 'b', 'fact', 0.9, 'Rivers flow downhill.'],
      ['c2', 'c', 'rule', 0.85, 'Must boil'],
    ]);
    const many = Array.from({ length: 61 }, (_, i) => node(`n${i + 1}`, 'claim', `Claim ${i + 1}`));
    const capped = selectClaims(many);
    expect(capped).toHaveLength(MAX_FACT_CLAIMS);
    expect(capped.at(-1)?.nodeId).toBe('n60');
  });
  it('takes the unit from the anchor, else the first evidence, else null', () => {
    const withEvidence = {
      ...node('x', 'fact', 'X', 'X', null),
      evidence: [{ documentId: 'd', sourceId: 's', chunkId: 'c', paragraph: 4, quote: 'X' }],
    };
    expect(
      selectClaims([node('a', 'fact', 'A', 'A', 2), withEvidence, node('y', 'fact', 'Y', 'Y', null)]).map(
        (s) => s.unit,
      ),
    ).toEqual([2, 4, null]);
  });
});

describe('evidence', () => {
  it('numbers rule passages by blank-line paragraphs (or lines), at most 30', () => {
    const passages = rulePassages('Art. 1 Speed limit is 50.\n\nArt. 2  Helmets\n are required.');
    expect(passages.map((p) => [p.id, p.title, p.snippet, p.url])).toEqual([
      ['r1', 'Rule 1', 'Art. 1 Speed limit is 50.', null],
      ['r2', 'Rule 2', 'Art. 2 Helmets are required.', null],
    ]);
    expect(rulePassages('第一条 限速五十公里。\n第二条 必须佩戴头盔。')[1]).toMatchObject({
      id: 'r2',
      title: '用户规则 2',
    });
    expect(rulePassages(Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n'))).toHaveLength(30);
  });
  it('builds Wikipedia items with namespaced ids, plain snippets and the extract appended', () => {
    const [item] = wikiEvidence(
      'c3',
      [
        {
          title: 'Yangtze River',
          snippet: 'The <span class="searchmatch">Yangtze</span> is long &amp; wide',
          extract: 'It flows east.',
        },
      ],
      'https://en.wikipedia.org/wiki/',
    );
    expect(item).toEqual({
      id: 'c3:w1',
      provider: 'wikipedia',
      url: 'https://en.wikipedia.org/wiki/Yangtze_River',
      title: 'Yangtze River',
      snippet: 'The Yangtze is long & wide … It flows east.',
    });
    expect(stripHtml('a <b>b</b>\n c')).toBe('a b c');
  });
  it('searches zh first when CJK dominates, else en', () => {
    expect(wikiLanguages('长江是亚洲第一长河')).toEqual(['zh', 'en']);
    expect(wikiLanguages('The Yangtze (长江) is long')).toEqual(['en', 'zh']);
    expect(wikiLanguages('DNA 是遗传物质的载体')).toEqual(['zh', 'en']);
  });
});

const seed = (id: string, claim = 'Water boils at 100 degrees.'): ClaimSeed => ({
  id,
  nodeId: `n-${id}`,
  kind: 'fact',
  unit: 1,
  quote: claim,
  claim,
  checkworthy: 0.9,
});
const wiki = (id: string, snippet: string): FactEvidence => ({
  id,
  provider: 'wikipedia',
  url: 'https://en.wikipedia.org/wiki/Water',
  title: 'Water',
  snippet,
});
const batch: JudgeBatch = {
  claims: [seed('c1'), seed('c2'), seed('c3')],
  evidence: [wiki('c1:w1', 'At sea level, water boils at 100 degrees Celsius.'), wiki('c2:w1', 'Ice melts.')],
};

describe('verdict normalisation (deep)', () => {
  it('keeps a verdict whose quote is in a cited item (modulo whitespace), ignores unknown ids, fills missing claims', () => {
    const out = normaliseVerdicts(
      {
        verdicts: [
          {
            claimId: 'c1',
            verdict: 'supported',
            confidence: 2,
            evidenceIds: ['c9:w9', 'c1:w1', 'c1:w1'],
            evidenceQuote: 'water boils at  100 degrees',
          },
          { claimId: 'c999', verdict: 'supported' },
        ],
      },
      batch,
      'deep',
    );
    expect(out.claims[0]).toMatchObject({
      verdict: 'supported',
      confidence: 1,
      evidenceQuote: 'water boils at  100 degrees',
    });
    expect(out.claims[0].evidence.map((e) => e.id)).toEqual(['c1:w1']);
    expect(out.claims[2]).toMatchObject({ id: 'c3', verdict: 'insufficient', confidence: 0 });
    expect(out.warnings).toContain('fact_verdict_dropped:missing_claim:c999');
  });
  it('blanks a quote absent from the cited snippets and downgrades; no evidence downgrades too', () => {
    const out = normaliseVerdicts(
      {
        verdicts: [
          {
            claimId: 'c1',
            verdict: 'contradicted',
            confidence: 0.8,
            evidenceIds: ['c1:w1'],
            evidenceQuote: 'Water freezes at 0 degrees.',
          },
          { claimId: 'c2', verdict: 'supported', evidenceIds: ['nope'], evidenceQuote: 'Ice melts.' },
          { claimId: 'c3', verdict: 'maybe', confidence: 'high' },
        ],
      },
      batch,
      'deep',
    );
    expect(out.claims.map((c) => [c.verdict, c.evidenceQuote, c.confidence])).toEqual([
      ['insufficient', '', 0.8],
      ['insufficient', '', 0.5],
      ['insufficient', '', 0.5],
    ]);
    expect(out.warnings).toEqual([
      'fact_evidence_quote_not_found:c1',
      'fact_verdict_downgraded_no_quote:c1',
      'fact_evidence_quote_not_found:c2',
      'fact_verdict_downgraded_no_evidence:c2',
    ]);
  });
});

describe('verdict normalisation (quick)', () => {
  it('caps confidence at 0.6, folds partially_supported and out_of_scope into insufficient, keeps no evidence', () => {
    const out = normaliseVerdicts(
      {
        verdicts: [
          {
            claimId: 'c1',
            verdict: 'supported',
            confidence: 0.95,
            evidenceIds: ['c1:w1'],
            evidenceQuote: 'At sea level',
          },
          { claimId: 'c2', verdict: 'partially_supported', confidence: 0.3 },
          { claimId: 'c3', verdict: 'out_of_scope', confidence: 0.9 },
        ],
      },
      batch,
      'quick',
    );
    expect(out.claims.map((c) => [c.verdict, c.confidence, c.evidence.length, c.evidenceQuote])).toEqual([
      ['supported', 0.6, 0, ''],
      ['insufficient', 0.3, 0, ''],
      ['insufficient', 0.6, 0, ''],
    ]);
  });
});

describe('report figures and prompt', () => {
  it('supportedRate counts only the claims judged against evidence; 0 when none was', () => {
    const ev = [{}];
    const claims = [
      { verdict: 'supported', evidence: ev },
      { verdict: 'supported', evidence: ev },
      { verdict: 'contradicted', evidence: ev },
      { verdict: 'unverifiable', evidence: [] },
      { verdict: 'out_of_scope', evidence: [] },
    ] as const;
    const m = factMetrics(claims);
    expect(m).toMatchObject({ totalClaims: 5, supported: 2, contradicted: 1, judged: 3, supportedRate: 67 });
    expect(factMetrics([{ verdict: 'unverifiable' }]).supportedRate).toBe(0);
    expect(factSummary(m, true)).toBe(
      '外部事实核查完成：2 项支持 / 1 项矛盾 / 0 项部分支持 / 0 项证据不足 / 1 项无法核查；3 项对照证据裁决。',
    );
    // Deep mode: a "supported" no evidence reached is not a finding (Wikipedia down): nothing judged, rate 0.
    const blind = factMetrics([{ verdict: 'supported', evidence: [] }, { verdict: 'supported' }]);
    expect(blind).toMatchObject({ supported: 2, judged: 0, supportedRate: 0 });
    // Quick mode has no evidence at all: every checkable claim counts (its verdicts are hints, and say so).
    expect(factMetrics([{ verdict: 'supported' }, { verdict: 'insufficient' }], 'quick')).toMatchObject({
      judged: 2,
      supportedRate: 50,
    });
  });

  it('the summary says first when an evidence source failed', () => {
    const m = factMetrics([{ verdict: 'insufficient', evidence: [] }]);
    const warnings = ['wikipedia_unavailable:zh:network', 'fact_verdict_downgraded_no_evidence:c1'];
    expect(factSummary(m, false, warnings)).toMatch(/^An evidence source failed \(Chinese Wikipedia\): /);
    expect(factSummary(m, true, warnings)).toMatch(/^部分证据来源不可用（中文维基百科），/);
  });

  it('says every warning in words, in both languages, with no code, id or repeated sentence', () => {
    const codes = [
      'wikipedia_unavailable:zh:network',
      'wikipedia_unavailable:en:http_500',
      'wikipedia_unavailable:en:timeout',
      'wikipedia_skipped:zh:after_3_failures',
      'fact_evidence_quote_not_found:c3',
      'fact_evidence_quote_off_topic:c4',
      'fact_verdict_downgraded_no_evidence:c5',
      'fact_verdict_downgraded_no_quote:c6',
      'fact_verdict_dropped:missing_claim:c99',
      'fact_verdicts_missing',
      'fact_claims_capped:75:60',
    ];
    for (const lang of ['en', 'zh'] as const) {
      const said = codes.map((c) => describeFactCheckWarning(c, lang));
      expect(new Set(said).size).toBe(codes.length);
      for (const s of said) {
        expect(s).not.toMatch(/\b[a-z]+_[a-z_]+\b|\bc\d+\b|\bn\d+\b/);
        expect(s.length).toBeGreaterThan(10);
      }
    }
    expect(describeFactCheckWarning('fact_verdict_downgraded_no_quote:c6', 'en')).toContain('Claim 6');
    expect(describeFactCheckWarning('fact_verdict_downgraded_no_quote:c6', 'zh')).toContain('第 6 项');
  });

  it('a quote found in the evidence must still name what the claim is about', () => {
    expect(quoteIsAbout('Article 1.', 'The income tax rate rose to 40 percent in 1990.')).toBe(false);
    expect(quoteIsAbout('The income tax was raised in 1990.', 'The income tax rate rose to 40 percent.')).toBe(true);
    expect(quoteIsAbout('第一条', '个人所得税税率在 1990 年提高到 40%。')).toBe(false);
    expect(quoteIsAbout('1990 年所得税上调', '个人所得税税率在 1990 年提高到 40%。')).toBe(true);
  });

  it("batches by 10 with each claim's own evidence plus the shared rules; quick prompts carry no evidence", () => {
    const seeds = Array.from({ length: 23 }, (_, i) => seed(`c${i + 1}`));
    const rules = rulePassages('Rule text.');
    const batches = judgeBatches(seeds, (id) => [wiki(`${id}:w1`, 'x')], rules);
    expect(batches.map((b) => [b.claims.length, b.evidence.length])).toEqual([
      [10, 11],
      [10, 11],
      [3, 4],
    ]);
    expect(buildJudgePrompt(batches[2], 'deep', 'S').user).toContain('"id":"c21:w1"');
    expect(buildJudgePrompt(batches[2], 'quick', 'S').user).toMatch(
      /\n<<<EVIDENCE-([0-9a-f]{8})\n\[\]\nEVIDENCE-\1>>>/,
    );
  });
});

describe('request resolution', () => {
  it('defaults to deep + wikipedia (+ rules when pasted) and refuses what cannot run', () => {
    expect(resolveFactCheckParams({})).toEqual({ mode: 'deep', sources: ['wikipedia'], rules: '' });
    expect(resolveFactCheckParams({ rules: ' R ' })).toEqual({
      mode: 'deep',
      sources: ['wikipedia', 'rules'],
      rules: 'R',
    });
    expect(resolveFactCheckParams({ mode: 'quick', rules: 'R' })).toEqual({ mode: 'quick', sources: [], rules: '' });
    expect(() => resolveFactCheckParams({ sources: [] })).toThrow(/at least one evidence source/);
    expect(() => resolveFactCheckParams({ sources: ['rules'], rules: '  ' })).toThrow(/paste the rules/);
    expect(() => resolveFactCheckParams({ rules: 'x'.repeat(10_001) })).toThrow(/10000/);
  });
});
