import { describe, expect, it } from 'vitest';
import { systemScheduler } from '../../test/support/scheduler';
import type { ContentUnit, UnitKind, WireBatch } from '../schema';
import { coverageOf, coverageWarning, readInPart, shouldHoldNode } from './coverage';
import type { BatchRequest, Extractor } from './extractor';
import { runPipeline } from './pipeline';

const unit = (n: number, text: string, kind: UnitKind = 'narrative'): ContentUnit => ({
  n,
  start: (n - 1) * 40,
  end: (n - 1) * 40 + 39,
  text,
  kind,
  sectionId: 's0',
});
const units = Array.from({ length: 6 }, (_, i) => unit(i + 1, `Sentence number ${i + 1} shows data.`));

/** A scripted extractor answering each call from a function of the request; one batch of all six units. */
function scripted(
  reply: (req: BatchRequest, call: number) => WireBatch | string,
  kind: Extractor['kind'] = 'model',
): Extractor & { calls: BatchRequest[] } {
  const calls: BatchRequest[] = [];
  return {
    id: 'test:scripted',
    kind,
    batchChars: 10_000,
    calls,
    async extractBatch(req) {
      calls.push(req);
      return reply(req, calls.length);
    },
  };
}
/** An answer with one node for each unit `keep` lets through. */
const answer = (req: BatchRequest, keep: (u: ContentUnit) => boolean = () => true): WireBatch => ({
  summary: `units ${req.units.map((u) => u.n).join(',')}`,
  nodes: req.units
    .filter(keep)
    .map((u, i) => ({ id: `n${i + 1}`, type: 'fact', text: u.text, paragraph: u.n, quote: u.text })),
  edges: [],
});
const firstTwo = (u: ContentUnit) => u.n <= 2;
const base = { documentId: 'd', sourceId: 'src', title: 't', units, scheduler: systemScheduler };

async function run(extractor: Extractor, input: Partial<Parameters<typeof runPipeline>[0]> = {}) {
  let warnings: string[] = [];
  const result = await runPipeline({ ...base, extractor, onProgress: (p) => (warnings = p.warnings), ...input });
  return { ...result, warnings };
}

