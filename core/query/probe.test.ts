// The lexical probe (a probe token inside the node's folded fields, what D1 runs over nodes.query_text) must never
// lose a node the query can score: the same queries with the probe and with every node scored give equal answers.
import { describe, expect, it } from 'vitest';
import { generatedGraph, mixedQueries } from './__fixtures__/generated';
import { consumptionFixture } from './__fixtures__/consumption';
import { MemoryQuerySource, parseQueryRequest, runGraphQuery, type NodeFilter } from './index';
import type { QueryableGraph } from './memory-source';

/** Scores every node, ignoring the probe. */
class FullScan extends MemoryQuerySource {
  override candidates(filter: NodeFilter) {
    return super.candidates(filter, null);
  }
}

async function same(graph: QueryableGraph, body: Record<string, unknown>) {
  const request = parseQueryRequest(body);
  const probed = await runGraphQuery(new MemoryQuerySource(graph), request);
  const full = await runGraphQuery(new FullScan(graph), request);
  expect(probed).toEqual(full);
}

describe('the lexical probe finds every node a query can score', () => {
  const generated = generatedGraph('doc-probe', 800, 2400);
  it('on mixed, folded, full-width, punctuated and section-title queries', async () => {
    const queries = [
      ...mixedQueries(800, 40).filter((q) => q.query),
      ...[
        'ＦＵＬＬ－WIDTH',
        'élan!',
        'E\u0301LAN',
        'counter_example',
        'counter example',
        'part 3',
        'item1-item2',
        'n12',
        's3',
        '恢复，检查点',
        'Unit 5:',
        'rare5 marker',
      ].map((query) => ({ query, limit: 40, hops: 1 })),
    ];
    for (const q of queries) await same(generated, q);
  }, 60_000);
  it('on the seed fixture', async () => {
    const fixture = consumptionFixture('doc-probe-2');
    for (const query of ['恢复依赖检查点', '知识节点 窗口外目标', 'appendix window', '恢复机制', 'n801', 'rule'])
      await same(fixture, { query, limit: 40 });
  }, 60_000);
});
