// The query's identity (docs/contracts/graph-query.md#query-id): the same request on the same revision has the same id, on the
// server and in the browser. A 64-bit non-cryptographic hash (two 32-bit multiply-xor lanes) is enough: the id names
// a result for caching and citation, it protects nothing.
import type { QueryRequest } from './types';

export function stableHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
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
