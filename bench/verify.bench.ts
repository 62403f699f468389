// Benchmark: the quick check (core/verify quickCheck: the invariant gate, every blocking and quality rule, the
// duplicate and contradiction search through the token index, metrics) on the whole canonical graph of a
// 1,000,000-character document (--light: 100,000 characters). Run: npx tsx bench/verify.bench.ts [--light]
// Goal (issue 11): under 2 s of server CPU on the 1M-character document (14,000+ nodes), without an O(n²) search.
// The graph is what the task runner publishes: the same corpus as bench/heuristic.bench.ts (MINE essays, the two
// Chinese seed documents, the mixed sample text) segmented and extracted in-process by builtin:heuristic through
// the real pipeline (batches, gate, merge). Loading from D1 is not timed (it is I/O, not the check's CPU).
// Each run is timed by process.cpuUsage (user + system CPU of this process); one warm-up, then the median of 5.
// Full runs also time the whole request through `wrangler dev` (POST /verify after a real 1M-character extraction:
// the D1 reads of the graph, the check, storing the report): CPU time of the workerd processes from /proc.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runPipeline } from '../core/extract/pipeline';
import { createHeuristicExtractor } from '../core/extractors/heuristic';
import { segment } from '../core/units';
import { quickCheck } from '../core/verify';
import { systemScheduler } from '../test/support/scheduler';
import { mixedText } from '../test/support/texts';
import { startDevServer, workerdCpuMs } from './dev-server';
import { LIGHT, median, report } from './report';

const TARGET = LIGHT ? 100_000 : 1_000_000;
const RUNS = 5;
/** CPU ms for the 1M-character document; the light size gets the same budget per character. */
const GOAL_MS_AT_1M = 2_000;
const FIXTURES = fileURLToPath(new URL('../test/fixtures/', import.meta.url));

/** The corpus of bench/heuristic.bench.ts, built the same way. */
function buildCorpus(target: number): string {
  const essays = (JSON.parse(readFileSync(`${FIXTURES}mine/essays.json`, 'utf8')) as { content: string }[]).map(
    (e) => e.content,
  );
  const chinese = ['dsh-knowledge-graph-readme.zh.txt', 'insight-engine-design.zh.md']
    .map((f) => readFileSync(`${FIXTURES}zh/${f}`, 'utf8'))
    .join('\n\n');
  const mixed = mixedText(200_000);
  const window = (source: string, i: number, size: number) => {
    const at = (i * size) % Math.max(1, source.length - size);
    const from = source.indexOf('\n\n', at);
    return source.slice(from < 0 ? at : from + 2, (from < 0 ? at : from + 2) + size);
  };
  const chunks: string[] = [];
  let length = 0;
  for (let i = 0; length < target; i++) {
    const piece = [
      essays[i % essays.length],
      window(chinese, i, 3000),
      window(mixed, i, 3000),
      window(chinese, i + 7, 3000),
      window(mixed, i + 5, 3000),
    ][i % 5];
    chunks.push(piece);
    length += piece.length + 2;
  }
  return chunks.join('\n\n').slice(0, target);
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

async function main(): Promise<void> {
  const text = process.argv.includes('--corpus') ? buildCorpus(TARGET) : mixedText(TARGET);
  const { units } = segment(text);
  const t0 = performance.now();
  const { graph } = await runPipeline({
    documentId: 'bench',
    sourceId: 'bench',
    title: 'bench',
    units,
    extractor: createHeuristicExtractor(),
    scheduler: systemScheduler,
  });
  const extractMs = performance.now() - t0;
  const fmt = (n: number) => n.toLocaleString('en-US');
  console.log(
    `text: ${fmt(text.length)} chars, ${fmt(units.length)} units; canonical graph: ${fmt(graph.nodes.length)} nodes, ${fmt(graph.edges.length)} relations (extracted in ${(extractMs / 1000).toFixed(1)} s, not timed)`,
  );

  const run = () => quickCheck({ documentId: 'bench', revision: 1, graph, units, now: 0, reportId: 'bench' });
  let last = run();
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const w = performance.now();
    const c = process.cpuUsage();
    last = run();
    cpu.push(cpuMs(c));
    wall.push(performance.now() - w);
  }
  const m = last.metrics;
  const top = Object.entries(m.issueCounts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([k, v]) => `${k} ${fmt(v)}`)
    .join(', ');
  console.log(
    `report: ${fmt(m.errorCount)} errors, ${fmt(m.warningCount)} warnings, ${fmt(m.suggestionCount)} suggestions (${fmt(last.issues.length)} listed, ${fmt(m.omittedIssues)} omitted); ${top}`,
  );
  console.log(
    `metrics: components ${fmt(m.connectedComponents)}, isolated ${fmt(m.isolatedNodes)}, anchor ${m.anchorCoverage}%, evidence ${m.evidenceCoverage}%, unit coverage ${m.paragraphCoverage}%; report JSON ${fmt(JSON.stringify(last).length)} chars`,
  );
  const goal = Math.round((GOAL_MS_AT_1M * text.length) / 1_000_000);
  console.log(
    `quick check, ${fmt(graph.nodes.length)} nodes: CPU median ${median(cpu).toFixed(0)} ms (min ${Math.min(...cpu).toFixed(0)}, max ${Math.max(...cpu).toFixed(0)}), wall median ${median(wall).toFixed(0)} ms; goal < ${fmt(goal)} ms`,
  );
  report({
    name: `quick check ${LIGHT ? '100k' : '1M'} chars`,
    unit: 'ms',
    goal,
    better: 'lower',
    samples: cpu,
    note: `${fmt(graph.nodes.length)} nodes, ${fmt(graph.edges.length)} relations, CPU time; issue 11: < 2 s on the 1M-character document`,
  });
}

