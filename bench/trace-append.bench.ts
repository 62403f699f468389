// Bounded work per append (issue 13): an agent appends 10 new events to its trace graph as the trace grows from 10
// to 2,000 events. Through `wrangler dev` with the scripted OpenAI-compatible model (200 ms a call, concurrency 4):
// for each size, the prompt characters the model received for the 10-event append and the append's wall time
// (POST to committed revision), against the same 10 events extracted alone as a new trace (the baseline, measured
// in the same run). The model sees a bounded, relevant slice of existing nodes (core/extract/existing-nodes.ts), so
// prompt characters should stay flat; wall time also carries the whole-revision commit, which grows with the graph.
// --light: sizes 10 and 100 only.
// Run: npx tsx bench/trace-append.bench.ts [--light]
import { startDevServer } from './dev-server';
import { startScriptedModel } from './scripted-model';
import { LIGHT, report } from './report';

const SIZES = LIGHT ? [10, 100] : [10, 100, 2_000];
const MODEL = 'slow-200';
const STEP = 10;

const TOPICS = [
  'deploy',
  'cache',
  'lockfile',
  'database',
  'queue',
  'router',
  'scheduler',
  'billing',
  'search',
  'mailer',
];
function events(from: number, count: number) {
  return Array.from({ length: count }, (_, k) => {
    const seq = from + k;
    const topic = TOPICS[seq % TOPICS.length];
    const kind = (['user', 'tool_call', 'tool_result', 'assistant'] as const)[seq % 4];
    const text =
      kind === 'tool_result'
        ? `The ${topic} service ${seq} reported ${seq % 7} errors in the last run. Its log shows a timeout after ${seq * 3} ms.`
        : kind === 'assistant'
          ? `The ${topic} errors come from the timeout, so the ${topic} step ${seq} must be retried.`
          : kind === 'tool_call'
            ? `{"command":"inspect ${topic} ${seq}"}`
            : `Please check why the ${topic} job ${seq} is slow.`;
    return { seq, kind, text, ...(kind === 'tool_call' ? { name: 'shell' } : {}) };
  });
}

const model = await startScriptedModel();
const dev = await startDevServer({
  vars: {
    KG_MODELS: JSON.stringify([
      { provider: 'openai-compatible', model: MODEL, baseUrl: model.url, batchChars: 8000, concurrency: 4 },
    ]),
  },
});
const modelId = `openai-compatible:${MODEL}`;

async function post(pathname: string, body: unknown, token?: string) {
  const res = await fetch(`${dev.base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { taskId: string; documentId: string; writeCapability?: string };
  if (res.status !== 202) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function settle(taskId: string) {
  for (;;) {
    const task = (await (await fetch(`${dev.base}/api/tasks/${taskId}`)).json()) as {
      status: string;
      revision?: number;
      error?: unknown;
    };
    if (task.status === 'succeeded') return task;
    if (task.status !== 'queued' && task.status !== 'running')
      throw new Error(`task ${taskId} ${task.status}: ${JSON.stringify(task.error)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One measured step: prompt characters the model received and wall time from POST to committed revision. */
async function measured(run: () => Promise<{ taskId: string }>) {
  const before = await model.stats();
  const t0 = performance.now();
  const { taskId } = await run();
  await settle(taskId);
  const ms = performance.now() - t0;
  const after = await model.stats();
  return { ms, promptChars: after.promptChars - before.promptChars, calls: after.requests - before.requests };
}

try {
  // Baseline: the same 10 events extracted alone, as a new trace.
  const alone = await measured(
    () => post('/api/traces', { events: events(1, STEP), model: modelId }) as Promise<{ taskId: string }>,
  );
  console.log(
    `10 events alone: ${alone.promptChars.toLocaleString('en')} prompt chars in ${alone.calls} calls, ${Math.round(alone.ms)} ms`,
  );
  for (const size of SIZES) {
    const created = await post('/api/traces', { events: events(1, size), model: modelId });
    await settle(created.taskId);
    const nodes = (
      (await (await fetch(`${dev.base}/api/documents/${created.documentId}`)).json()) as { nodeCount: number }
    ).nodeCount;
    const step = await measured(
      () =>
        post(
          `/api/traces/${created.documentId}/events`,
          { events: events(size + 1, STEP), expectedRevision: 1, model: modelId },
          created.writeCapability,
        ) as Promise<{ taskId: string }>,
    );
    console.log(
      `append 10 events onto ${size} events (${nodes} nodes): ${step.promptChars.toLocaleString('en')} prompt chars in ${step.calls} calls, ${Math.round(step.ms)} ms`,
    );
    report({
      name: `trace append 10 onto ${size} events: prompt chars`,
      unit: 'chars',
      goal: null,
      better: 'lower',
      samples: [step.promptChars],
      note: `${nodes} nodes in the base; 10 events alone: ${alone.promptChars}`,
    });
    report({
      name: `trace append 10 onto ${size} events: wall`,
      unit: 'ms',
      goal: null,
      better: 'lower',
      samples: [step.ms],
      note: `POST to committed revision; 10 events alone: ${Math.round(alone.ms)} ms`,
    });
    report({
      name: `trace append 10 onto ${size} events: prompt vs alone`,
      unit: '×',
      goal: null,
      better: 'lower',
      samples: [step.promptChars / alone.promptChars],
      note: 'the model sees at most 200 existing nodes',
    });
  }
} finally {
  await dev.stop();
  model.child.kill();
}
