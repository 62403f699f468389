// Where a model-bound run's wall time goes, from the model server's own record of each call (when it arrived, when
// its answer ended; the bench and the server share the machine's clock). With `slots` calls allowed at once:
//   wall = before the first call + slot-weighted middle + after the last answer
//   middle = Σ served time ÷ slots + idle slot time ÷ slots
// so wall ÷ ideal (calls × latency ÷ slots) is 1 plus these parts, each of them a cost the pipeline can cut except
// the server's own overshoot of its scripted latency.

export interface CallSpan {
  /** Epoch milliseconds the server received the request. */
  at: number;
  /** Epoch milliseconds its response closed (null: never ended). */
  done: number | null;
}

export interface Timeline {
  calls: number;
  /** From the run's start to the first call's arrival at the server. */
  beforeFirstMs: number;
  /** From the last answer's end to the run's end (merged, checked and, through the Worker, committed). */
  afterLastMs: number;
  /** Time between the first call and the last answer during which fewer than `slots` calls were in flight. */
  underFilledMs: number;
  /** The same gaps weighted by how many slots stood idle, ÷ slots: what they add to the wall time. */
  idleSlotsMs: number;
  /** Σ (served time − scripted latency) ÷ slots: the server's own overshoot, not the pipeline's. */
  serverOvershootMs: number;
}

export function callTimeline(
  spans: readonly CallSpan[],
  run: { startMs: number; endMs: number },
  slots: number,
  latencyMs: number,
): Timeline {
  const ended = spans.filter((s): s is { at: number; done: number } => s.done !== null);
  if (ended.length === 0) throw new Error('no call ended');
  const events: Array<[number, number]> = [];
  for (const s of ended) events.push([s.at, 1], [s.done, -1]);
  // At the same millisecond an answer ends before the next call arrives: a slot handed on without delay is not a gap.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let inFlight = 0;
  let underFilledMs = 0;
  let idleSlotMs = 0;
  for (let i = 0; i < events.length - 1; i++) {
    inFlight += events[i][1];
    const dt = events[i + 1][0] - events[i][0];
    if (inFlight < slots) {
      underFilledMs += dt;
      idleSlotMs += dt * (slots - inFlight);
    }
  }
  const served = ended.reduce((sum, s) => sum + (s.done - s.at), 0);
  return {
    calls: ended.length,
    beforeFirstMs: events[0][0] - run.startMs,
    afterLastMs: run.endMs - events[events.length - 1][0],
    underFilledMs,
    idleSlotsMs: idleSlotMs / slots,
    serverOvershootMs: (served - ended.length * latencyMs) / slots,
  };
}

/** One line per part, in seconds and as a share of the ideal wall time. */
export function describeTimeline(t: Timeline, idealMs: number): string[] {
  const part = (ms: number) => `${(ms / 1000).toFixed(2)} s (${((ms / idealMs) * 100).toFixed(1)} % of ideal)`;
  return [
    `before the first call ${part(t.beforeFirstMs)}`,
    `after the last answer until done ${part(t.afterLastMs)}`,
    `fewer than all slots in flight for ${(t.underFilledMs / 1000).toFixed(2)} s; idle slots ÷ slots ${part(t.idleSlotsMs)}`,
    `the server's overshoot of its latency ÷ slots ${part(t.serverOvershootMs)}`,
  ];
}
