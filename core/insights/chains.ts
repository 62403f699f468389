// Chains are relation families: the five lines of reasoning a text can run along. A node belongs to the family
// most of its relations come from; a node with no relation falls back to the family its type usually serves.
import type { KgEdge, KgNode, NodeType, Relation } from '../schema';
import { CHAIN_FAMILIES, type ChainFamily, type LocalText } from './types';

export { CHAIN_FAMILIES, type ChainFamily };

export const RELATION_FAMILY: Record<Relation, ChainFamily> = {
  causes: 'causal',
  infers: 'causal',
  driven_by: 'causal',
  is_a: 'taxonomic',
  contains: 'taxonomic',
  defines: 'taxonomic',
  supports: 'evidential',
  example: 'evidential',
  counter_example: 'evidential',
  not_is: 'contrastive',
  analogy: 'contrastive',
  aims_at: 'purposive',
};

/** Relations that make a node the parent of another (attribution's parent-child edge evidence). */
export const PARENT_CHILD_RELATIONS: ReadonlySet<Relation> = new Set(['contains', 'is_a', 'defines']);
/** Relations that set two nodes against each other (divergences). */
export const DIVERGING_RELATIONS: ReadonlySet<Relation> = new Set(['not_is', 'counter_example']);

const TYPE_FAMILY: Record<NodeType, ChainFamily> = {
  fact: 'evidential',
  claim: 'evidential',
  inference: 'causal',
  concept: 'taxonomic',
  definition: 'taxonomic',
  example: 'evidential',
  counter_example: 'contrastive',
  rule: 'purposive',
};

export const CHAIN_LABELS: Record<ChainFamily, LocalText> = {
  causal: { en: 'causal', zh: '因果' },
  taxonomic: { en: 'taxonomic', zh: '分类' },
  evidential: { en: 'evidential', zh: '证据' },
  contrastive: { en: 'contrastive', zh: '对比' },
  purposive: { en: 'purposive', zh: '目的' },
};

export function isChainFamily(value: string): value is ChainFamily {
  return (CHAIN_FAMILIES as readonly string[]).includes(value);
}

/**
 * The family of every node: the most frequent family among its incident edges (ties go to the earlier family in
 * CHAIN_FAMILIES), else its type's usual family.
 */
export function nodeFamilies(nodes: readonly KgNode[], edges: readonly KgEdge[]): Map<string, ChainFamily> {
  const counts = new Map<string, number[]>();
  const bump = (id: string, family: ChainFamily) => {
    let row = counts.get(id);
    if (!row) {
      row = CHAIN_FAMILIES.map(() => 0);
      counts.set(id, row);
    }
    row[CHAIN_FAMILIES.indexOf(family)]++;
  };
  for (const e of edges) {
    const family = RELATION_FAMILY[e.relation];
    bump(e.fromNodeId, family);
    bump(e.toNodeId, family);
  }
  const out = new Map<string, ChainFamily>();
  for (const n of nodes) {
    const row = counts.get(n.id);
    if (!row) {
      out.set(n.id, TYPE_FAMILY[n.type]);
      continue;
    }
    let best = 0;
    for (let i = 1; i < row.length; i++) if (row[i] > row[best]) best = i;
    out.set(n.id, CHAIN_FAMILIES[best]);
  }
  return out;
}
