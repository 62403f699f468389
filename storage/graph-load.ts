// The whole canonical graph (with its concept layer's mentions) and its units, read from D1 in keyset pages: what an append task starts from.
import type { ContentUnit, KgGraph, Mention } from '../core/schema';
import type { DbEnv } from './db';
import { edgePages, mentionPages, nodePages, unitPages } from './pages';

export async function loadCanonical(
  env: DbEnv,
  documentId: string,
  summary: string,
): Promise<{ graph: KgGraph; units: ContentUnit[] }> {
  const mentions: Mention[] = [];
  const graph: KgGraph = { summary, nodes: [], edges: [], mentions };
  for await (const page of nodePages(env, documentId)) graph.nodes.push(...page);
  for await (const page of edgePages(env, documentId)) graph.edges.push(...page);
  for await (const page of mentionPages(env, documentId)) mentions.push(...page);
  const units: ContentUnit[] = [];
  for await (const page of unitPages(env, documentId)) units.push(...page);
  return { graph, units };
}
