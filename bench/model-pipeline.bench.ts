// The model path at book scale: 1,000,000 characters through the pipeline against the scripted OpenAI-compatible
// server answering every call after 200 ms. Prints wall time against the ideal (calls × latency ÷ concurrency), the
// pipeline's own CPU time against model time (calls × latency), where the rest of the wall time goes (before the
// first call, after the last answer, call slots left idle: bench/call-timeline.ts), prompt characters sent per source
// character and the duplicate rate of concepts across batches; then the same text end to end through `wrangler dev`
// (POST to committed revision; CPU of the workerd processes: the runtime apart from wrangler's dev proxy).
// Goals (issues 3 and 17): within 1.15× of the ideal; the pipeline's CPU under 5 % of model time (4 runs in one process at
// 1M chars: the first, V8 still optimising, is printed apart; the goal is read on the median of the others). --light: 256,000
// characters (32 calls, a whole number of waves of 4, as at 1M chars), 3 runs in Node only; the ideal is the same
// formula at either size.
// First, the answer's size per source character on reference answer sets, before and after quoteless nodes
// (issue 29: bench/answer-size.ts).
// Run: npx tsx bench/model-pipeline.bench.ts [--light | --node-only | --dev-only]
import { runPipeline } from '../core/extract/pipeline';
import { segment } from '../core/units';
import { callTimeline, describeTimeline } from './call-timeline';
import { startDevServer } from './dev-server';
import { startScriptedModel } from './scripted-model';
import { systemScheduler } from '../test/support/scheduler';
import { mixedText } from '../test/support/texts';
import { createModelExtractor } from '../models/providers/model-extractor';
import type { ModelConfig } from '../models/config';
import { LIGHT, report } from './report';
import { answerSizes, describeAnswerSize } from './answer-size';

const LATENCY_MS = 200;
const CONCURRENCY = 4;
const BATCH_CHARS = 8000;
const CHARS = LIGHT ? 256_000 : 1_000_000;
/** The first run after the short warm-up still pays for V8 optimising the hot paths (about 0.4 s at 1M chars); the
 * runs after it are what a process that has already worked meets. Both are printed; the goal is read on the later. */
const NODE_RUNS = LIGHT ? 3 : 4;
const WALL_GOAL = 1.15;
/** How often the wrangler-dev run reads the task's status: twice a second, as an API client would (see below). */
const TASK_POLL_MS = 500;
const CPU_GOAL_PERCENT = 5;

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** Epoch milliseconds with sub-millisecond resolution (the model server stamps calls with Date.now()). */
const epochNow = () => performance.timeOrigin + performance.now();

for (const size of answerSizes()) {
  console.log(describeAnswerSize(size));
  report({
    name: `answer chars per source char, quoteless nodes (${size.set})`,
    unit: 'chars/char',
    goal: null,
    better: 'lower',
    samples: [size.after / size.sourceChars],
    note: `every node quoted: ${(size.before / size.sourceChars).toFixed(3)} (issue 29)`,
  });
}

const text = mixedText(CHARS);
const server = await startScriptedModel();
const model = `slow-${LATENCY_MS}`;
const config: ModelConfig = {
  id: `openai-compatible:${model}`,
  provider: 'openai-compatible',
  model,
  label: model,
  image: false,
  default: true,
  baseUrl: server.url,
  jsonMode: true,
  concurrency: CONCURRENCY,
  batchChars: BATCH_CHARS,
  timeoutMs: 60_000,
};

