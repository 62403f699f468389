// The concept layer's cost in the layouts (issue 25): the same seeded statements laid out without and with a
// concept layer (0.08 anchors per statement, about 0.6 mentions per statement), interleaved in one Node process so
// both see the same machine load; layered as the graph view asks it (relations + the mentions that place a
// relation-less anchor, core/layout layeringEdges), and so are force / circle / radial (LayoutRunner.layeredGraph).
// Goal: within 1.2x of the time without mentions. Median CPU of 5 runs after a warm-up.
// Run: npx tsx bench/layout-concepts.bench.ts [--light]
import ELK from 'elkjs/lib/elk.bundled.js';
import { layoutCircle, layoutForce, layoutLayered, layoutRadial, type LayoutGraph } from '../core/layout';
import { layeringEdges } from '../core/layout/prepare';
import { sampleKnowledgeGraph } from '../core/layout/sample-graphs';
import { LIGHT, median, report } from './report';

const SIZES = LIGHT ? [100] : [100, 400, 740];
const RUNS = 5;
const elk = new ELK();

async function cpu(run: () => unknown): Promise<number> {
  const c0 = process.cpuUsage();
  await run();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

const placed = (g: LayoutGraph): LayoutGraph => ({ nodes: g.nodes, edges: layeringEdges(g.edges) });
const layouts: Record<string, (g: LayoutGraph) => unknown> = {
  layered: (g) => layoutLayered(placed(g), elk),
  force: (g) => layoutForce(placed(g)),
  circle: (g) => layoutCircle(placed(g)),
  radial: (g) => layoutRadial(placed(g)),
};

const warm = sampleKnowledgeGraph(100, { seed: 7, concepts: 0.08 });
for (const run of Object.values(layouts)) await run(warm);

for (const size of SIZES) {
  const plain = sampleKnowledgeGraph(size);
  const concepts = sampleKnowledgeGraph(size, { concepts: 0.08 });
  const mentions = concepts.edges.length - plain.edges.length;
  console.log(
    `== ${size} statements, ${plain.edges.length} relations; with concepts: +${concepts.nodes.length - size} anchors, +${mentions} mentions ==`,
  );
  for (const [name, run] of Object.entries(layouts)) {
    if (name === 'force' && size > 400 && LIGHT) continue;
    const without: number[] = [];
    const withConcepts: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      without.push(await cpu(() => run(plain)));
      withConcepts.push(await cpu(() => run(concepts)));
    }
    const a = median(without);
    const b = median(withConcepts);
    console.log(`  ${name.padEnd(8)} without ${a.toFixed(0)} ms, with ${b.toFixed(0)} ms: ${(b / a).toFixed(2)}x`);
    report({
      name: `${name} ${size}: with concepts / without (Node CPU)`,
      unit: '×',
      goal: 1.2,
      better: 'lower',
      samples: withConcepts.map((v, i) => v / without[i]),
      note: 'issue 25: the concept layer keeps each layout within 1.2x of its time without',
    });
  }
}
