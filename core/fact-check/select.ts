// Which nodes are checked (docs/contracts/fact-check.md#claim-selection): the types that state something about the world, with non-empty
// text, in graph order, at most MAX_FACT_CLAIMS. The checked statement is the node's source quote (else its text):
// the fact-check targets the source text, not the graph's paraphrase of it.
import type { KgNode } from '../schema/graph';
import { CHECKABLE_KINDS, MAX_FACT_CLAIMS, type FactCheckClaim } from './types';

/** How much a claim of each kind is worth checking (the seed's weights). */
export const CHECKWORTHINESS: Readonly<Record<string, number>> = {
  fact: 0.9,
  counter_example: 0.9,
  rule: 0.85,
  definition: 0.75,
  claim: 0.7,
  inference: 0.6,
};
const OTHER_WEIGHT = 0.6;
export const MAX_CLAIM_QUOTE_CHARS = 300;

/** A claim before it is judged: what the judge is asked about. */
export type ClaimSeed = Pick<FactCheckClaim, 'id' | 'nodeId' | 'kind' | 'unit' | 'quote' | 'claim' | 'checkworthy'>;

export function isCheckable(node: Pick<KgNode, 'type' | 'text'>): boolean {
  return (CHECKABLE_KINDS as readonly string[]).includes(node.type) && node.text.trim().length > 0;
}

export function selectClaims(nodes: readonly KgNode[]): ClaimSeed[] {
  const seeds: ClaimSeed[] = [];
  for (const node of nodes) {
    if (seeds.length >= MAX_FACT_CLAIMS) break;
    if (!isCheckable(node)) continue;
    const quote = (node.quote.trim() || node.text.trim()).slice(0, MAX_CLAIM_QUOTE_CHARS);
    seeds.push({
      id: `c${seeds.length + 1}`,
      nodeId: node.id,
      kind: node.type,
      unit: node.paragraph ?? node.evidence[0]?.paragraph ?? null,
      quote,
      claim: quote,
      checkworthy: CHECKWORTHINESS[node.type] ?? OTHER_WEIGHT,
    });
  }
  return seeds;
}

/** How many nodes could be checked, before the cap (the report says when some were left out). */
export function countCheckable(nodes: readonly KgNode[]): number {
  return nodes.filter(isCheckable).length;
}
