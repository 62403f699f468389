// Model-call slots: at most `size` calls in flight. A slot passes on the moment a call's answer is back, before the
// answer is parsed, gated and merged, so that CPU work on one batch overlaps the wait for the others instead of
// leaving a slot idle. A slot freed goes to the earliest batch waiting for a retry, else to a new batch: retries
// do not queue behind the rest of the document, so batches finish roughly in order and merging can follow them.
export class CallSlots {
  private free: number;
  private readonly waiting: Array<{ index: number; grant: () => void; refuse: (reason: unknown) => void }> = [];
  private closed: { reason: unknown } | undefined;

  /** `onFree` is called whenever a slot is free and no retry waits for it (the caller may start a new batch). */
  constructor(
    size: number,
    private readonly onFree: () => void,
  ) {
    this.free = size;
  }

  /** Takes a free slot for a new batch, if one is free and no retry waits for it. */
  tryTake(): boolean {
    if (this.closed || this.free === 0 || this.waiting.length > 0) return false;
    this.free--;
    return true;
  }

  /** Waits for a slot for batch `index` (a retry); the earliest batch waiting is served first. */
  acquire(index: number): Promise<void> {
    if (this.closed) return Promise.reject(this.closed.reason);
    if (this.free > 0 && this.waiting.length === 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((grant, refuse) => {
      const at = this.waiting.findIndex((w) => w.index > index);
      this.waiting.splice(at < 0 ? this.waiting.length : at, 0, { index, grant, refuse });
    });
  }

  release(): void {
    const next = this.closed ? undefined : this.waiting.shift();
    if (next) {
      next.grant();
      return;
    }
    this.free++;
    if (!this.closed) this.onFree();
  }

  /** The run failed: no slot is handed out again, and retries still waiting are refused with `reason`. */
  close(reason: unknown): void {
    if (this.closed) return;
    this.closed = { reason };
    for (const w of this.waiting.splice(0)) w.refuse(reason);
  }
}
