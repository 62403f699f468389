// An agent trace in the workbench: its events are read for a trace document (and dropped for another), an event
// selects the nodes of its first unit that has some and makes all its units current, and live follow reopens a
// trace that grew and says so with kg-trace-grew.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TraceEventSpan } from '../../core/trace';
import { fakeContext, MemorySource, node, settle } from './fake-context';
import { TRACE_FOLLOW_MS, TraceController, type TraceDeps } from './trace-controller';

function traceSource() {
  const source = new MemorySource('t1', [node('n3', 3), node('n4', 4)]);
  source.infoOverrides = { sourceKind: 'trace' };
  const events = [{ seq: 1, firstUnit: 2, lastUnit: 4 }] as unknown as TraceEventSpan[];
  return Object.assign(source, { traceEvents: async () => ({ revision: 1, events }) });
}

function setup(client: Record<string, unknown> = {}) {
  const f = fakeContext({ client });
  const calls = { selected: [] as number[], reopened: [] as string[], appended: [] as unknown[][] };
  const deps: TraceDeps = {
    selectUnit: async (n) => void calls.selected.push(n),
    eventSource: () => () => [{ kind: 'x' }],
    appendEvents: async (events) => {
      calls.appended.push(events);
      return true;
    },
    busy: () => false,
    reopen: async (id) => void calls.reopened.push(id),
  };
  const trace = new TraceController(f.host, f.ctx, deps);
  return { ...f, trace, calls };
}

afterEach(() => vi.useRealTimers());

describe('agent traces', () => {
  it("reads a trace's events after a render, and forgets them when another kind of document is shown", async () => {
    const { trace, doc, host } = setup();
    await doc.open(traceSource());
    host.render();
    await settle();
    expect(trace.events).toHaveLength(1);
    await doc.open(new MemorySource('d2', [node('a', 1)]));
    host.render();
    expect(trace.events).toBeNull();
  });

  it('an event selects the first of its units that has nodes, and all its units become current', async () => {
    const { trace, doc, calls, selection } = setup();
    await doc.open(traceSource());
    await trace.select(new CustomEvent('kg-trace-event-select', { detail: { seq: 1, firstUnit: 2, lastUnit: 4 } }));
    expect(calls.selected).toEqual([3]);
    expect([...selection.currentUnits]).toEqual([2, 3, 4]);
  });

  it('"Append new events" sends what the harness gives', async () => {
    const { trace, doc, calls } = setup();
    await doc.open(traceSource());
    await trace.appendNew();
    expect(calls.appended).toEqual([[{ kind: 'x' }]]);
  });

  it('live follow: a trace that grew is reopened and reported', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('document', { visibilityState: 'visible' });
    const client = { document: async () => ({ revision: 2 }) };
    const { doc, host, calls, recorded, trace } = setup(client);
    await doc.open(traceSource());
    // Nothing feeds it yet: the pane must not say it follows.
    expect(trace.live(false)).toBe(false);
    expect(trace.live(true)).toBe(true);
    host.connect();
    await vi.advanceTimersByTimeAsync(TRACE_FOLLOW_MS + 10);
    host.disconnect();
    vi.unstubAllGlobals();
    expect(calls.reopened).toEqual(['t1']);
    // It grew while open: something feeds it.
    expect(trace.live(false)).toBe(true);
    expect(recorded.events).toContainEqual({ type: 'kg-trace-grew', detail: { documentId: 't1', revision: 2 } });
  });
});
