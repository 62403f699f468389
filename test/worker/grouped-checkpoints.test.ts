// Group commit of checkpoints (durable-objects/grouped-checkpoints.ts): one write in flight, the batches accepted
// meanwhile saved together by the next, each caller released only once its own batch is stored; and a resume
// reads both the grouped objects and the one-batch objects of tasks that started before them.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { AcceptedBatch } from '../../core/extract/gate';
import { GroupedCheckpoints } from '../../durable-objects/grouped-checkpoints';
import { listBatchCheckpoints, putBatchCheckpoint } from '../../storage/blobs';

const batch = (batchIndex: number): AcceptedBatch => ({
  batchIndex,
  summary: '',
  nodes: [],
  edges: [],
  repairs: [],
  dropped: [],
  unresolved: [],
});

describe('grouped checkpoints', () => {
  it('writes the batches that arrive during a write together, and releases each batch only once it is stored', async () => {
    const writes: number[][] = [];
    const stored = new Set<number>();
    let release!: () => void;
    const firstWrite = new Promise<void>((r) => (release = r));
    const groups = new GroupedCheckpoints(async (batches) => {
      writes.push(batches.map((b) => b.batchIndex));
      if (writes.length === 1) await firstWrite;
      for (const b of batches) stored.add(b.batchIndex);
    });
    const done: number[] = [];
    const save = (i: number) => groups.save(batch(i)).then(() => done.push(i));
    const saving = [save(0)];
    await new Promise((r) => setTimeout(r, 10));
    saving.push(save(1), save(2), save(3));
    await new Promise((r) => setTimeout(r, 10));
    // Batch 0 is being written; 1-3 wait for the next write, and nobody is released before their batch is stored.
    expect(writes).toEqual([[0]]);
    expect(done).toEqual([]);
    release();
    await Promise.all(saving);
    expect(writes).toEqual([[0], [1, 2, 3]]);
    expect(done).toEqual([0, 1, 2, 3]);
    expect([...stored].sort()).toEqual([0, 1, 2, 3]);
  });

  it('fails the batches of a failed write, and still writes the next group', async () => {
    let calls = 0;
    const groups = new GroupedCheckpoints(async () => {
      calls++;
      if (calls === 1) throw new Error('R2 is down');
    });
    await expect(groups.save(batch(0))).rejects.toThrow('R2 is down');
    await expect(groups.save(batch(1))).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });

  it('reads grouped checkpoints and the one-batch checkpoints written before them', async () => {
    const documentId = crypto.randomUUID();
    const taskId = 'task_grouped';
    await putBatchCheckpoint(env, documentId, { version: 2, taskId, baseRevision: 0, batches: [batch(2), batch(3)] });
    await env.BLOBS.put(
      `documents/${documentId}/tasks/${taskId}/batch-000000.json`,
      JSON.stringify({ version: 1, taskId, baseRevision: 0, batch: batch(0) }),
    );
    const saved = await listBatchCheckpoints(env, documentId, taskId);
    expect(saved.flatMap((cp) => cp.batches.map((b) => b.batchIndex))).toEqual([0, 2, 3]);
    expect(saved.every((cp) => cp.version === 2 && cp.taskId === taskId && cp.baseRevision === 0)).toBe(true);
  });
});
