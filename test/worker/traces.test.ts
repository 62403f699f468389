// Agent traces (issue 13): POST /api/traces makes a document of a trace's events, POST /api/traces/:id/events
// appends only events after the last seq in the graph, GET /api/traces/:id/events maps events to units.
import { describe, expect, it } from 'vitest';
import { isLayerAnchor } from '../../core/concepts';
import { expectError, json, waitForTask, type GraphBody } from './helpers';

const HARNESS = [
  { seq: 1, type: 'turn/start', data: { turn: 1 } },
  {
    seq: 2,
    type: 'user/message',
    data: {
      content: [
        { type: 'text', text: 'Why does the build fail on the CI machine? I cleared the npm cache on it yesterday.' },
      ],
    },
  },
  { seq: 3, type: 'tool/call', data: { name: 'bash', arguments: { command: 'npm ci && npm test' } } },
  {
    seq: 4,
    type: 'tool/result',
    data: {
      content: [
        {
          type: 'text',
          text: 'The lockfile was written by npm 10. The CI machine runs npm 8. The cache directory is probably empty.',
        },
      ],
    },
  },
  { seq: 5, type: 'tool/progress', data: { pct: 40 } },
  {
    seq: 6,
    type: 'assistant/message',
    data: {
      content: [
        {
          type: 'text',
          text: 'The lockfile format differs between the two versions. Therefore the install step fails before the tests run.',
        },
      ],
    },
  },
  { seq: 7, type: 'turn/end', data: { turn: 1, reason: 'done' } },
];

const MORE = [
  { seq: 8, kind: 'tool_result', text: 'After the upgrade the CI machine runs npm 10. All 42 tests passed.' },
  { seq: 9, kind: 'assistant', text: 'The upgrade fixed the install step, so the build is green again.' },
];

