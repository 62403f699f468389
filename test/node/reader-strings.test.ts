// Words for readers (issue 27): every string a reader is shown by the answers, the insights, the fact-check and the
// quick check, produced on each QA text through the built-in pipeline with the concept layer, in English and
// Chinese, holds no node id (n12), no snake_case code (wikipedia_unavailable:…) and no sentence said twice.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerExportedGraph } from '../../core/answer';
import { withConceptLayer } from '../../core/concepts';
import { describeFactCheckWarning, factMetrics, factSummary } from '../../core/fact-check';
import { DEFAULT_INSIGHT_CONFIG, analyzeRound, indexGraph, selectInsights, topicView } from '../../core/insights';
import { roundStats } from '../../core/insights/history';
import type { KgGraph } from '../../core/schema';
import { segment } from '../../core/units';
import { quickCheck } from '../../core/verify';
import { builtinGraph } from '../support/connectivity-sets';

const QA = path.resolve(__dirname, '../fixtures/qa');
const TEXTS = readdirSync(QA)
  .filter((f) => f.endsWith('.txt'))
  .sort();
const LANGS = ['en', 'zh'] as const;

const NODE_ID = /(?<![\p{L}\p{N}_])n\d+(?![\p{L}\p{N}_])/u;
const CODE = /\b[a-z]+(?:_[a-z]+)+(?::|\b)/;
/** A formula's name or its raw figures in a sentence (the numbers belong in a details part). */
const FORMULA = /Jaccard|\(base \d|[+-]0\.\d\d\)/;

/** The sentences of a reader's string said more than once (short ones, such as a bare "Unit 2:", aside). */
function repeated(text: string): string[] {
  const sentences = text
    .split(/(?<=[.!?。！？])\s*|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s.length >= 12);
  return sentences.filter((s, i) => sentences.indexOf(s) !== i);
}

function expectReadable(where: string, strings: readonly string[]): void {
  for (const s of strings) {
    expect(s, `${where}: a node id in ${JSON.stringify(s)}`).not.toMatch(NODE_ID);
    expect(s, `${where}: a code in ${JSON.stringify(s)}`).not.toMatch(CODE);
    expect(s, `${where}: a formula in ${JSON.stringify(s)}`).not.toMatch(FORMULA);
    expect(repeated(s), `${where}: said twice in ${JSON.stringify(s)}`).toEqual([]);
  }
}

