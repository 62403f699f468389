// Labels of the 8 node types and 12 relations for the interface. They mirror NODE_TYPE_LABELS and RELATION_LABELS
// of core/schema/graph.ts, which cannot be imported as values in the browser: that module builds zod schemas at load
// and would add ~450 KB to the bundle. test/browser/workbench-units.test.ts checks that both copies agree.
import type { NodeType, Relation } from '../../core/schema';

export const TYPE_LABELS: Record<NodeType, { en: string; zh: string }> = {
  fact: { en: 'Fact', zh: '事实' },
  claim: { en: 'Claim', zh: '主张' },
  inference: { en: 'Inference', zh: '推论' },
  concept: { en: 'Concept', zh: '概念' },
  definition: { en: 'Definition', zh: '定义' },
  example: { en: 'Example', zh: '例子' },
  counter_example: { en: 'Counter-example', zh: '反例' },
  rule: { en: 'Rule', zh: '规则' },
};

export const RELATION_TEXT: Record<Relation, { en: string; zh: string }> = {
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