async function createTrace(body: Record<string, unknown>) {
  const res = await json('/api/traces', { method: 'POST', json: body });
  expect(res.status).toBe(202);
  return res.body as { documentId: string; taskId: string; writeCapability: string; events: Record<string, number> };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function graph(documentId: string): Promise<GraphBody> {
  return (await json<GraphBody>(`/api/documents/${documentId}/graph?limit=800`)).body;
}

describe('agent traces', () => {
  it('extracts a harness trace: events listed with their units, tool results as facts, the agent’s conclusion as an inference', async () => {
    const created = await createTrace({ events: HARNESS });
    expect(created.events).toEqual({ accepted: 6, ignored: 1, duplicates: 0, skipped: 0 });
    expect((await waitForTask(created.taskId)).status).toBe('succeeded');
    const doc = (await json(`/api/documents/${created.documentId}`)).body;
    expect(doc.summary).not.toMatch(/#\d+ |User:|Tool result:/);
    expect(doc).toMatchObject({
      sourceKind: 'trace',
      title: expect.stringMatching(/^Trace: Why does the build fail on the CI machine\? I cleared/),
    });

    const events = (await json(`/api/traces/${created.documentId}/events`)).body;
    expect(events.events.map((e: { seq: number; type: string }) => [e.seq, e.type])).toEqual([
      [1, 'turn/start'],
      [2, 'user/message'],
      [3, 'tool/call'],
      [4, 'tool/result'],
      [6, 'assistant/message'],
      [7, 'turn/end'],
    ]);
    const unitsOf = (seq: number) => {
      const e = events.events.find((x: { seq: number }) => x.seq === seq);
      return (n: number | null) => n !== null && n >= e.firstUnit && n <= e.lastUnit;
    };

    const { nodes } = await graph(created.documentId);
    // The extracted statements (the concept layer's anchors are concepts by design, wherever their term first stands).
    const inTool = nodes.filter((n) => !isLayerAnchor(n) && unitsOf(4)(n.paragraph));
    const inReply = nodes.filter((n) => unitsOf(6)(n.paragraph));
    expect(inTool.length).toBeGreaterThan(0);
    expect(inTool.every((n) => n.type === 'fact')).toBe(true);
    expect(inReply.find((n) => /install step fails/.test(n.text))?.type).toBe('inference');
    // Who stands behind a statement decides its type, whatever its wording: what a tool printed was observed (a
    // fact, even hedged), what the user reports is their unverified claim (even with a date in it).
    expect(inTool.find((n) => /cache directory is probably empty/.test(n.text))?.type).toBe('fact');
    const inUser = nodes.filter((n) => unitsOf(2)(n.paragraph));
    expect(inUser.find((n) => /cleared the npm cache/.test(n.text))?.type).toBe('claim');
    // Turn markers and tool calls are actions, not propositions; no node quotes the #seq prefix or a label.
    expect(nodes.some((n) => unitsOf(1)(n.paragraph) || unitsOf(3)(n.paragraph) || unitsOf(7)(n.paragraph))).toBe(
      false,
    );
    for (const n of nodes) expect(n.quote).not.toMatch(/^#\d+|Tool result:|Assistant:/);
  });

  it('appends only new events: replays are ignored, a stale revision and a replay-only append are refused', async () => {
    const created = await createTrace({
      events: [{ seq: 1, kind: 'user', text: 'Check the build.' }, ...HARNESS.slice(1)],
    });
    await waitForTask(created.taskId);
    const before = await graph(created.documentId);

    const replay = await json(`/api/traces/${created.documentId}/events`, {
      method: 'POST',
      json: { events: HARNESS, expectedRevision: 1 },
      headers: auth(created.writeCapability),
    });
    expectError(replay, 409, 'empty');

    const stale = await json(`/api/traces/${created.documentId}/events`, {
      method: 'POST',
      json: { events: MORE, expectedRevision: 0 },
      headers: auth(created.writeCapability),
    });
    expectError(stale, 409, 'revision_conflict');

    const unauthorised = await json(`/api/traces/${created.documentId}/events`, {
      method: 'POST',
      json: { events: MORE },
    });
    expectError(unauthorised, 401, 'unauthorized');

    const appended = await json(`/api/traces/${created.documentId}/events`, {
      method: 'POST',
      json: { events: [...HARNESS, ...MORE], expectedRevision: 1 },
      headers: auth(created.writeCapability),
    });
    expect(appended.status).toBe(202);
    expect(appended.body.events).toEqual({ accepted: 2, ignored: 1, duplicates: 6, skipped: 0 });
    expect((await waitForTask(appended.body.taskId)).revision).toBe(2);

    const events = (await json(`/api/traces/${created.documentId}/events`)).body;
    expect(events.revision).toBe(2);
    expect(events.events.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3, 4, 6, 7, 8, 9]);
    const after = await graph(created.documentId);
    // Every extracted node is kept as it was; the concept layer's anchors are recomputed over the whole trace.
    for (const node of before.nodes.filter((n) => !isLayerAnchor(n)))
      expect(after.nodes.find((n) => n.id === node.id)).toEqual(node);
    const last = events.events.at(-1);
    const added = after.nodes.filter((n) => (n.paragraph ?? 0) >= events.events.at(-2).firstUnit);
    expect(added.some((n) => n.type === 'fact' && /42 tests passed/.test(n.text))).toBe(true);
    expect(added.some((n) => (n.paragraph ?? 0) >= last.firstUnit && n.type === 'inference')).toBe(true);

    const again = await json(`/api/traces/${created.documentId}/events`, {
      method: 'POST',
      json: { events: MORE },
      headers: auth(created.writeCapability),
    });
    expectError(again, 409, 'empty');
  });

  it('labels a Chinese trace in Chinese and reads 所以 in a reply as an inference', async () => {
    const created = await createTrace({
      events: [
        { seq: 1, kind: 'user', text: '为什么页面加载很慢？' },
        { seq: 2, kind: 'tool_result', text: '首页请求了 48 个脚本文件。' },
        { seq: 3, kind: 'assistant', text: '脚本文件太多，所以首页加载很慢。' },
      ],
    });
    await waitForTask(created.taskId);
    const doc = (await json(`/api/documents/${created.documentId}`)).body;
    expect(doc.title).toBe('轨迹：为什么页面加载很慢？');
    const units = (await json(`/api/documents/${created.documentId}/units`)).body.units as { text: string }[];
    expect(units.map((u) => u.text)).toEqual([
      '#1 用户消息：为什么页面加载很慢？',
      '#2 工具结果：首页请求了 48 个脚本文件。',
      '#3 AI 回复：脚本文件太多，所以首页加载很慢。',
    ]);
    const { nodes } = await graph(created.documentId);
    expect(nodes.find((n) => n.paragraph === 2)?.type).toBe('fact');
    expect(nodes.some((n) => n.paragraph === 3 && n.type === 'inference')).toBe(true);
  });

  it('refuses bad input with typed errors', async () => {
    expectError(await json('/api/traces', { method: 'POST', json: { events: [] } }), 400, 'invalid_input');
    expectError(
      await json('/api/traces', { method: 'POST', json: { events: [{ seq: 1, kind: 'robot', text: 'x' }] } }),
      400,
      'invalid_input',
    );
    expectError(
      await json('/api/traces', { method: 'POST', json: { events: [{ seq: -1, kind: 'user', text: 'x' }] } }),
      400,
      'invalid_input',
    );
    expectError(
      await json('/api/traces', { method: 'POST', json: { events: [{ seq: 1, type: 'tool/progress', data: {} }] } }),
      400,
      'invalid_input',
    );
    const doc = await json('/api/documents', { method: 'POST', json: { text: 'Plain text is not a trace.' } });
    await waitForTask(doc.body.taskId);
    const notTrace = await json(`/api/traces/${doc.body.documentId}/events`, {
      method: 'POST',
      json: { events: MORE },
      headers: auth(doc.body.writeCapability),
    });
    expectError(notTrace, 400, 'invalid_input');
  });
});