try {
  // 1. In Node: the pipeline with the real model extractor (AI SDK, streaming) over HTTP.
  // Warm up first: a cold start (module loading, JIT) is not the pipeline's CPU, and would weigh four times more at
  // the light size than at 1M chars.
  await runPipeline({
    documentId: 'warm',
    sourceId: 'warm',
    title: 'warm',
    units: segment(text.slice(0, 32_000)).units,
    extractor: createModelExtractor({} as Env, config),
    concurrency: CONCURRENCY,
    scheduler: systemScheduler,
  });
  const ratios: number[] = [];
  const cpuShares: number[] = [];
  const cpuPerMillion: number[] = [];
  for (let run = 0; run < (process.argv.includes('--dev-only') ? 0 : NODE_RUNS); run++) {
    await server.reset();
    const cpu0 = process.cpuUsage();
    const start = epochNow();
    const { units } = segment(text);
    const result = await runPipeline({
      documentId: 'bench',
      sourceId: 'bench',
      title: 'bench',
      units,
      extractor: createModelExtractor({} as Env, config),
      scheduler: systemScheduler,
      concurrency: CONCURRENCY,
    });
    const end = epochNow();
    const wall = end - start;
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const s = await server.stats();
    const ideal = (s.requests * LATENCY_MS) / CONCURRENCY;
    const modelMs = s.requests * LATENCY_MS;
    ratios.push(wall / ideal);
    cpuShares.push((cpuMs / modelMs) * 100);
    cpuPerMillion.push((cpuMs * 1_000_000) / CHARS);
    const timeline = callTimeline(await server.spans(), { startMs: start, endMs: end }, CONCURRENCY, LATENCY_MS);
    const concepts = result.graph.nodes.filter((n) => n.type === 'concept');
    const distinct = new Set(concepts.map((n) => n.text.toLowerCase().replace(/s$/, '')));
    console.log(
      `model pipeline in Node, ${CHARS.toLocaleString('en')} chars, ${LATENCY_MS} ms per call, concurrency ${CONCURRENCY}, batches of ${BATCH_CHARS} chars (run ${run + 1} of ${NODE_RUNS}):`,
    );
    console.log(
      `  calls ${s.requests} (peak in flight ${s.maxInFlight}); wall ${fmt(wall)} vs ideal ${fmt(ideal)} → ${(wall / ideal).toFixed(3)}× (goal ≤ ${WALL_GOAL}×)`,
    );
    const served = s.serviceMs / CONCURRENCY;
    console.log(
      `  the server's own time per call averaged ${(s.serviceMs / s.requests).toFixed(0)} ms: against that ideal (${fmt(served)}) → ${(wall / served).toFixed(3)}×`,
    );
    console.log(
      `  pipeline CPU ${cpuMs.toFixed(0)} ms = ${((cpuMs / modelMs) * 100).toFixed(1)} % of model time (${fmt(modelMs)} of calls; goal < ${CPU_GOAL_PERCENT} %)`,
    );
    for (const line of describeTimeline(timeline, ideal)) console.log(`  ${line}`);
    console.log(`  prompt chars sent per source char: ${(s.promptChars / CHARS).toFixed(3)}`);
    console.log(
      `  graph ${result.graph.nodes.length} nodes, ${result.graph.edges.length} edges; merge folded ${result.audit.merge.duplicateNodes} of ${result.audit.merge.inputNodes} input nodes ` +
        `(${((result.audit.merge.duplicateNodes / result.audit.merge.inputNodes) * 100).toFixed(1)} %, ${result.audit.merge.nearDuplicateNodes} by lexical similarity); ` +
        `concepts left ${concepts.length} for ${distinct.size} distinct terms → residual duplicate rate ${(((concepts.length - distinct.size) / Math.max(1, concepts.length)) * 100).toFixed(1)} %`,
    );
  }
  if (ratios.length)
    report({
      name: 'model pipeline (Node): wall / ideal',
      unit: '×',
      goal: WALL_GOAL,
      better: 'lower',
      samples: ratios,
      gate: 1.35,
      note: `${CHARS.toLocaleString('en')} chars, 200 ms per call, concurrency 4; issues 3 and 17 (CI gate 1.35: the lanes that gated before freeing their slot measured 1.27-1.5 light)`,
    });
  if (ratios.length) {
    report({
      name: 'model pipeline (Node): CPU / model time',
      unit: '%',
      goal: CPU_GOAL_PERCENT,
      better: 'lower',
      samples: cpuShares.slice(1),
      gate: 18,
      note: `issue 17: runs 2-${NODE_RUNS} of one process (CI gate 18 %: 8-16 % measured light on a loaded machine)`,
    });
    report({
      name: 'model pipeline (Node): CPU / model time, first run',
      unit: '%',
      goal: null,
      better: 'lower',
      samples: cpuShares.slice(0, 1),
      note: 'the first run after a 4-batch warm-up, V8 still optimising',
    });
  }
  if (ratios.length)
    report({
      name: 'model pipeline CPU per 1M chars',
      unit: 'ms',
      goal: null,
      better: 'lower',
      samples: cpuPerMillion,
      note: 'the same CPU per million source characters',
    });
  if (!LIGHT && !process.argv.includes('--node-only')) await throughWranglerDev();
} finally {
  server.child.kill();
}