async function throughWorker(): Promise<void> {
  const dev = await startDevServer();
  try {
    const created = await fetch(`${dev.base}/api/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: mixedText(1_000_000) }),
    }).then((r) => r.json());
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const task = await fetch(`${dev.base}/api/tasks/${created.taskId}`).then((r) => r.json());
      if (task.status === 'succeeded') break;
      if (task.status !== 'queued' && task.status !== 'running') throw new Error(`extraction ended ${task.status}`);
    }
    // Let the after-commit hooks (insights, candidates) finish before timing anything.
    await new Promise((r) => setTimeout(r, 5_000));
    const cpu: number[] = [];
    const wall: number[] = [];
    let nodes = 0;
    for (let r = 0; r < 6; r++) {
      const c0 = workerdCpuMs(dev.pid);
      const w0 = performance.now();
      const res = await fetch(`${dev.base}/api/documents/${created.documentId}/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"mode":"quick"}',
      });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`verify answered ${res.status} ${JSON.stringify(body)}`);
      wall.push(performance.now() - w0);
      nodes = body.report.metrics.checkedNodes;
      // The first request warms the isolate up (module compilation); it is not counted.
      if (r > 0) cpu.push(workerdCpuMs(dev.pid) - c0);
    }
    console.log(
      `through wrangler dev, ${nodes.toLocaleString('en-US')} nodes: workerd CPU per POST /verify median ${median(cpu).toFixed(0)} ms (${cpu.map((x) => x.toFixed(0)).join(', ')}; 10 ms resolution), wall median ${median(wall).toFixed(0)} ms`,
    );
    report({
      name: 'quick check request 1M chars (workerd CPU)',
      unit: 'ms',
      goal: GOAL_MS_AT_1M,
      better: 'lower',
      samples: cpu,
      note: `POST /verify through wrangler dev on ${nodes.toLocaleString('en-US')} nodes: D1 reads, the check, the stored report`,
    });
  } finally {
    await dev.stop();
  }
}

void main().then(() => (LIGHT || process.argv.includes('--node-only') ? undefined : throughWorker()));
