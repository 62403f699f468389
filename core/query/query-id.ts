// The query's identity (docs/contracts/graph-query.md#query-id): the same request on the same revision has the same id, on the
// server and in the browser. A 64-bit non-cryptographic hash (two 32-bit multiply-xor lanes) is enough: the id names
// a result for caching and citation, it protects nothing.
import { hashLanes } from '../text/stable-hash';
import type { QueryRequest } from './types';

function stableHash(text: string): string {
  const { h1, h2 } = hashLanes(text);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}

export function queryIdOf(documentId: string, revision: number, r: QueryRequest): string {
  const key = {
    documentId,
    revision,
    query: r.query,
    nodeIds: [...r.nodeIds].sort(),
    types: r.types,
    relations: r.relations,
    sectionIds: r.sectionIds,
    groundingStatuses: r.groundingStatuses,
    entailmentStatuses: r.entailmentStatuses,
    limit: r.limit,
    hops: r.hops,
    direction: r.direction,
    maxNodes: r.maxNodes,
    maxEdges: r.maxEdges,
  };
  return `kgq-${stableHash(JSON.stringify(key))}`;
}
