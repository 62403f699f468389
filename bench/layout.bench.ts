// Layout benchmark: our layered layout (ELK per component, relation priorities, label placement) against the plain
// whole-graph ELK layered call with default options (bench/layout/baseline.ts), on seeded knowledge-graph shaped
// graphs of 100, 400 and 800 nodes (--light: 100 only). Every timed figure is the median of 5 runs after a warm-up:
//   - through the running Worker (`wrangler dev`, HTTP round trip of POST /api/layout): cold = a graph the Worker
//     has not laid out (5 copies of the graph whose ids differ by a prefix, so none is a cache hit), cached = repeats;
//   - in Node: ours and the baseline interleaved (wall and CPU), and the three client layouts.
// Quality: scoreLayout for both. Goals (issue 4): better on every quality score than the baseline, faster than it,
// cached repeats under 50 ms.
// --concepts: every graph also carries a concept layer (issue 25: 0.08 concept anchors per node, about 0.6 mentions
// per statement, as light links, core/layout sample-graphs.ts), to hold the layouts to 1.2x of their time without.
// Run: npx tsx bench/layout.bench.ts [--light] [--concepts]
import ELK from 'elkjs/lib/elk.bundled.js';
import {
  layoutCircle,
  layoutForce,
  layoutLayered,
  layoutRadial,
  scoreLayout,
  type LayoutGraph,
  type LayoutResult,
  type LayoutScore,
} from '../core/layout';
import { layeringEdges } from '../core/layout/prepare';
import { sampleKnowledgeGraph } from '../core/layout/sample-graphs';
import { startDevServer } from './dev-server';
import { baselineLayered } from './layout/baseline';
import { LIGHT, median, report } from './report';

const SIZES = LIGHT ? [100] : [100, 400, 800];
const CONCEPTS = process.argv.includes('--concepts') ? 0.08 : 0;
const TAG = CONCEPTS ? ' +concepts' : '';
const RUNS = 5;
const elk = new ELK();

interface Run<T> {
  value: T;
  wallMs: number;
  cpuMs: number;
}

