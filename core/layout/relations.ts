// How each of the 12 relations shapes a layout: the main flow of reasoning runs along the layers, illustrations and
// concept links hang beside the node they explain, and loose support links only pull their ends closer. A mention
// (a statement naming a concept anchor, issue 25) is no relation: it reaches a layout as a light link (label
// MENTION_LINK) that only pulls the anchor towards the statements naming it, and gets no label chip.
import type { Relation } from '../schema/vocabulary';
import { relationOf } from './text-size';

export type RelationRole = 'flow' | 'branch' | 'soft' | 'light';

/** The label of a layout edge standing for a mention, not a relation: placed as a light link, never labelled. */
export const MENTION_LINK = 'mention';

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
  if (label === MENTION_LINK) return 'light';
  const relation = relationOf(label);
  return relation ? ROLES[relation] : 'soft';
}

/** Ordering rank when a node's neighbours are visited: flow first, then branches, soft links, mentions last. */
export function roleRank(role: RelationRole): number {
  return role === 'flow' ? 0 : role === 'branch' ? 1 : role === 'soft' ? 2 : 3;
}
