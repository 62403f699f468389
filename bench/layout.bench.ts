// Layout benchmark: our layered layout (ELK per component, relation priorities, label placement) against the plain
// whole-graph ELK layered call with default options, on seeded knowledge-graph shaped graphs of 100, 400 and 800
// nodes. Times: through the running Worker (`wrangler dev`, HTTP round trip of POST /api/layout, cold = computed,
// cached = repeat) and in Node (wall and CPU; median of 5 interleaved runs after a warm-up). Quality: scoreLayout for both.
// Run: npx tsx bench/layout.bench.ts
import ELK from 'elkjs/lib/elk.bundled.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { layoutCircle, layoutForce, layoutLayered, layoutRadial, scoreLayout, type LayoutGraph, type LayoutResult, type LayoutScore } from '../core/layout';
import { sampleKnowledgeGraph } from '../core/layout/sample-graphs';
import { applyMigrations, freePort, startWranglerDev, stopProcess, waitForHealth } from '../scripts/lib/wrangler.mjs';
import { baselineLayered } from './layout/baseline';

const SIZES = [100, 400, 800];
const elk = new ELK();

interface Timing {
  wallMs: number;
  cpuMs: number;
}

async function timed<T>(run: () => Promise<T> | T, repeats = 3): Promise<{ value: T; time: Timing }> {
  const walls: number[] = [];
  const cpus: number[] = [];
  let value!: T;
  for (let i = 0; i < repeats; i++) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    value = await run();
    walls.push(performance.now() - t0);
    const cpu = process.cpuUsage(cpu0);
    cpus.push((cpu.user + cpu.system) / 1000);
  }
  return { value, time: { wallMs: median(walls), cpuMs: median(cpus) } };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (v: number) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;

async function postLayout(base: string, graph: LayoutGraph): Promise<{ ms: number; cache: string; body: LayoutResult }> {
  for (let attempt = 0; ; attempt++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/layout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(graph) });
    const text = await res.text();
    const elapsed = performance.now() - t0;
    // wrangler dev reloads the Worker when any source file in the tree changes; such a request is retried.
    if (res.status === 503 && attempt < 2) {
      console.log('  (the Worker was reloaded mid-request; retrying)');
      continue;
    }
    if (res.status !== 200) throw new Error(`POST /api/layout: ${res.status} ${text.slice(0, 300)}`);
    return { ms: elapsed, cache: res.headers.get('x-kg-layout-cache') ?? '?', body: JSON.parse(text) as LayoutResult };
  }
}

const SCORE_ROWS: Array<[keyof LayoutScore, string]> = [
  ['nodeOverlaps', 'node-node overlaps'],
  ['edgesThroughNodes', 'edges through nodes'],
  ['labelOverlaps', 'label-label overlaps'],
  ['labelNodeOverlaps', 'label-node overlaps'],
  ['edgeCrossings', 'edge crossings'],
  ['totalEdgeLength', 'total edge length (px)'],
  ['bends', 'bends'],
  ['area', 'area (px²)'],
  ['hiddenLabels', 'hidden labels (hover)'],
];

function verdict(ours: number, base: number): string {
  if (ours < base) return `better (${base === 0 ? '' : `${Math.round((1 - ours / base) * 100)}% less`})`.replace(' ()', '');
  return ours === base ? 'equal' : `WORSE (+${Math.round((ours / base - 1) * 100)}%)`;
}

