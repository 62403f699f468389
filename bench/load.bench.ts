// Light work under heavy work (issue 10, "Limits and fair use"): p50/p95 of status reads (GET /api/tasks/:id) and
// of GET /api/health, first on an idle server (the baseline), then while three maximum-size layouts (POST
// /api/layout, each just under the work budget) and three 1,000,000-character extractions run at once. Goal: p95 <
// 100 ms under load. Its own `wrangler dev` on 127.0.0.1 with a fresh state folder; bounded in requests and time
// (every read has a timeout that counts as its latency; the loaded phase ends when the heavy work is done or after
// MAX_LOAD_MS). --light: 20,000-character extractions and 300-node layouts, for a quick look.
// Run: npx tsx bench/load.bench.ts [--light]
import { sampleKnowledgeGraph } from '../core/layout/sample-graphs';
import type { LayoutGraph } from '../core/layout/types';
import { mixedText } from '../test/support/texts';
import { estimateLayoutCost } from '../worker/services/layout/cost';
import { LAYOUT_BUDGET, LAYOUT_LIMITS } from '../worker/services/layout/limits';
import { startDevServer } from './dev-server';
import { LIGHT, report } from './report';

const IDLE_READS = 60;
const READ_GAP_MS = 50;
const READ_TIMEOUT_MS = 60_000;
const MAX_LOAD_MS = LIGHT ? 60_000 : 300_000;
const TEXT_CHARS = LIGHT ? 20_000 : 1_000_000;
const LAYOUT_NODES = LIGHT ? 300 : 800;

const dev = await startDevServer();
const base = dev.base;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timed(path: string): Promise<{ ms: number; ok: boolean }> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
    await res.arrayBuffer();
    return { ms: performance.now() - t0, ok: res.ok };
  } catch {
    return { ms: performance.now() - t0, ok: false };
  }
}

function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** Reads `paths()` one after another, READ_GAP_MS apart, until `done()` or `count` reads. */
async function sampleReads(paths: () => string, done: () => boolean, count = Infinity) {
  const samples: number[] = [];
  let failed = 0;
  while (!done() && samples.length < count) {
    const r = await timed(paths());
    samples.push(r.ms);
    if (!r.ok) failed++;
    await sleep(READ_GAP_MS);
  }
  return { samples, failed };
}

async function startExtraction(chars: number, seed: number): Promise<string> {
  const text = `${seed}\n\n${mixedText(chars - 10)}`.slice(0, chars);
  const res = await fetch(`${base}/api/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  const body = (await res.json()) as { taskId?: string };
  if (res.status !== 202 || !body.taskId)
    throw new Error(`extraction refused: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body.taskId;
}

async function waitForTask(taskId: string, until: number): Promise<string> {
  for (;;) {
    const res = await fetch(`${base}/api/tasks/${taskId}`, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) }).catch(
      () => null,
    );
    const status = res?.ok ? ((await res.json()) as { status: string }).status : 'unreachable';
    if (status !== 'queued' && status !== 'running' && status !== 'unreachable') return status;
    if (Date.now() > until) return `still ${status}`;
    await sleep(500);
  }
}

/** A sample graph with labels cut to the route's limit (its generator writes some longer ones). */
function sample(seed: number, crossLinks: number): LayoutGraph {
  const g = sampleKnowledgeGraph(LAYOUT_NODES, { seed, crossLinks });
  return { nodes: g.nodes.map((n) => ({ ...n, label: n.label?.slice(0, LAYOUT_LIMITS.labelChars) })), edges: g.edges };
}

/** The densest sample graph whose estimated work is still within the budget: the largest layout we accept. */
function maximumLayout(seed: number): LayoutGraph {
  let best = sample(seed, 0.1);
  for (let cross = 0.15; cross <= 1.5; cross += 0.05) {
    const g = sample(seed, cross);
    if (estimateLayoutCost(g).units > LAYOUT_BUDGET) break;
    best = g;
  }
  return best;
}

