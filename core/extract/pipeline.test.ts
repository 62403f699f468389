import { describe, expect, it } from 'vitest';
import { systemScheduler } from '../../test/support/scheduler';
import { KgError } from '../errors';
import type { ContentUnit, WireBatch } from '../schema';
import type { BatchRequest, Extractor } from './extractor';
import { PipelineYield, runPipeline } from './pipeline';

const units: ContentUnit[] = Array.from({ length: 6 }, (_, i) => ({
  n: i + 1,
  start: i * 20,
  end: i * 20 + 19,
  text: `Sentence number ${i + 1} shows data.`,
  kind: 'narrative',
  sectionId: 's0',
}));

/** A scripted model: answers each call from a function of the request, so tests choose every reply. */
function scripted(
  reply: (req: BatchRequest) => WireBatch | Promise<WireBatch>,
  batchChars = 40,
): Extractor & { calls: BatchRequest[] } {
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
const base = { documentId: 'd', sourceId: 'src', title: 't', units, scheduler: systemScheduler };

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
        ? {
            ...echo(req),
            edges: [
              {
                fromNodeId: 'n1',
                toNodeId: 'n7',
                relation: 'supports',
                paragraph: req.units[0].n,
                quote: req.units[0].text,
              },
            ],
          }
        : echo(req),
    );
    const result = await runPipeline({ ...base, extractor });
    expect(result.audit.retries).toBe(3);
    const retried = extractor.calls.filter((c) => c.attempt === 2);
    expect(retried[0].feedback).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'dangling_edge', blocking: true })]),
    );
  });

  it('fails with invariant_violation when a fatal problem survives the retries', async () => {
    const extractor = scripted((req) => ({ ...echo(req), nodes: [...echo(req).nodes, echo(req).nodes[0]] }));
    await expect(runPipeline({ ...base, extractor, maxRetries: 2 })).rejects.toMatchObject({
      code: 'invariant_violation',
    });
    expect(extractor.calls.filter((c) => c.batchIndex === 0)).toHaveLength(3);
  });

  it('fails with schema_invalid on output outside the contract', async () => {
    const extractor = scripted(
      () =>
        ({
          summary: '',
          nodes: [{ id: 'n1', type: 'opinion', text: 'x', paragraph: 1, quote: 'x' }],
          edges: [],
        }) as unknown as WireBatch,
    );
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

  it('retries an answer that is not JSON, showing the model its mistake, and fails typed when it never recovers', async () => {
    const recovering = scripted((req) =>
      req.attempt === 1 ? ('Sure! Here is the graph: {' as unknown as WireBatch) : echo(req),
    );
    const ok = await runPipeline({ ...base, extractor: recovering });
    expect(ok.audit.retries).toBe(3);
    const second = recovering.calls.find((c) => c.attempt === 2)!;
    expect(second.feedback).toEqual([expect.objectContaining({ code: 'model_output_not_json', blocking: true })]);
    expect(second.previousAnswer).toContain('Sure!');

    const broken = scripted(() => '{"summary": "x", "nodes": [' as unknown as WireBatch);
    await expect(runPipeline({ ...base, extractor: broken, maxRetries: 1 })).rejects.toMatchObject({
      code: 'model_output_not_json',
    });
    const invalid = scripted(
      () =>
        JSON.stringify({
          summary: '',
          nodes: [{ id: 'n1', type: 'fact', text: 'x', paragraph: 0, quote: 'x' }],
          edges: [],
        }) as unknown as WireBatch,
    );
    await expect(runPipeline({ ...base, extractor: invalid, maxRetries: 1 })).rejects.toMatchObject({
      code: 'schema_invalid',
    });
  });

  it('drops, after the retries, an edge whose quote states no relation, and records why', async () => {
    const extractor = scripted((req) => ({
      ...echo(req),
      edges: [
        { fromNodeId: 'n1', toNodeId: 'n2', relation: 'causes', paragraph: req.units[0].n, quote: req.units[0].text },
      ],
    }));
    const result = await runPipeline({ ...base, extractor, maxRetries: 1 });
    expect(result.graph.edges).toEqual([]);
    expect(result.audit.droppedEdges.items[0]).toMatchObject({
      relation: 'causes',
      reason: 'edge_without_relation_words',
    });
  });

  it('counts streamed characters across batches and retries', async () => {
    const extractor = scripted((req) => {
      req.onOutput?.(10);
      req.onOutput?.(25);
      return echo(req);
    });
    const seen: number[] = [];
    await runPipeline({ ...base, extractor, onProgress: (p) => seen.push(p.charsReceived) });
    expect(Math.max(...seen)).toBe(75);
  });

  it('yields between batches when asked, keeping what finished in checkpoints', async () => {
    const saved: number[] = [];
    let calls = 0;
    const extractor = scripted((req) => {
      calls++;
      return echo(req);
    });
    await expect(
      runPipeline({
        ...base,
        extractor,
        concurrency: 1,
        shouldYield: () => calls >= 1,
        onBatchAccepted: async (b) => void saved.push(b.batchIndex),
      }),
    ).rejects.toBeInstanceOf(PipelineYield);
    expect(saved).toEqual([0]);
  });

  it('stops with cancelled when the signal aborts, before anything is merged', async () => {
    const controller = new AbortController();
    const extractor = scripted((req) => {
      controller.abort(new KgError('cancelled'));
      return echo(req);
    });
    await expect(runPipeline({ ...base, extractor, concurrency: 1, signal: controller.signal })).rejects.toMatchObject({
      code: 'cancelled',
    });
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

describe('checkpoint writes', () => {
  it('overlap the next model call, which starts before the answer is even gated, and a failed write fails the task without running further batches', async () => {
    const order: string[] = [];
    const extractor = scripted(async (req) => {
      order.push(`call ${req.batchIndex}`);
      await new Promise((r) => setTimeout(r, 15));
      return echo(req);
    });
    const failing = runPipeline({
      ...base,
      extractor,
      concurrency: 1,
      onBatchAccepted: async (b) => {
        order.push(`save ${b.batchIndex}`);
        await new Promise((r) => setTimeout(r, 5));
        if (b.batchIndex === 0) throw new KgError('storage_error', 'R2 is down');
      },
    });
    await expect(failing).rejects.toMatchObject({ code: 'storage_error' });
    // With one slot, batch 1's call started as soon as batch 0's answer was back, before batch 0 was gated and saved;
    // nothing after the failed write was asked for.
    expect(order.slice(0, 3)).toEqual(['call 0', 'call 1', 'save 0']);
    expect(extractor.calls).toHaveLength(2);
  });
});

describe('call slots', () => {
  it('never run more calls than the concurrency, and give a freed slot to a retry before any new batch', async () => {
    const order: string[] = [];
    let inFlight = 0;
    let peak = 0;
    const extractor = scripted(async (req) => {
      order.push(`${req.batchIndex}#${req.attempt}`);
      peak = Math.max(peak, ++inFlight);
      await new Promise((r) => setTimeout(r, 10));
      inFlight--;
      // Batch 0's first answer has a blocking problem (an edge to a node it does not have): it needs a retry.
      return req.batchIndex === 0 && req.attempt === 1
        ? {
            ...echo(req),
            edges: [
              {
                fromNodeId: 'n1',
                toNodeId: 'n9',
                relation: 'supports',
                paragraph: req.units[0].n,
                quote: req.units[0].text,
              },
            ],
          }
        : echo(req);
    });
    const result = await runPipeline({ ...base, extractor, concurrency: 1 });
    expect(peak).toBe(1);
    // When batch 1's answer came back, batch 0's retry and batch 2's first call both wanted the slot: the retry won.
    expect(order).toEqual(['0#1', '1#1', '0#2', '2#1']);
    expect(result.graph).toEqual((await runPipeline({ ...base, extractor: scripted(echo) })).graph);
  });

  it('count a batch as done only once its checkpoint landed, and resume from those checkpoints to the same graph', async () => {
    const checkpoints = new Map<number, import('./gate').AcceptedBatch>();
    let releaseWrite1!: () => void;
    const write1 = new Promise<void>((r) => (releaseWrite1 = r));
    const progress: number[] = [];
    const run = runPipeline({
      ...base,
      extractor: scripted(echo),
      concurrency: 3,
      onProgress: (p) => progress.push(p.done),
      onBatchAccepted: async (b) => {
        if (b.batchIndex === 1) await write1;
        checkpoints.set(b.batchIndex, b);
      },
    });
    await new Promise((r) => setTimeout(r, 30));
    // Batches 0 and 2 are saved; batch 1's write has not landed, so it does not count as done.
    expect([...checkpoints.keys()].sort()).toEqual([0, 2]);
    expect(Math.max(...progress)).toBe(2);
    releaseWrite1();
    const full = await run;
    const resumed = await runPipeline({
      ...base,
      extractor: scripted(echo),
      accepted: new Map([
        [0, checkpoints.get(0)!],
        [2, checkpoints.get(2)!],
      ]),
    });
    expect(resumed.graph).toEqual(full.graph);
  });
});
