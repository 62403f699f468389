// The external fact-check (issue 14) against the scripted MediaWiki server and the scripted judge
// (test/support/scripted-mediawiki.mjs, scripted-fact-check.mjs): verdicts bound to evidence, quotes checked
// against snippets and extracts, unknown evidence ignored, the quick-mode cap, the 60-claim cap, rules-only
// checks that never ask Wikipedia, the report stored per revision and stale after an append.
import { describe, expect, it } from 'vitest';
import type { FactCheckLatest } from '../../core/fact-check/types';
import { json, waitForTask, writeAuth } from './helpers';
import { factCheck, factDocument, wikiCalls } from './fact-check-helpers';

describe('fact-check, deep with Wikipedia', () => {
  it('binds a supported verdict to a verbatim quote of the article it cites, stores the report, and marks it stale after an append', async () => {
    const { documentId } = await factDocument('The Yangtze is the longest river in Asia, says note YZ1.');
    const { report } = await factCheck(documentId, 'ok@fact');
    expect(report).toMatchObject({ mode: 'deep', sources: ['wikipedia'], revision: 1, documentId });
    const claim = report.claims[0];
    expect(claim).toMatchObject({ id: 'c1', verdict: 'supported', status: 'open', unit: 1 });
    expect(claim.evidence.map((e) => [e.id, e.provider, e.title])).toEqual([['c1:w1', 'wikipedia', 'Yangtze']]);
    expect(claim.evidence[0].url).toMatch(/\/en\/wiki\/Yangtze$/);
    expect(claim.evidenceQuote).toBe('The Yangtze is the longest river in Asia and the third-longest in the world.');
    expect(report.metrics).toMatchObject({
      totalClaims: report.claims.length,
      supported: report.claims.length,
      supportedRate: 100,
    });
    expect(report.summary).toMatch(/^Fact-check done: \d+ supported/);
    // The evidence is the search snippet and the page's extract (its second sentence is only in the extract).
    expect(claim.evidence[0].snippet).toContain('It flows for about 6,300 km');
    expect((await wikiCalls('Yangtze')).some((c) => c.kind === 'extracts' && c.lang === 'en')).toBe(true);
    // English text: English Wikipedia only (it had hits), with a polite User-Agent.
    const calls = await wikiCalls('YZ1');
    expect(calls.map((c) => [c.lang, c.kind])).toEqual([['en', 'search']]);
    expect(calls[0].userAgent).toMatch(/^kg-workbench\/\S+ \(.+\) fact-check$/);

    // The same check again is answered from the R2 cache: Wikipedia is not asked twice.
    const again = await factCheck(documentId, 'ok@fact');
    expect(again.report.claims[0].evidenceQuote).toBe(claim.evidenceQuote);
    expect(await wikiCalls('YZ1')).toHaveLength(1);

    const latest = await json<FactCheckLatest>(`/api/documents/${documentId}/fact-check`);
    expect(latest.body).toMatchObject({ stale: false, report: { reportId: again.report.reportId } });
    const appended = await json(`/api/documents/${documentId}/append`, {
      method: 'POST',
      json: { text: 'A later paragraph.' },
      headers: writeAuth(documentId),
    });
    expect((await waitForTask(appended.body.taskId)).status).toBe('succeeded');
    expect((await json<FactCheckLatest>(`/api/documents/${documentId}/fact-check`)).body).toMatchObject({
      stale: true,
      report: { reportId: again.report.reportId, revision: 1 },
    });
  });

  it('blanks a quote found in no cited snippet and downgrades the verdict, with its warnings', async () => {
    const { documentId } = await factDocument('The Yangtze is the longest river in Asia, says note QM2.');
    const { report, task } = await factCheck(documentId, 'ok@fact-quote-missing');
    expect(report.claims[0]).toMatchObject({ verdict: 'insufficient', evidenceQuote: '' });
    expect(report.warnings).toEqual(
      expect.arrayContaining(['fact_evidence_quote_not_found:c1', 'fact_verdict_downgraded_no_quote:c1']),
    );
    expect(task.warnings).toContain('fact_evidence_quote_not_found:c1');
    expect(report.metrics.supported).toBe(0);
  });

  it('checks quotes against the page extract too, and ignores evidence ids it never gave', async () => {
    const { documentId } = await factDocument('Our zebra mussels filter lake water, note EX3.');
    const extract = await factCheck(documentId, 'ok@fact-extract-quote');
    expect(extract.report.claims[0].verdict).toBe('supported');
    expect(extract.report.claims[0].evidenceQuote).toMatch(/^The extract only says it again: Our zebra mussels/);

    const unknown = await factCheck(documentId, 'ok@fact-unknown-evidence');
    expect(unknown.report.claims[0].verdict).toBe('supported');
    expect(unknown.report.claims[0].evidence.map((e) => e.id)).toEqual(['c1:w1']);
  });
});