async function postLayout(graph: LayoutGraph): Promise<string> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/layout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(graph),
    signal: AbortSignal.timeout(MAX_LOAD_MS),
  }).catch((e: Error) => ({ status: e.name, text: async () => '' }) as const);
  const detail = res.status === 200 ? '' : ` ${(await res.text()).slice(0, 120)}`;
  return `${res.status} in ${((performance.now() - t0) / 1000).toFixed(1)} s${detail}`;
}

function summary(label: string, r: { samples: number[]; failed: number }): { p50: number; p95: number } {
  const p50 = percentile(r.samples, 50);
  const p95 = percentile(r.samples, 95);
  console.log(
    `${label}: n=${r.samples.length} p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...r.samples).toFixed(0)} ms, failed ${r.failed}`,
  );
  return { p50, p95 };
}

try {
  // Baseline: a finished small task to read, then reads on an idle server.
  const small = await startExtraction(2_000, 0);
  await waitForTask(small, Date.now() + 60_000);
  await timed('/api/health');
  const idleHealth = await sampleReads(
    () => '/api/health',
    () => false,
    IDLE_READS,
  );
  const idleStatus = await sampleReads(
    () => `/api/tasks/${small}`,
    () => false,
    IDLE_READS,
  );

  // Heavy work: three extractions and three layouts at once, reads sampled until they are done.
  const graphs = [1, 2, 3].map((seed) => maximumLayout(seed));
  console.log(
    `layouts: ${graphs.map((g) => `${g.nodes.length} nodes/${g.edges.length} edges, ${estimateLayoutCost(g).units} units`).join('; ')} (budget ${LAYOUT_BUDGET})`,
  );
  const t0 = Date.now();
  const until = t0 + MAX_LOAD_MS;
  const tasks = await Promise.all([1, 2, 3].map((seed) => startExtraction(TEXT_CHARS, seed)));
  let finished = 0;
  const heavy = [
    ...graphs.map((g, i) => postLayout(g).then((r) => `layout ${i + 1}: ${r}`)),
    ...tasks.map((id, i) =>
      waitForTask(id, until).then((s) => `extraction ${i + 1}: ${s} after ${((Date.now() - t0) / 1000).toFixed(1)} s`),
    ),
  ].map((p) => p.finally(() => finished++));
  const allDone = () => finished === heavy.length || Date.now() > until;
  let turn = 0;
  const [loadHealth, loadStatus, outcomes] = await Promise.all([
    sampleReads(() => '/api/health', allDone),
    sampleReads(() => `/api/tasks/${tasks[turn++ % tasks.length]}`, allDone),
    Promise.all(heavy),
  ]);
  for (const line of outcomes) console.log(line);

  const ih = summary('health, idle', idleHealth);
  const is = summary('status, idle', idleStatus);
  const lh = summary('health, under load', loadHealth);
  const ls = summary('status, under load', loadStatus);
  const size = LIGHT ? 'light' : '3 x 1M chars + 3 max layouts';
  report({
    name: 'load: health p95, idle',
    unit: 'ms',
    goal: null,
    better: 'lower',
    samples: [ih.p95],
    note: `baseline; p50 ${ih.p50.toFixed(1)} ms`,
  });
  report({
    name: 'load: status p95, idle',
    unit: 'ms',
    goal: null,
    better: 'lower',
    samples: [is.p95],
    note: `baseline; p50 ${is.p50.toFixed(1)} ms`,
  });
  report({
    name: 'load: health p95 under load',
    unit: 'ms',
    goal: 100,
    better: 'lower',
    samples: [lh.p95],
    note: `${size}; p50 ${lh.p50.toFixed(1)} ms; issue 10`,
  });
  report({
    name: 'load: status p95 under load',
    unit: 'ms',
    goal: 100,
    better: 'lower',
    samples: [ls.p95],
    note: `${size}; p50 ${ls.p50.toFixed(1)} ms; issue 10`,
  });
} finally {
  await dev.stop();
}