const stateDir = mkdtempSync(path.join(tmpdir(), 'kg-layout-bench-'));
applyMigrations(stateDir, { quiet: true });
const port = await freePort();
const child = startWranglerDev({ port, stateDir });
const base = `http://127.0.0.1:${port}`;
try {
  await waitForHealth(base, 90_000, child);
  // Warm-up: the first layout builds ELK in the isolate and compiles it; "cold" below means a graph the Worker has
  // not laid out before, in a warm isolate.
  const first = await postLayout(base, sampleKnowledgeGraph(400, { seed: 999 }));
  console.log(`Worker warm-up: the first layout in a fresh isolate (400 nodes, ELK built and compiled) took ${ms(first.ms)}.\n`);
  await layoutLayered(sampleKnowledgeGraph(400, { seed: 998 }), elk);
  await baselineLayered(sampleKnowledgeGraph(400, { seed: 998 }), elk);

  console.log('Layered layout: ours (ELK per component, relation priorities, tail labels + placement) vs plain ELK layered');
  console.log('(whole graph, default options, same node and label sizes). Node times: median of 5 interleaved runs after warm-up.\n');
  for (const size of SIZES) {
    const graph = sampleKnowledgeGraph(size);
    const cold = await postLayout(base, graph);
    const cachedRuns = [];
    for (let i = 0; i < 5; i++) cachedRuns.push(await postLayout(base, graph));
    const cached = median(cachedRuns.map((r) => r.ms));
    // The floor of any round trip through wrangler dev's proxy on this machine, for scale.
    const floorRuns = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.text());
      floorRuns.push(performance.now() - t0);
    }
    // Interleaved, so both see the same machine load; medians of 5.
    const oursRuns: Array<{ value: LayoutResult; time: Timing }> = [];
    const baseRuns: Array<{ value: LayoutResult; time: Timing }> = [];
    for (let i = 0; i < 5; i++) {
      oursRuns.push(await timed(() => layoutLayered(graph, elk), 1));
      baseRuns.push(await timed(() => baselineLayered(graph, elk), 1));
    }
    const summary = (runs: typeof oursRuns) => ({
      value: runs[0].value,
      time: { wallMs: median(runs.map((r) => r.time.wallMs)), cpuMs: median(runs.map((r) => r.time.cpuMs)) },
    });
    const ours = summary(oursRuns);
    const baseline = summary(baseRuns);
    const os = scoreLayout(ours.value, graph);
    const bs = scoreLayout(baseline.value, graph);
    const ws = scoreLayout(cold.body, graph);
    console.log(`== ${size} nodes, ${graph.edges.length} edges ==`);
    console.log(`  Worker (HTTP round trip)  cold ${ms(cold.ms)} [${cold.cache}], cached ${ms(cached)} [${cachedRuns.map((r) => r.cache).join(',')}] ` +
      `(GET /api/health round trip: ${ms(median(floorRuns))})`);
    console.log(`  Node   ours      wall ${ms(ours.time.wallMs)}, cpu ${ms(ours.time.cpuMs)}`);
    console.log(`  Node   baseline  wall ${ms(baseline.time.wallMs)}, cpu ${ms(baseline.time.cpuMs)}`);
    console.log(`  speed: ours/baseline in Node ${(ours.time.cpuMs / baseline.time.cpuMs).toFixed(2)}× cpu, ${(ours.time.wallMs / baseline.time.wallMs).toFixed(2)}× wall; ` +
      `Worker cold/baseline ${(cold.ms / baseline.time.wallMs).toFixed(2)}×, cached/baseline ${(cached / baseline.time.wallMs).toFixed(3)}×`);
    console.log(`  ${'score'.padEnd(24)}${'ours'.padStart(14)}${'baseline'.padStart(14)}  verdict`);
    for (const [key, name] of SCORE_ROWS) {
      console.log(`  ${name.padEnd(24)}${String(os[key]).padStart(14)}${String(bs[key]).padStart(14)}  ${verdict(os[key], bs[key])}`);
    }
    if (JSON.stringify(ws) !== JSON.stringify(os)) console.log(`  note: the Worker's layout scored differently: ${JSON.stringify(ws)}`);
    console.log('');
  }

  console.log('Client layouts (Node, same graphs): time and the scores that matter for them');
  for (const size of SIZES) {
    const graph = sampleKnowledgeGraph(size);
    for (const [name, layout] of [['force', layoutForce], ['circle', layoutCircle], ['radial', layoutRadial]] as const) {
      const run = await timed(() => layout(graph), 1);
      const s = scoreLayout(run.value, graph);
      console.log(
        `  ${String(size).padStart(3)} ${name.padEnd(6)} ${ms(run.time.wallMs).padStart(8)}  overlaps ${s.nodeOverlaps}, through nodes ${s.edgesThroughNodes}, ` +
          `label collisions ${s.labelOverlaps + s.labelNodeOverlaps}, hidden ${s.hiddenLabels}, crossings ${s.edgeCrossings}, area ${(s.area / 1e6).toFixed(1)} Mpx²`,
      );
    }
  }
} finally {
  await stopProcess(child);
  rmSync(stateDir, { recursive: true, force: true });
}
