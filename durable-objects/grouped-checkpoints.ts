// Group commit for a task's checkpoints: at most one checkpoint write is in flight, and the batches accepted while
// it runs are saved together by the next one. A batch still counts as done only once its checkpoint is stored (the
// caller awaits save), and waits at most for the write before its own; but a wave of batches landing together costs
// one R2 write instead of one each. At 1M characters and 4 calls in flight that was 124 writes, and per-write
// overhead, not bytes, was most of their cost (through wrangler dev, bench/model-pipeline: ~1 s of workerd CPU and
// ~0.4 s of call slots left idle).
import type { AcceptedBatch } from '../core/extract/gate';

export class GroupedCheckpoints {
  private waiting: AcceptedBatch[] = [];
  /** The write that will take the waiting batches, once the one in flight is done. */
  private next: Promise<void> | null = null;
  private inFlight: Promise<void> = Promise.resolve();

  /** write saves one group (and may re-arm the heartbeat): called with the batches in the order they were accepted. */
  constructor(private readonly write: (batches: AcceptedBatch[]) => Promise<void>) {}

  /** Resolves once `batch` is stored; rejects if its group's write failed. */
  save(batch: AcceptedBatch): Promise<void> {
    this.waiting.push(batch);
    if (!this.next) {
      const next = this.inFlight.then(() => {
        this.next = null;
        return this.write(this.waiting.splice(0));
      });
      this.next = next;
      // A failed write fails its own batches (the caller's pipeline stops); the next group still gets its turn.
      this.inFlight = next.catch(() => undefined);
    }
    return this.next;
  }
}
