// The path between two nodes (GET /api/documents/:id/path): the search of core/query/path.ts over the canonical
// graph in D1 — typed relations first, then through mentions — and the path's rows with their evidence.
import { KgError } from '../../core/errors';
import { findPath, pathNodeIds, type GraphPathResult } from '../../core/query/path';
import { readRevision } from '../../storage/document-rows';
import { D1PathAdjacency, existingNodeIds, pathRows } from '../../storage/graph-path';

export async function documentPath(env: Env, documentId: string, from: string, to: string): Promise<GraphPathResult> {
  if ((await readRevision(env, documentId)) === null) throw new KgError('not_found', 'No such document.');
  const known = await existingNodeIds(env, documentId, [from, to]);
  for (const id of [from, to]) {
    if (!known.has(id)) throw new KgError('not_found', { en: `No node ${id}.`, zh: `没有节点 ${id}` });
  }
  const found = await findPath(new D1PathAdjacency(env, documentId), from, to);
  if (!found.found) return { ...found, nodes: [], edges: [], mentions: [] };
  const rows = await pathRows(env, documentId, {
    nodes: pathNodeIds(from, found.steps),
    edges: found.steps.filter((s) => s.kind === 'edge').map((s) => s.id),
    mentions: found.steps.filter((s) => s.kind === 'mention').map((s) => s.id),
  });
  return { ...found, ...rows };
}
