// The whole canonical graph and its units, read from D1 in keyset pages: what an append task starts from.
import type { ContentUnit, KgGraph } from '../core/schema';
import type { DbEnv } from './db';
import { edgePages, nodePages, unitPages } from './pages';

export async function loadCanonical(
  env: DbEnv,
  documentId: string,
  summary: string,
): Promise<{ graph: KgGraph; units: ContentUnit[] }> {
  const graph: KgGraph = { summary, nodes: [], edges: [] };
  for await (const page of nodePages(env, documentId)) graph.nodes.push(...page);
  for await (const page of edgePages(env, documentId)) graph.edges.push(...page);
  const units: ContentUnit[] = [];
  for await (const page of unitPages(env, documentId)) units.push(...page);
  return { graph, units };
}