async function timed<T>(run: () => Promise<T> | T): Promise<Run<T>> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await run();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { value, wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const ms = (v: number) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;
const list = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');

async function postLayout(
  base: string,
  graph: LayoutGraph,
): Promise<{ ms: number; cache: string; body: LayoutResult }> {
  for (let attempt = 0; ; attempt++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/layout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(graph),
    });
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

/** The same graph under other ids: a prefix keeps the ids' order (and so the layout) and misses the cache. */
function renamed(graph: LayoutGraph, prefix: string): LayoutGraph {
  return {
    nodes: graph.nodes.map((n) => ({ ...n, id: prefix + n.id })),
    edges: graph.edges.map((e) => ({ ...e, id: prefix + e.id, source: prefix + e.source, target: prefix + e.target })),
  };
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

/** Lower is better for every score. A zero baseline gets absolute values, never a percentage of zero. */
function verdict(ours: number, base: number): string {
  if (ours === base) return 'equal';
  if (base === 0) return ours < base ? 'better' : `WORSE (${ours} where the baseline has 0)`;
  const pct = Math.round(Math.abs(1 - ours / base) * 100);
  return ours < base ? `better (${pct}% less)` : `WORSE (+${pct}%)`;
}

const dev = await startDevServer();
const base = dev.base;
try {
  // Warm-up: the first layout builds ELK in the isolate and compiles it; "cold" below means a graph the Worker has
  // not laid out before, in a warm isolate. Node gets the same warm-up for ours, the baseline and the client layouts.
  const warm = sampleKnowledgeGraph(LIGHT ? 100 : 400, { seed: 999 });
  const first = await postLayout(base, warm);
  console.log(
    `Worker warm-up: the first layout in a fresh isolate (${warm.nodes.length} nodes, ELK built and compiled) took ${ms(first.ms)}.\n`,
  );
  await layoutLayered(warm, elk);
  await baselineLayered(warm, elk);
  for (const layout of [layoutForce, layoutCircle, layoutRadial]) layout(warm);

  console.log(
    'Layered layout: ours (ELK per component, relation priorities, tail labels + placement) vs plain ELK layered',
  );
  console.log(
    `(whole graph, default options, same node and label sizes). Every time: median of ${RUNS} after the warm-up.\n`,
  );
  for (const size of SIZES) {
    // The body the graph view sends (LayoutRunner.layeredGraph): relations and the mentions that place a
    // relation-less concept; the rest are drawn straight (core/layout layeringEdges).
    // With a concept layer, fewer statements so that statements + anchors are `size` nodes (the server's limit is 800).
    const sample = sampleKnowledgeGraph(Math.round(size / (1 + CONCEPTS)), { concepts: CONCEPTS });
    const graph = { nodes: sample.nodes, edges: layeringEdges(sample.edges) };
    const coldRuns = [];
    for (let i = 0; i < RUNS; i++) coldRuns.push(await postLayout(base, renamed(graph, `c${i}-`)));
    const cachedRuns = [];
    for (let i = 0; i < RUNS; i++) cachedRuns.push(await postLayout(base, renamed(graph, 'c0-')));
    // The floor of any round trip through wrangler dev's proxy on this machine, for scale.
    const floorRuns = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.text());
      floorRuns.push(performance.now() - t0);
    }
    // Interleaved, so both see the same machine load.
    const ours: Array<Run<LayoutResult>> = [];
    const baseline: Array<Run<LayoutResult>> = [];
    for (let i = 0; i < RUNS; i++) {
      ours.push(await timed(() => layoutLayered(graph, elk)));
      baseline.push(await timed(() => baselineLayered(graph, elk)));
    }
    const cold = median(coldRuns.map((r) => r.ms));
    const cached = median(cachedRuns.map((r) => r.ms));
    const oursCpu = median(ours.map((r) => r.cpuMs));
    const baseCpu = median(baseline.map((r) => r.cpuMs));
    const oursWall = median(ours.map((r) => r.wallMs));
    const baseWall = median(baseline.map((r) => r.wallMs));
    const os = scoreLayout(ours[0].value, graph);
    const bs = scoreLayout(baseline[0].value, graph);
    const ws = scoreLayout(coldRuns[0].body, renamed(graph, 'c0-'));
    console.log(`== ${size} nodes, ${graph.edges.length} edges ==`);
    console.log(
      `  Worker (HTTP round trip)  cold ${ms(cold)} [${coldRuns.map((r) => r.cache).join(',')}] (${list(coldRuns.map((r) => r.ms))}), ` +
        `cached ${ms(cached)} [${cachedRuns.map((r) => r.cache).join(',')}] (GET /api/health round trip: ${ms(median(floorRuns))})`,
    );
    console.log(
      `  Node   ours      wall ${ms(oursWall)}, cpu ${ms(oursCpu)} (cpu runs ${list(ours.map((r) => r.cpuMs))})`,
    );
    console.log(
      `  Node   baseline  wall ${ms(baseWall)}, cpu ${ms(baseCpu)} (cpu runs ${list(baseline.map((r) => r.cpuMs))})`,
    );
    console.log(
      `  speed: ours/baseline in Node ${(oursCpu / baseCpu).toFixed(2)}× cpu, ${(oursWall / baseWall).toFixed(2)}× wall; ` +
        `Worker cold/Node baseline ${(cold / baseWall).toFixed(2)}×, cached/Node baseline ${(cached / baseWall).toFixed(3)}×`,
    );
    console.log(`  ${'score'.padEnd(24)}${'ours'.padStart(14)}${'baseline'.padStart(14)}  verdict`);
    let worse = 0;
    for (const [key, name] of SCORE_ROWS) {
      if (os[key] > bs[key]) worse++;
      console.log(
        `  ${name.padEnd(24)}${String(os[key]).padStart(14)}${String(bs[key]).padStart(14)}  ${verdict(os[key], bs[key])}`,
      );
    }
    if (JSON.stringify(ws) !== JSON.stringify(os))
      console.log(`  note: the Worker's layout scored differently: ${JSON.stringify(ws)}`);
    console.log('');
    // Each run's ratio pairs ours with the baseline run right after it (same machine load).
    report({
      name: `layered ${size}${TAG}: ours / ELK baseline (Node CPU)`,
      unit: '×',
      goal: 1,
      better: 'lower',
      samples: ours.map((r, i) => r.cpuMs / baseline[i].cpuMs),
      gate: 1.3,
      note: 'issue 4: faster than the baseline (about even at 100 nodes: CI gates a regression)',
    });
    // Issue 17: crossings, total edge length and area each at most 0.8× plain ELK, and no visible label collision.
    for (const [key, what] of [
      ['edgeCrossings', 'crossings'],
      ['totalEdgeLength', 'edge length'],
      ['area', 'area'],
    ] as const) {
      report({
        name: `layered ${size}${TAG}: ${what} / ELK baseline`,
        unit: '×',
        goal: 0.8,
        better: 'lower',
        samples: [os[key] / bs[key]],
        note: `issue 17: ≤ 0.8× plain whole-graph ELK (${os[key]} vs ${bs[key]}; deterministic)`,
      });
    }
    report({
      name: `layered ${size}${TAG}: label collisions`,
      unit: '',
      goal: 0,
      better: 'lower',
      samples: [os.labelOverlaps + os.labelNodeOverlaps],
      note: `issue 17: none at any size (chips hidden as a last resort: ${os.hiddenLabels})`,
    });
    report({
      name: `layered ${size}${TAG}: scores worse than baseline`,
      unit: `of ${SCORE_ROWS.length}`,
      goal: 0,
      better: 'lower',
      samples: [worse],
      note: 'issue 4: better on every quality score',
    });
    report({
      name: `layered ${size}${TAG}: Worker cached`,
      unit: 'ms',
      goal: 50,
      better: 'lower',
      samples: cachedRuns.map((r) => r.ms),
      note: 'HTTP round trip; issue 4: < 50 ms',
    });
    report({
      name: `layered ${size}${TAG}: Worker cold`,
      unit: 'ms',
      goal: null,
      better: 'lower',
      samples: coldRuns.map((r) => r.ms),
      note: 'HTTP round trip, not cached; no goal of its own',
    });
  }

  console.log(
    `Client layouts (Node, same graphs, median of ${RUNS} after the warm-up): time and the scores that matter for them`,
  );
  for (const size of SIZES) {
    const sample = sampleKnowledgeGraph(Math.round(size / (1 + CONCEPTS)), { concepts: CONCEPTS });
    const graph = { nodes: sample.nodes, edges: layeringEdges(sample.edges) };
    for (const [name, layout] of [
      ['force', layoutForce],
      ['circle', layoutCircle],
      ['radial', layoutRadial],
    ] as const) {
      const runs: Array<Run<LayoutResult>> = [];
      for (let i = 0; i < RUNS; i++) runs.push(await timed(() => layout(graph)));
      const s = scoreLayout(runs[0].value, graph);
      console.log(
        `  ${String(size).padStart(3)} ${name.padEnd(6)} ${ms(median(runs.map((r) => r.wallMs))).padStart(8)}  overlaps ${s.nodeOverlaps}, through nodes ${s.edgesThroughNodes}, ` +
          `label collisions ${s.labelOverlaps + s.labelNodeOverlaps}, hidden ${s.hiddenLabels}, crossings ${s.edgeCrossings}, area ${(s.area / 1e6).toFixed(1)} Mpx²`,
      );
      if (name === 'force' && size === SIZES[SIZES.length - 1]) {
        report({
          name: `force ${size}${TAG} in Node`,
          unit: 'ms',
          goal: null,
          better: 'lower',
          samples: runs.map((r) => r.wallMs),
          note: 'the layout static mode computes in the page; no goal of its own',
        });
      }
    }
  }
} finally {
  await dev.stop();
}
