import { describe, expect, it } from 'vitest';
import { fixContext } from '../operations/sanitize';
import type { ContentUnit, KgEdge, KgGraph, KgNode } from '../schema';
import type { VerificationIssue } from '../verify/types';
import { reviewBatches } from './batches';
import { checkEvidence } from './evidence';
import { mergeIssues } from './merge';
import { normaliseReviewAnswer, type ReviewGraph } from './normalize';
import { runReview, type BatchOutcome } from './run';
import { applyVerifier } from './verifier';

const unit = (n: number, text: string): ContentUnit => ({
  n,
  start: 0,
  end: text.length,
  text,
  kind: 'narrative',
  sectionId: 's1',
});
const node = (id: string, paragraph: number | null, quote = ''): KgNode => ({
  id,
  type: 'fact',
  text: quote || id,
  paragraph,
  quote,
  evidence: [],
  groundingStatus: quote ? 'grounded' : 'candidate',
  entailmentStatus: 'unverified',
});
const edge = (id: string, from: string, to: string): KgEdge => ({
  id,
  fromNodeId: from,
  toNodeId: to,
  relation: 'supports',
  evidence: [],
});

describe('review batches', () => {
  it('groups units by characters, splits more than 12 nodes, drops batches without nodes, puts unanchored nodes first', () => {
    const units = [unit(1, 'a'.repeat(2000)), unit(2, 'b'.repeat(1000)), unit(3, 'c'.repeat(100))];
    const nodes = [...Array.from({ length: 13 }, (_, i) => node(`u2n${i}`, 2)), node('loose', null)];
    const batches = reviewBatches(units, nodes, [edge('e1', 'u2n0', 'u2n1'), edge('e2', 'u2n0', 'loose')]);
    // Unit 1 alone (2,000 chars), then units 2-3; unit 1's batch has only the unanchored node.
    expect(batches.map((b) => [b.units.map((u) => u.n), b.nodes.length])).toEqual([
      [[1], 1],
      [[2, 3], 12],
      [[2, 3], 1],
    ]);
    expect(batches[0].nodes[0].id).toBe('loose');
    expect(batches[1].edges.map((e) => e.id)).toEqual(['e1']);
    expect(batches.map((b) => b.index)).toEqual([1, 2, 3]);
  });
});

describe('review answer filter', () => {
  const units = [unit(1, 'Water flows downhill in river one.'), unit(2, 'Therefore the valley is lower.')];
  const graph: KgGraph = {
    summary: '',
    nodes: [node('n1', 1, 'Water flows downhill'), node('n2', 2, 'the valley is lower')],
    edges: [edge('e1', 'n1', 'n2')],
  };
  const g: ReviewGraph = {
    nodes: new Map(graph.nodes.map((n) => [n.id, n])),
    edges: graph.edges,
    edgesById: new Map(graph.edges.map((e) => [e.id, e])),
    units,
    fixes: fixContext(graph, units),
  };
  const batch = { index: 2, units, nodes: graph.nodes, edges: graph.edges };
  const base = {
    severity: 'warning',
    category: 'grounding',
    targetKind: 'node',
    targetId: 'n1',
    title: 't',
    confidence: 0.9,
  };

  it('keeps an issue only with an authenticated quote, a real target and enough confidence', () => {
    const out = normaliseReviewAnswer(
      {
        issues: [
          { ...base, id: 'ok', evidence: [{ paragraph: 2, quote: 'Water  flows\ndownhill' }] },
          { ...base, id: 'forged', evidence: [{ paragraph: 1, quote: 'Water flows uphill' }] },
          { ...base, id: 'bare', evidence: [] },
          { ...base, id: 'low', confidence: 0.69, evidence: [{ paragraph: 1, quote: 'Water flows downhill' }] },
          { ...base, id: 'ghost', targetId: 'n9', evidence: [{ paragraph: 1, quote: 'Water flows downhill' }] },
          {
            ...base,
            id: 'edge',
            targetKind: 'edge',
            targetId: 'n1>n2',
            evidence: [{ paragraph: 2, quote: 'Therefore' }],
          },
          { ...base, id: 'gap', category: 'completeness', targetKind: 'graph', targetId: null, evidence: [] },
        ],
        entailment: [
          { nodeId: 'n1', status: 'verified' },
          { nodeId: 'n9', status: 'verified' },
          { nodeId: 'n2', status: 'maybe' },
        ],
      },
      batch,
      g,
    );
    expect(out.issues.map((i) => i.id)).toEqual(['b2:ok', 'b2:edge', 'b2:gap']);
    // Cited to the wrong unit and with other whitespace: repaired to unit 1's own characters.
    expect(out.issues[0].evidence).toEqual([{ paragraph: 1, quote: 'Water flows downhill' }]);
    expect(out.issues[1]).toMatchObject({ targetId: 'e1', edgeKey: 'n1>n2' });
    expect(out.dropped).toEqual([
      { id: 'b2:forged', reason: 'unauthenticated_evidence' },
      { id: 'b2:bare', reason: 'no_evidence' },
      { id: 'b2:low', reason: 'low_confidence' },
      { id: 'b2:ghost', reason: 'missing_target' },
    ]);
    expect([...out.entailment]).toEqual([['n1', 'verified']]);
  });

  it('blanks quotes that do not authenticate and removes entries with neither unit nor quote', () => {
    const checked = checkEvidence(
      [{ paragraph: 2, quote: 'not there' }, { quote: 'nowhere' }, { paragraph: 1, quote: 'river one' }],
      units,
      units,
    );
    expect(checked).toEqual({
      evidence: [
        { paragraph: 2, quote: '' },
        { paragraph: 1, quote: 'river one' },
      ],
      authenticated: 1,
      quoted: 3,
    });
  });
});

