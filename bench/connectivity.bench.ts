// Benchmark: how connected the built-in extractor's graphs are with the concept layer (issue 25), on every QA set,
// the 105 MINE essays (median and worst), the two Chinese seed documents and the held-out texts of
// test/fixtures/connectivity. Per text: nodes, isolated share (no relation and no mention touches the node),
// largest piece (relations + mentions), typed relations and mentions per node, and the isolated share the
// relations alone leave. Goals (texts of ≥ 20 nodes): worst isolated share ≤ 10 %, worst largest piece ≥ 50 %.
// Computed, not timed, so --light runs the same texts. Run: npx tsx bench/connectivity.bench.ts [--light]
import { type Connectivity, connectivity, withConceptLayer } from '../core/concepts';
import { builtinGraph, connectivityTexts, type SetGroup } from '../test/support/connectivity-sets';
import { median, report } from './report';

/** Texts smaller than this are too small to judge a share on (one isolated node of 10 is 10 %). */
const MIN_NODES = 20;

interface Row extends Connectivity {
  name: string;
  group: SetGroup;
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const perNode = (n: number, c: Connectivity) => (c.nodes ? n / c.nodes : 0).toFixed(2);

function line(name: string, c: Connectivity): string {
  return [
    name.padEnd(36),
    String(c.nodes).padStart(5),
    pct(c.isolatedShare).padStart(8),
    pct(c.largestShare).padStart(8),
    perNode(c.relations, c).padStart(7),
    perNode(c.mentions, c).padStart(7),
    pct(c.isolatedWithoutMentions).padStart(8),
  ].join('  ');
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const t of connectivityTexts()) {
    const { graph, units } = await builtinGraph(t.name, t.text);
    rows.push({ name: t.name, group: t.group, ...connectivity(withConceptLayer(graph, units)) });
  }
  console.log(`${'text'.padEnd(36)}  nodes  isolated   largest  rel/node  men/node  isolated without mentions`);
  for (const r of rows) if (r.group !== 'mine') console.log(line(`${r.group}/${r.name}`, r));

  const judged = rows.filter((r) => r.nodes >= MIN_NODES);
  for (const group of ['qa', 'mine', 'seed', 'held-out'] as const) {
    const set = judged.filter((r) => r.group === group);
    if (set.length === 0) continue;
    const iso = set.map((r) => r.isolatedShare);
    const big = set.map((r) => r.largestShare);
    console.log(
      `${group}: ${set.length} texts of ≥ ${MIN_NODES} nodes; isolated median ${pct(median(iso))}, worst ${pct(Math.max(...iso))}; ` +
        `largest piece median ${pct(median(big))}, worst ${pct(Math.min(...big))}; ` +
        `isolated without mentions median ${pct(median(set.map((r) => r.isolatedWithoutMentions)))}; ` +
        `relations/node ${median(set.map((r) => r.relations / r.nodes)).toFixed(2)}, mentions/node ${median(set.map((r) => r.mentions / r.nodes)).toFixed(2)} (medians)`,
    );
    report({
      name: `connectivity ${group}: worst isolated share`,
      unit: '%',
      goal: 10,
      better: 'lower',
      samples: [100 * Math.max(...iso)],
      note: `median ${pct(median(iso))}; issue 25: ≤ 10 % of nodes touched by no relation and no mention`,
    });
    report({
      name: `connectivity ${group}: worst largest piece`,
      unit: '%',
      goal: 50,
      better: 'higher',
      samples: [100 * Math.min(...big)],
      note: `median ${pct(median(big))}; issue 25: the largest piece (relations + mentions) ≥ 50 % of nodes`,
    });
  }
  report({
    name: 'connectivity: median mentions per node',
    unit: '',
    goal: null,
    better: 'higher',
    samples: [median(judged.map((r) => r.mentions / r.nodes))],
    note: `${judged.length} texts of ≥ ${MIN_NODES} nodes; typed relations per node: median ${median(judged.map((r) => r.relations / r.nodes)).toFixed(2)}`,
  });
}

void main();