describe('a batch the model read in part', () => {
  it('retries the units left without a node once, as a batch of their own, and warns', async () => {
    // The first answer stops after unit 2 (as when a source closed its frame); the retry answers in full.
    const extractor = scripted((req, call) => answer(req, call === 1 ? firstTwo : undefined));
    const { graph, audit, warnings } = await run(extractor);
    expect(extractor.calls.map((c) => c.units.map((u) => u.n))).toEqual([
      [1, 2, 3, 4, 5, 6],
      [3, 4, 5, 6],
    ]);
    expect(extractor.calls[1]).toMatchObject({ attempt: 2, feedback: undefined });
    expect(graph.nodes.map((n) => n.paragraph)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(graph.nodes.map((n) => n.id)).size).toBe(6);
    expect(audit.retries).toBe(1);
    expect(warnings).toEqual([
      "batch 0: the model's answer left 4 of 6 units without a node (units 3-6); retried them once as a batch of their own: every one now holds a node",
    ]);
  });

  it('never retries more than once, and says which units still hold no node', async () => {
    const extractor = scripted((req) => answer(req, (u) => u.n === 1 || u.n === 3));
    const { graph, warnings } = await run(extractor);
    expect(extractor.calls.map((c) => c.units.map((u) => u.n))).toEqual([
      [1, 2, 3, 4, 5, 6],
      [2, 4, 5, 6],
    ]);
    expect(graph.nodes.map((n) => n.paragraph).sort()).toEqual([1, 3]);
    expect(warnings[0]).toMatch(
      /left 4 of 6 units without a node \(units 2, 4-6\).*: 4 still hold none \(units 2, 4-6\)$/,
    );
  });

  it('keeps the first answer when the retry fails, and says so; the task does not fail', async () => {
    const extractor = scripted((req, call) => (call === 1 ? answer(req, firstTwo) : 'Sorry, no JSON.'));
    const { graph, warnings } = await run(extractor);
    expect(extractor.calls).toHaveLength(2);
    expect(graph.nodes.map((n) => n.paragraph)).toEqual([1, 2]);
    expect(warnings[0]).toMatch(/retried them once as a batch of their own, which failed \(model_output_not_json\)/);
  });

  it('leaves an ordinary answer alone: half the units without a node, or the built-in extractor', async () => {
    const half = scripted((req) => answer(req, (u) => u.n % 2 === 0));
    expect((await run(half)).warnings).toEqual([]);
    expect(half.calls).toHaveLength(1);
    const heuristic = scripted((req) => answer(req, firstTwo), 'heuristic');
    expect((await run(heuristic)).warnings).toEqual([]);
    expect(heuristic.calls).toHaveLength(1);
  });

  it('says it again when the task resumes from the checkpoint of that batch', async () => {
    const saved = new Map<number, import('./gate').AcceptedBatch>();
    await run(
      scripted((req, call) => answer(req, call === 1 ? firstTwo : () => false)),
      { onBatchAccepted: async (b) => void saved.set(b.batchIndex, b) },
    );
    const resumed = scripted((req) => answer(req));
    const { warnings } = await run(resumed, { accepted: saved });
    expect(resumed.calls).toHaveLength(0);
    expect(warnings[0]).toMatch(/^batch 0: the model's answer left 4 of 6 units without a node .*: 4 still hold none/);
  });

  it('puts batches read in part ahead of dropped edges in the warnings shown', async () => {
    // 30 dropped edges (no relation words) would push an older warning out of the last 20.
    const extractor = scripted((req, call) => ({
      ...answer(req, call === 1 ? firstTwo : () => false),
      edges: Array.from({ length: 30 }, () => ({
        fromNodeId: 'n1',
        toNodeId: 'n2',
        relation: 'causes' as const,
        paragraph: 1,
        quote: 'Sentence number 1 shows data.',
      })),
    }));
    const { warnings } = await run(extractor, { maxRetries: 0 });
    expect(warnings).toHaveLength(20);
    expect(warnings[0]).toMatch(/^batch 0: the model's answer left/);
  });
});

describe('which units should hold a node', () => {
  it('counts prose, lists, tables, dialogue and quotes with visible content; not headings, code or trace actions', () => {
    expect(shouldHoldNode(unit(1, 'Rivers flow.'))).toBe(true);
    for (const kind of ['list', 'table', 'dialogue', 'quote'] as const)
      expect(shouldHoldNode(unit(1, 'x', kind))).toBe(true);
    expect(shouldHoldNode(unit(1, 'Rivers', 'heading'))).toBe(false);
    expect(shouldHoldNode(unit(1, 'let x = 1;', 'code'))).toBe(false);
    expect(shouldHoldNode(unit(1, '* * * — ---'))).toBe(false);
    expect(shouldHoldNode(unit(1, '水往低处流'))).toBe(true);
    expect(shouldHoldNode(unit(1, '#3 Tool call: search'), 'tool/call')).toBe(false);
    expect(shouldHoldNode(unit(1, '#4 Tool result: 3 hits'), 'tool/result')).toBe(true);
  });

  it('counts a unit an edge cites as read, and more than half missing as read in part', () => {
    const four = units.slice(0, 4);
    const ev = (paragraph: number) => ({ paragraph });
    const coverage = coverageOf(four, { nodes: [{ paragraph: 1 }], edges: [{ evidence: [ev(2)] }] });
    expect(coverage).toEqual({ eligible: 4, missed: [3, 4] });
    expect(readInPart(coverage)).toBe(false);
    expect(readInPart(coverageOf(four, { nodes: [{ paragraph: 1 }, { paragraph: null }], edges: [] }))).toBe(true);
    expect(coverageWarning(2, { eligible: 30, missed: [1, 3, 4, 5, 9], stillMissed: [9] })).toBe(
      "batch 2: the model's answer left 5 of 30 units without a node (units 1, 3-5, 9); retried them once as a batch of their own: 1 still hold none (unit 9)",
    );
  });
});
