// Static-mode parity: the same queries answered by the Worker over D1 (POST /api/documents/:id/query) and by the
// browser's in-memory path (core/query queryExportedGraph over the document's own export file) give identical
// matches, nodes, edges, source units, metrics and query ids, on the seed fixture and on a generated graph.
import { beforeAll, describe, expect, it } from 'vitest';
import type { GraphExport } from '../../core/export/graph-export';
import { newDocumentId } from '../../core/ids';
import { queryExportedGraph, type GraphQueryResult } from '../../core/query';
import { consumptionFixture } from '../../core/query/__fixtures__/consumption';
import { generatedGraph, mixedQueries } from '../../core/query/__fixtures__/generated';
import { call } from './helpers';
import { postQuery, publishGraph } from './graph-query-helpers';

async function exported(documentId: string): Promise<GraphExport> {
  const res = await call(`/api/documents/${documentId}/export?format=json`);
  expect(res.status).toBe(200);
  return (await res.json()) as GraphExport;
}

/** What must agree: everything but the node/edge order inside the graph (compared sorted). */
function comparable(r: GraphQueryResult) {
  return {
    queryId: r.queryId,
    revision: r.revision,
    matches: r.matches,
    nodes: r.graph.nodes.map((n) => n.id).sort(),
    edges: r.graph.edges.map((e) => e.id).sort(),
    view: r.graph.view,
    units: r.sourceUnits.map((u) => [u.paragraph, u.text, u.nodeIds, u.edgeIds]),
    metrics: r.metrics,
  };
}

async function expectParity(documentId: string, file: GraphExport, body: Record<string, unknown>) {
  const server = await postQuery(documentId, body);
  expect(server.status, JSON.stringify(server.body).slice(0, 300)).toBe(200);
  const browser = await queryExportedGraph(file, body);
  expect(comparable(server.body)).toEqual(comparable(browser));
}

describe('graph query parity: D1 and the exported graph in memory', () => {
  const fixtureId = newDocumentId();
  const generatedId = newDocumentId();
  let fixtureFile: GraphExport;
  let generatedFile: GraphExport;

  beforeAll(async () => {
    await publishGraph(consumptionFixture(fixtureId));
    await publishGraph(generatedGraph(generatedId, 3000, 9000));
    fixtureFile = await exported(fixtureId);
    generatedFile = await exported(generatedId);
  }, 120_000);

  const fixtureQueries: Record<string, unknown>[] = [
    { nodeIds: ['n1'], hops: 0 },
    { entailmentStatuses: ['uncertain'] },
    { entailmentStatuses: ['unsupported'] },
    { query: '恢复依赖检查点', limit: 1, hops: 1 },
    { query: '窗口外目标' },
    { query: '知识节点 窗口外目标', limit: 1 },
    { query: '知识节点', limit: 40, hops: 2, maxNodes: 20, maxEdges: 30 },
    { query: '知识节点', limit: 40, hops: 2 },
    { relations: ['example', 'infers'], hops: 2 },
    { query: 'appendix window', hops: 1 },
    { types: ['concept'], groundingStatuses: ['candidate'], limit: 40, hops: 2 },
    { nodeIds: ['n2', 'n400'], hops: 2, direction: 'out' },
  ];
  for (const body of fixtureQueries) {
    it(`seed fixture: ${JSON.stringify(body)}`, async () => expectParity(fixtureId, fixtureFile, body));
  }

  it('generated graph (3,000 nodes, 9,000 edges): 48 mixed queries agree', async () => {
    for (const body of mixedQueries(3000, 48)) await expectParity(generatedId, generatedFile, body);
  });

  it('generated graph: folded and full-width queries agree', async () => {
    for (const query of [
      'ＦＵＬＬ－WIDTH',
      'élan',
      'ÉLAN',
      'Full-Width élan',
      'item12',
      'part 3',
      '恢复 checkpoint',
      'rare5',
    ]) {
      await expectParity(generatedId, generatedFile, { query, limit: 40, hops: 2 });
    }
  });
});
