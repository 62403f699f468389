import { describe, expect, it } from 'vitest';
import { KgError } from '../errors';
import type { ContentUnit, WireBatch } from '../schema';
import type { BatchRequest, Extractor } from './extractor';
import { runPipeline } from './pipeline';

const units: ContentUnit[] = Array.from({ length: 6 }, (_, i) => ({
  n: i + 1,
  start: i * 20,
  end: i * 20 + 19,
  text: `Sentence number ${i + 1}.`,
  kind: 'narrative',
  sectionId: 's0',
}));

/** A scripted model: answers each call from a function of the request, so tests choose every reply. */
function scripted(reply: (req: BatchRequest) => WireBatch | Promise<WireBatch>, batchChars = 40): Extractor & { calls: BatchRequest[] } {
  const calls: BatchRequest[] = [];
  return {
    id: 'test:scripted',
    kind: 'model',
    batchChars,
    calls,
    async extractBatch(req) {
      calls.push(req);
      return reply(req);
    },
  };
}
const echo = (req: BatchRequest): WireBatch => ({
  summary: '',
  nodes: req.units.map((u, i) => ({ id: `n${i + 1}`, type: 'fact', text: u.text, paragraph: u.n, quote: u.text })),
  edges: [],
});
const base = { documentId: 'd', sourceId: 'src', title: 't', units };

describe('runPipeline', () => {
  it('extracts every batch, merges in order and audits the run', async () => {
    const extractor = scripted(echo);
    const result = await runPipeline({ ...base, extractor, concurrency: 2 });
    expect(result.plans).toHaveLength(3);
    expect(result.graph.nodes.map((n) => n.paragraph)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(result.graph.nodes.map((n) => n.id)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    expect(result.audit).toMatchObject({ batches: 3, retries: 0, invariantErrors: 0, grounding: { grounded: 6 } });
  });

  it('yields the same graph whatever order batches finish in', async () => {
    const slowFirst = scripted(async (req) => {
      await new Promise((r) => setTimeout(r, req.batchIndex === 0 ? 30 : 0));
      return echo(req);
    });
    const a = await runPipeline({ ...base, extractor: slowFirst, concurrency: 3 });
    const b = await runPipeline({ ...base, extractor: scripted(echo), concurrency: 1 });
    expect(a.graph).toEqual(b.graph);
  });

  it('retries a batch with blocking problems, passing typed feedback, then accepts the fix', async () => {
    const extractor = scripted((req) =>
      req.attempt === 1
        ? { ...echo(req), edges: [{ fromNodeId: 'n1', toNodeId: 'n7', relation: 'supports', paragraph: req.units[0].n, quote: 'Sentence' }] }
        : echo(req),
    );
    const result = await runPipeline({ ...base, extractor });
    expect(result.audit.retries).toBe(3);
    const retried = extractor.calls.filter((c) => c.attempt === 2);
    expect(retried[0].feedback).toEqual([expect.objectContaining({ code: 'dangling_edge', blocking: true })]);
  });

  it('fails with invariant_violation when a fatal problem survives the retries', async () => {
    const extractor = scripted((req) => ({ ...echo(req), nodes: [...echo(req).nodes, echo(req).nodes[0]] }));
    await expect(runPipeline({ ...base, extractor, maxRetries: 2 })).rejects.toMatchObject({ code: 'invariant_violation' });
    expect(extractor.calls.filter((c) => c.batchIndex === 0)).toHaveLength(3);
  });

  it('fails with schema_invalid on output outside the contract', async () => {
    const extractor = scripted(() => ({ summary: '', nodes: [{ id: 'n1', type: 'opinion', text: 'x', paragraph: 1, quote: 'x' }], edges: [] }) as unknown as WireBatch);
    await expect(runPipeline({ ...base, extractor })).rejects.toMatchObject({ code: 'schema_invalid' });
  });

  it('does not run batches accepted before a restart, and checkpoints the others', async () => {
    const first = await runPipeline({ ...base, extractor: scripted(echo) });
    const saved: number[] = [];
    const extractor = scripted(echo);
    const again = await runPipeline({
      ...base,
      extractor,
      accepted: new Map([[0, await acceptedBatch0()]]),
      onBatchAccepted: async (b) => void saved.push(b.batchIndex),
    });
    expect(extractor.calls.map((c) => c.batchIndex).sort()).toEqual([1, 2]);
    expect(saved.sort()).toEqual([1, 2]);
    expect(again.graph).toEqual(first.graph);
    expect(again.audit.resumedBatches).toBe(1);
  });

  it('stops with cancelled when the signal aborts, before anything is merged', async () => {
    const controller = new AbortController();
    const extractor = scripted((req) => {
      controller.abort(new KgError('cancelled'));
      return echo(req);
    });
    await expect(runPipeline({ ...base, extractor, concurrency: 1, signal: controller.signal })).rejects.toMatchObject({ code: 'cancelled' });
    expect(extractor.calls).toHaveLength(1);
  });
});

async function acceptedBatch0() {
  let captured: import('./gate').AcceptedBatch | undefined;
  await runPipeline({
    ...base,
    extractor: scripted(echo),
    onBatchAccepted: async (b) => {
      if (b.batchIndex === 0) captured = b;
    },
  });
  return captured!;
}
