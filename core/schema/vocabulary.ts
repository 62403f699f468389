// The vocabulary of the graph, without zod: 8 node types, 12 relations, the two status scales and their labels.
// The browser bundle imports this module (not the zod schemas) so that it stays small.

export const NODE_TYPES = [
  'fact',
  'claim',
  'inference',
  'concept',
  'definition',
  'example',
  'counter_example',
  'rule',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** What a document's source is: pasted or uploaded text, or an agent's execution trace (core/trace). */
export const SOURCE_KINDS = ['text', 'trace'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const RELATIONS = [
  'supports',
  'example',
  'counter_example',
  'defines',
  'infers',
  'causes',
  'is_a',
  'contains',
  'driven_by',
  'not_is',
  'analogy',
  'aims_at',
] as const;
export type Relation = (typeof RELATIONS)[number];

/** grounded: quote found verbatim in the cited unit; candidate: anchor only; unsupported: quote not authenticated. */
export const GROUNDING_STATUSES = ['grounded', 'candidate', 'unsupported'] as const;
export type GroundingStatus = (typeof GROUNDING_STATUSES)[number];

/** Semantic entailment is a separate layer: a quote that exists does not prove the node's text. */
export const ENTAILMENT_STATUSES = ['verified', 'unsupported', 'uncertain', 'unverified'] as const;
export type EntailmentStatus = (typeof ENTAILMENT_STATUSES)[number];

/** Human labels for the interface (Chinese and English). */
export const NODE_TYPE_LABELS: Record<NodeType, { en: string; zh: string }> = {
  fact: { en: 'Fact', zh: '事实' },
  claim: { en: 'Claim', zh: '主张' },
  inference: { en: 'Inference', zh: '推论' },
  concept: { en: 'Concept', zh: '概念' },
  definition: { en: 'Definition', zh: '定义' },
  example: { en: 'Example', zh: '例子' },
  counter_example: { en: 'Counter-example', zh: '反例' },
  rule: { en: 'Rule', zh: '规则' },
};

export const RELATION_LABELS: Record<Relation, { en: string; zh: string }> = {
  supports: { en: 'supports', zh: '支持' },
  example: { en: 'example of', zh: '例子' },
  counter_example: { en: 'counter-example to', zh: '反例' },
  defines: { en: 'defines', zh: '定义' },
  infers: { en: 'infers', zh: '推断' },
  causes: { en: 'causes', zh: '因果' },
  is_a: { en: 'is a', zh: '属于' },
  contains: { en: 'contains', zh: '包含' },
  driven_by: { en: 'driven by', zh: '受驱动于' },
  not_is: { en: 'is not', zh: '不是' },
  analogy: { en: 'analogy', zh: '类比说明' },
  aims_at: { en: 'aims at', zh: '旨在' },
};
