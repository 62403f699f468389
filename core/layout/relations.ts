// How each of the 12 relations shapes a layout: the main flow of reasoning runs along the layers, illustrations and
// concept links hang beside the node they explain, and loose support links only pull their ends closer.
import type { Relation } from '../schema/vocabulary';
import { relationOf } from './text-size';

export type RelationRole = 'flow' | 'branch' | 'soft';

const ROLES: Record<Relation, RelationRole> = {
  causes: 'flow',
  infers: 'flow',
  example: 'branch',
  analogy: 'branch',
  counter_example: 'branch',
  defines: 'branch',
  is_a: 'branch',
  contains: 'branch',
  not_is: 'branch',
  supports: 'soft',
  driven_by: 'soft',
  aims_at: 'soft',
};

/** Role of an edge by its label; unlabelled or unknown relations are treated as soft links. */
export function relationRole(label: string | undefined): RelationRole {
  const relation = relationOf(label);
  return relation ? ROLES[relation] : 'soft';
}

/** Ordering rank when a node's neighbours are visited: flow first, then branches, then soft links. */
export function roleRank(role: RelationRole): number {
  return role === 'flow' ? 0 : role === 'branch' ? 1 : 2;
}