/** 2. End to end through wrangler dev (Durable Object, checkpoints in R2, commit to D1). */
async function throughWranglerDev(): Promise<void> {
  await server.reset();
  const dev = await startDevServer({
    vars: {
      KG_MODELS: JSON.stringify([
        {
          provider: 'openai-compatible',
          model,
          baseUrl: server.url,
          batchChars: BATCH_CHARS,
          concurrency: CONCURRENCY,
        },
      ]),
    },
  });
  try {
    const base = dev.base;
    const cpu0 = dev.workerdCpuMs();
    const roles0 = dev.workerdCpuByRole();
    const start = epochNow();
    const created = await (
      await fetch(`${base}/api/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, model: config.id }),
      })
    ).json();
    const posted = epochNow();
    // The end is when the committed revision is visible to a reader (the listing, read from D1). Requests wait while
    // the isolate is busy (the Durable Object shares it locally), so the task's own status may show up later; it is polled every
    // TASK_POLL_MS for the stages, as a program using the task API would (the page polls nothing: its progress is pushed over a
    // WebSocket), and the listing every 25 ms once the task is committing (polling it all along would load the isolate being
    // measured). Polled at 10 Hz, these reads cost the runtime thread about 0.7 s of CPU at 1M chars and ~0.04 of the ratio.
    let committed = 0;
    let cpuMs = 0;
    let roles = { runtime: 0, proxy: 0 };
    let ended: string | undefined;
    // Set once the last waves of calls are under way: the listing is read every 25 ms from then on, so that a slow
    // status poll never delays the moment the revision is seen.
    let nearEnd = false;
    const stages = new Map<string, number>();
    const watchStages = async () => {
      while (!committed) {
        const task = await (await fetch(`${base}/api/tasks/${created.taskId}`)).json();
        if (!stages.has(task.stage)) stages.set(task.stage, epochNow());
        if (task.stage !== 'segment' && task.stage !== 'extract') nearEnd = true;
        if (task.progress?.total && task.progress.done >= task.progress.total - 3 * CONCURRENCY) nearEnd = true;
        if (task.status !== 'queued' && task.status !== 'running') {
          ended = task.status;
          return;
        }
        await new Promise((r) => setTimeout(r, TASK_POLL_MS));
      }
    };
    const watchCommit = async () => {
      for (;;) {
        await new Promise((r) => setTimeout(r, 25));
        if (ended && ended !== 'succeeded') throw new Error(`the extraction ended ${ended}`);
        if (!nearEnd && !ended) continue;
        const listing = await (
          await fetch(`${base}/api/documents?limit=5`, {
            headers: { 'x-kg-capabilities': created.writeCapability ?? '' },
          })
        ).json();
        if (
          listing.items.some(
            (d: { documentId: string; revision: number }) => d.documentId === created.documentId && d.revision >= 1,
          )
        ) {
          committed = epochNow();
          cpuMs = dev.workerdCpuMs() - cpu0;
          const roles1 = dev.workerdCpuByRole();
          roles = { runtime: roles1.runtime - roles0.runtime, proxy: roles1.proxy - roles0.proxy };
          return;
        }
      }
    };
    await Promise.all([watchStages(), watchCommit()]);
    const end = committed;
    const task = await (await fetch(`${base}/api/tasks/${created.taskId}`)).json();
    const statusSeen = epochNow();
    const e2e = end - start;
    const s2 = await server.stats();
    const ideal = (s2.requests * LATENCY_MS) / CONCURRENCY;
    const modelMs = s2.requests * LATENCY_MS;
    const timeline = callTimeline(await server.spans(), { startMs: start, endMs: end }, CONCURRENCY, LATENCY_MS);
    console.log(
      `through wrangler dev: ${task.status} in ${fmt(e2e)} (POST to committed revision) vs ideal ${fmt(ideal)} → ${(e2e / ideal).toFixed(3)}× (served-time ideal ${(e2e / (s2.serviceMs / CONCURRENCY)).toFixed(3)}×); ${s2.requests} calls (peak in flight ${s2.maxInFlight}), ${task.progress.charsReceived.toLocaleString('en')} chars received`,
    );
    const share = (ms: number) => `${((ms / modelMs) * 100).toFixed(1)} % of model time`;
    console.log(
      `  workerd CPU ${cpuMs.toFixed(0)} ms = ${share(cpuMs)} (10 ms resolution; the bench's polls and what after-commit work ran before the revision showed are included):`,
    );
    console.log(
      `    the runtime (Worker, Durable Object, and miniflare's D1 and R2 simulators, all on one thread) ${roles.runtime} ms = ${share(roles.runtime)}; wrangler's dev proxy in front of it ${roles.proxy} ms = ${share(roles.proxy)}`,
    );
    console.log(
      `    the pipeline's own CPU, measured alone, is the Node figure above (goal < ${CPU_GOAL_PERCENT} %): one thread here runs our isolate and the storage simulators, and a profile cannot split them`,
    );
    for (const line of describeTimeline(timeline, ideal)) console.log(`  ${line}`);
    const lastAnswer = start + e2e - timeline.afterLastMs;
    const seen = [...stages].map(([stage, at]) => `${stage} ${((at - lastAnswer) / 1000).toFixed(2)} s`).join(', ');
    console.log(
      `  the POST answered after ${fmt(posted - start)}; stages first seen (relative to the last answer): ${seen}; the task's status answered ${fmt(statusSeen - end)} after the revision was visible`,
    );
    // The task's own clock stops when its revision is committed (elapsedMs from its start, just after the POST):
    // that splits the time after the last answer into the commit path and what delayed a reader after it.
    const committedAt = posted + task.elapsedMs;
    console.log(
      `  after the last answer: ${fmt(committedAt - lastAnswer)} until the revision was committed (last checkpoints, merge, checks, one D1 batch of the whole revision), ` +
        `then ${fmt(end - committedAt)} until a reader saw it (about, from the task's elapsed time; the after-commit hooks wait a second, so that readers go first)`,
    );
    report({
      name: 'model pipeline (wrangler dev): e2e / ideal',
      unit: '×',
      goal: WALL_GOAL,
      better: 'lower',
      samples: [e2e / ideal],
      note: 'POST to committed revision; issues 3 and 17',
    });
    report({
      name: 'model pipeline (wrangler dev): workerd CPU / model time',
      unit: '%',
      goal: null,
      better: 'lower',
      samples: [(cpuMs / modelMs) * 100],
      note: 'all workerd processes from POST to committed revision; the goal is read on the pipeline alone (Node)',
    });
    report({
      name: 'model pipeline (wrangler dev): runtime workerd CPU / model time',
      unit: '%',
      goal: null,
      better: 'lower',
      samples: [(roles.runtime / modelMs) * 100],
      note: "the Worker, its Durable Object and miniflare's storage simulators; without wrangler's dev proxy",
    });
  } finally {
    await dev.stop();
  }
}