describe('fact-check judge answers', () => {
  it('drops a verdict for a claim it was not asked about and fills a skipped claim as insufficient', async () => {
    const { documentId } = await factDocument(
      'Bees make honey from nectar, note XC6.\n\nAnts farm aphids for honeydew, note XC7.',
    );
    const { report } = await factCheck(documentId, 'ok@fact-extra-claim', { mode: 'quick' });
    expect(report.claims.length).toBeGreaterThanOrEqual(2);
    expect(report.claims.map((c) => c.id)).not.toContain('c999');
    expect(report.claims.at(-1)).toMatchObject({
      verdict: 'insufficient',
      confidence: 0,
      rationale: 'The model returned no verdict for this claim.',
    });
    expect(report.warnings).toContain('fact_verdict_dropped:missing_claim:c999');
  });
});

describe('fact-check modes and sources', () => {
  it('quick mode never asks Wikipedia and caps confidence at 0.6', async () => {
    const { documentId } = await factDocument('The Yangtze is the longest river in Asia, says note QK4.');
    const { report } = await factCheck(documentId, 'ok@fact', { mode: 'quick', sources: ['wikipedia'] });
    expect(report).toMatchObject({ mode: 'quick', sources: [] });
    for (const claim of report.claims)
      expect(claim).toMatchObject({ verdict: 'supported', confidence: 0.6, evidence: [], evidenceQuote: '' });
    expect(await wikiCalls('QK4')).toEqual([]);
  });

  it('rules-only deep mode cites numbered rule passages and never asks Wikipedia', async () => {
    const { documentId } = await factDocument('Helmets are required on every building site, note RL5.');
    const rules = 'Article 1. Helmets are required on building sites.\n\nArticle 2. Visitors sign in at the gate.';
    const { report } = await factCheck(documentId, 'ok@fact', { sources: ['rules'], rules });
    expect(report.sources).toEqual(['rules']);
    // The scripted judge quotes the passage's first sentence, "Article 1.": it names nothing the claim is about, so
    // it supports nothing (issue 27: it was accepted for 39 unrelated claims) and the verdict falls to insufficient.
    expect(report.claims[0]).toMatchObject({ verdict: 'insufficient', evidenceQuote: '' });
    expect(report.warnings).toContain('fact_evidence_quote_off_topic:c1');
    const plain = 'Helmets are required on building sites.\n\nVisitors sign in at the gate.';
    const named = await factCheck(documentId, 'ok@fact', { sources: ['rules'], rules: plain });
    expect(named.report.claims[0]).toMatchObject({
      verdict: 'supported',
      evidenceQuote: 'Helmets are required on building sites.',
    });
    expect(report.claims[0].evidence).toEqual([
      {
        id: 'r1',
        provider: 'rules',
        url: null,
        title: 'Rule 1',
        snippet: 'Article 1. Helmets are required on building sites.',
      },
    ]);
    expect(await wikiCalls('RL5')).toEqual([]);
  });

  it('checks at most 60 claims: the 61st eligible node is left out (and the report says so)', async () => {
    const text = Array.from({ length: 61 }, (_, i) => `Station ${i + 1} measured ${i + 11} millimetres of rain.`).join(
      '\n\n',
    );
    const { documentId, graph } = await factDocument(text);
    const eligible = graph.nodes.filter((n) =>
      ['fact', 'claim', 'inference', 'rule', 'definition', 'counter_example'].includes(n.type),
    );
    expect(eligible.length).toBeGreaterThanOrEqual(61);
    const { report } = await factCheck(documentId, 'ok@fact', { mode: 'quick' });
    expect(report.claims).toHaveLength(60);
    expect(report.claims.map((c) => c.nodeId)).toEqual(eligible.slice(0, 60).map((n) => n.id));
    expect(report.claims.map((c) => c.nodeId)).not.toContain(eligible[60].id);
    expect(report.warnings).toContain(`fact_claims_capped:${eligible.length}:60`);
  });
});
