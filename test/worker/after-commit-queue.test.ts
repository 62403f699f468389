// The queue of after-commit hooks (durable-objects/after-commit.ts): hooks wait for the pause, run in commit order,
// run at once when a reader flushes, and are dropped when the document is deleted.
import { describe, expect, it } from 'vitest';
import { AfterCommitQueue, type CommittedRevision } from '../../durable-objects/after-commit';

const revision = (n: number): CommittedRevision => ({
  documentId: 'doc',
  revision: n,
  kind: 'extract',
  graph: { nodes: [], edges: [], summary: '' } as unknown as CommittedRevision['graph'],
  sections: [],
  committedAt: n,
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A queue whose hook takes `hookMs` and records the revisions it ran, in order. */
function recordingQueue(hookMs: number, pauseMs: number) {
  const ran: number[] = [];
  const queue = new AfterCommitQueue(async (c) => {
    await sleep(hookMs);
    ran.push(c.revision);
  }, pauseMs);
  return { queue, ran };
}

describe('AfterCommitQueue', () => {
  it('runs nothing during the pause, then every waiting revision in commit order', async () => {
    const { queue, ran } = recordingQueue(5, 150);
    queue.add(revision(1));
    queue.add(revision(2));
    await sleep(50);
    expect(ran).toEqual([]);
    await sleep(250);
    expect(ran).toEqual([1, 2]);
  });

  it('runs at once when flushed, and a flush waits for hooks already running', async () => {
    const { queue, ran } = recordingQueue(30, 60_000);
    queue.add(revision(1));
    const first = queue.flush();
    queue.add(revision(2));
    await queue.flush();
    expect(ran).toEqual([1, 2]);
    await first;
    // Nothing is left to run twice.
    await queue.flush();
    expect(ran).toEqual([1, 2]);
  });

  it('drops waiting revisions when discarded', async () => {
    const { queue, ran } = recordingQueue(0, 50);
    queue.add(revision(1));
    await queue.discard();
    await sleep(120);
    expect(ran).toEqual([]);
  });
});
