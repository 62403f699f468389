// Which edge an edge fix names: `edgeId` exactly, else the `from>to` edges (docs/contracts/verification.md#fixes), narrowed by
// `index` among parallel edges or, for a delete, by the relation.
import type { EdgePatch } from '../schema/fixes';
import type { KgEdge } from '../schema';
import type { WorkingGraph } from './working-graph';

export function findEdge(
  g: Pick<WorkingGraph, 'edges' | 'between'>,
  patch: EdgePatch,
  byRelation: boolean,
): KgEdge | undefined {
  if (patch.edgeId !== undefined) {
    const edge = g.edges.get(patch.edgeId);
    return edge && edge.fromNodeId === patch.fromNodeId && edge.toNodeId === patch.toNodeId ? edge : undefined;
  }
  const between = g.between(patch.fromNodeId, patch.toNodeId);
  if (patch.index !== undefined) return between[patch.index];
  return (
    (byRelation ? between.find((e) => e.relation === patch.relation) : undefined) ??
    (byRelation ? undefined : between[0])
  );
}