describe('verifier and merge', () => {
  const issue = (id: string, over: Partial<VerificationIssue> = {}): VerificationIssue => ({
    id,
    source: 'model',
    severity: 'warning',
    category: 'grounding',
    targetKind: 'node',
    targetId: 'n1',
    title: id,
    titleZh: id,
    detail: '',
    detailZh: '',
    evidence: [],
    units: [],
    confidence: 0.8,
    proposedFix: { action: 'none' },
    safeRepairable: false,
    status: 'open',
    invariantCode: 'model_review',
    blocking: false,
    ...over,
  });

  it('keeps the candidates the verifier names, by full or own id', () => {
    const out = applyVerifier([issue('b1:i1'), issue('b1:i2'), issue('b1:i3')], {
      kept: [{ id: 'b1:i1' }, { id: 'i3' }, 'b9:zz'],
    });
    expect(out.kept.map((i) => i.id)).toEqual(['b1:i1', 'b1:i3']);
    expect(out.rejected).toEqual(['b1:i2']);
  });

  it('deduplicates on category|target|title and orders by severity then confidence', () => {
    const merged = mergeIssues(
      [
        issue('loc1', { source: 'local', title: 'same', confidence: 1 }),
        issue('loc2', { source: 'local', severity: 'suggestion', title: 's' }),
      ],
      [
        issue('b1:a', { title: 'same' }),
        issue('b1:b', { severity: 'error', title: 'e', confidence: 0.7 }),
        issue('b1:c', { title: 'w', confidence: 0.95 }),
      ],
    );
    expect(merged.map((i) => i.id)).toEqual(['b1:b', 'loc1', 'b1:c', 'loc2']);
  });
});

describe('review run', () => {
  const units = [unit(1, 'Alpha is first.'), unit(2, 'b'.repeat(2600)), unit(3, 'Gamma is third.')];
  const graph: KgGraph = {
    summary: '',
    nodes: [node('n1', 1, 'Alpha is first'), node('n3', 3, 'Gamma is third')],
    edges: [],
  };
  const g: ReviewGraph = {
    nodes: new Map(graph.nodes.map((n) => [n.id, n])),
    edges: [],
    edgesById: new Map(),
    units,
    fixes: fixContext(graph, units),
  };
  const batches = reviewBatches(units, graph.nodes, graph.edges);
  const issueFor = (user: string) => {
    const n = user.includes('Alpha') ? 'n1' : 'n3';
    const quote = n === 'n1' ? 'Alpha is first' : 'Gamma is third';
    return JSON.stringify({
      issues: [
        {
          id: 'i1',
          category: 'type',
          targetKind: 'node',
          targetId: n,
          title: `about ${n}`,
          evidence: [{ paragraph: n === 'n1' ? 1 : 3, quote }],
          confidence: 0.9,
        },
      ],
      entailment: [{ nodeId: n, status: 'verified' }],
    });
  };

  it('asks only the batches an earlier run did not finish, checkpoints each new one, and folds all in batch order', async () => {
    expect(batches.length).toBe(2);
    const asked: string[] = [];
    const ask = async (prompt: { system: string; user: string }) => {
      asked.push(prompt.system.startsWith('You review') ? 'review' : 'verifier');
      return prompt.system.startsWith('You review') ? issueFor(prompt.user) : JSON.stringify({ kept: [{ id: 'i1' }] });
    };
    const earlier: BatchOutcome = {
      index: 1,
      issues: [],
      entailment: [['n1', 'unsupported']],
      warnings: ['from the first run'],
      dropped: { low_confidence: 2 },
      unconfirmed: 1,
    };
    const saved: BatchOutcome[] = [];
    const result = await runReview({
      batches,
      graph: g,
      title: '',
      ask,
      concurrency: 2,
      signal: new AbortController().signal,
      done: new Map([[1, earlier]]),
      onBatchOutcome: async (o) => void saved.push(o),
    });
    expect(asked).toEqual(['review', 'verifier']);
    expect(saved.map((o) => o.index)).toEqual([2]);
    expect(result.resumed).toBe(1);
    expect(result.issues.map((i) => i.id)).toEqual(['b2:i1']);
    expect([...result.entailment]).toEqual([
      ['n1', 'unsupported'],
      ['n3', 'verified'],
    ]);
    expect(result.warnings[0]).toBe('from the first run');
    expect(result.dropped).toEqual({ low_confidence: 2 });
  });

  it('ends cancelled, not schema_invalid, when cancelled while the model answers prose', async () => {
    const controller = new AbortController();
    const ask = async () => {
      controller.abort(new Error('stop'));
      return 'prose, not JSON';
    };
    await expect(
      runReview({ batches, graph: g, title: '', ask, concurrency: 1, signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'cancelled' });
  });
});