/** The statement most mentioned through the concept layer's anchors, and the anchor most mentioned. */
function probes(graph: KgGraph) {
  const count = new Map<string, number>();
  for (const m of graph.mentions ?? []) count.set(m.conceptId, (count.get(m.conceptId) ?? 0) + 1);
  const anchor = [...count.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const term = graph.nodes.find((n) => n.id === anchor)?.text ?? graph.nodes[0]?.text ?? '';
  const caused = graph.edges.find(
    (e) => e.relation === 'causes' || e.relation === 'infers' || e.relation === 'supports',
  );
  const effect = graph.nodes.find((n) => n.id === caused?.toNodeId)?.text ?? graph.nodes[1]?.text ?? term;
  return { term, effect, statement: graph.nodes.find((n) => n.type !== 'concept')?.text ?? term };
}

describe('reader-facing strings on the QA texts', () => {
  for (const file of TEXTS) {
    it(`${file}: answers, insights, the fact-check and the quick check, in English and Chinese`, async () => {
      const text = readFileSync(path.join(QA, file), 'utf8');
      const { graph: extracted, units } = await builtinGraph(file, text);
      const graph = withConceptLayer(extracted, units);
      const { sections } = segment(text);
      const documentId = `doc-${file}`;

      // The quick check: every issue's title and detail, both languages.
      const report = quickCheck({ documentId, revision: 1, graph, units, now: 0 });
      expect(report.issues.length).toBeGreaterThan(0);
      expectReadable(
        `${file} quick check`,
        report.issues.flatMap((i) => [i.title, i.titleZh ?? '', i.detail ?? '', i.detailZh ?? '']),
      );

      // The insights and their suggested questions.
      const index = indexGraph(graph, sections);
      const state = analyzeRound(
        {
          round: 1,
          graph,
          sections,
          history: { rounds: [{ round: 1, kind: 'extract', committedAt: 1, stats: roundStats(index) }], changes: [] },
          config: DEFAULT_INSIGHT_CONFIG,
        },
        { insights: [], topics: [] },
      );
      for (const lang of LANGS) {
        const views = selectInsights(state.insights, 1, {}, lang);
        expectReadable(
          `${file} insights (${lang})`,
          views.flatMap((v) => [v.title, v.detail, v.profile.rationale]),
        );
        expectReadable(
          `${file} topics (${lang})`,
          state.topics.flatMap((t) => {
            const v = topicView(t, lang);
            return [v.question, v.rationale];
          }),
        );
      }

      // Answers: what-is, why and a statement, asked in both languages; their text and follow-ups.
      const file_ = {
        documentId,
        revision: 1,
        title: file,
        summary: graph.summary,
        sourceId: `src-${file}`,
        chars: text.length,
        sections,
        units,
        nodes: graph.nodes,
        edges: graph.edges,
        mentions: graph.mentions ?? [],
      };
      const { term, effect, statement } = probes(graph);
      const questions = [`What is ${term}?`, `什么是${term}？`, `Why ${effect}?`, `为什么${effect}？`, statement];
      let answered = 0;
      for (const question of questions) {
        const answer = await answerExportedGraph(file_, { question }, 0);
        if (answer.status === 'answered') answered++;
        expectReadable(`${file} answer to ${JSON.stringify(question)}`, [answer.answer, ...answer.followUps]);
      }
      expect(answered, `${file}: some question is answered`).toBeGreaterThan(0);

      // The fact-check's summary and warnings (the model-made parts are the model's; these are the product's).
      const claims = graph.nodes.slice(0, 6).map((_n, i) => ({
        verdict: i % 2 ? ('supported' as const) : ('insufficient' as const),
        evidence: i % 3 ? [{}] : [],
      }));
      const warnings = [
        'wikipedia_unavailable:zh:network',
        'wikipedia_unavailable:en:http_503',
        'fact_verdict_downgraded_no_evidence:c1',
        'fact_evidence_quote_off_topic:c2',
      ];
      for (const lang of LANGS) {
        expectReadable(`${file} fact-check (${lang})`, [
          factSummary(factMetrics(claims), lang === 'zh', warnings),
          ...warnings.map((w) => describeFactCheckWarning(w, lang)),
        ]);
      }
    });
  }
});

describe('the integrity gate in readers’ words', () => {
  it('names every gate fault by node text and unit name, in English and Chinese, with no id or code', async () => {
    const file = TEXTS[0] as string;
    const text = readFileSync(path.join(QA, file), 'utf8');
    const { graph: base, units } = await builtinGraph(file, text);
    const graph = withConceptLayer(base, units);
    const documentId = `doc-${file}`;
    const [a, b, c] = graph.nodes as [KgGraph['nodes'][0], KgGraph['nodes'][0], KgGraph['nodes'][0]];
    const edge = graph.edges[0] as KgGraph['edges'][0];
    const ev = a.evidence[0] as KgGraph['nodes'][0]['evidence'][0];
    // One fault of each kind the gate finds in nodes and relations (the two the quick check reports in its own words
    // aside; the quick check does not gate the concept layer's mentions).
    const broken: KgGraph = {
      ...graph,
      nodes: [
        { ...a, evidence: [{ ...ev, quote: `${ev.quote} (not in the source)` }] },
        { ...b, type: 'theorem' as never },
        { ...c, groundingStatus: 'grounded', evidence: [] },
        { ...a, id: 'n9001', evidence: [{ ...ev, paragraph: units.length + 5 }] },
        { ...a, id: 'n9002', evidence: [{ ...ev, documentId: 'another' }] },
        ...graph.nodes.slice(3),
        { ...(graph.nodes[3] as KgGraph['nodes'][0]) },
      ],
      edges: [
        ...graph.edges,
        { ...edge },
        { ...edge, id: 'e9001', toNodeId: 'n-missing' },
        { ...edge, id: 'e9002', toNodeId: edge.fromNodeId },
        { ...edge, id: 'e9003', relation: 'resembles' as never },
      ],
    };
    const report = quickCheck({ documentId, revision: 1, graph: broken, units, now: 0 });
    const gate = report.issues.filter((i) => i.blocking && i.detail?.startsWith('The workbench saves no graph'));
    const codes = new Set(gate.map((i) => i.invariantCode));
    for (const code of [
      'quote_not_in_unit',
      'unknown_type',
      'grounded_without_evidence',
      'evidence_out_of_range',
      'evidence_wrong_document',
      'duplicate_node_id',
      'duplicate_edge_id',
      'dangling_edge',
      'self_loop',
      'unknown_relation',
    ])
      expect(codes, `a ${code} issue`).toContain(code);
    expectReadable(
      'gate faults',
      gate.flatMap((i) => [i.title, i.titleZh ?? '', i.detail ?? '', i.detailZh ?? '']),
    );
    const quoteFault = gate.find((i) => i.invariantCode === 'quote_not_in_unit');
    expect(quoteFault?.title).toContain(`Unit ${ev.paragraph}`);
    expect(quoteFault?.titleZh).toContain(`第 ${ev.paragraph} 段`);
    expect(quoteFault?.title).toContain(a.text.slice(0, 10));
  });
});
