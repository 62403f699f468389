// Rules about one relation (docs/contracts/verification.md#quick-check): the same from>to:relation twice, a relation whose source node has
// the wrong type (`rule --example--> fact`), a relation with no direct evidence, and suspicious infers / causes.
import { RELATION_WORDS } from '../extract/semantic';
import type { KgEdge, KgNode, NodeType, Relation } from '../schema';
import { NO_FIX, type ProposedFix } from '../schema/fixes';
import { RELATION_LABELS } from '../schema/vocabulary';
import type { IssueSink } from './issues';
import type { QuoteLocator } from './locate';
import { nodeName, relationName, typeName } from './names';

/** Relations whose source must be of one type: an example is an example node, and so on. */
const SOURCE_TYPE: Partial<Record<Relation, NodeType>> = {
  example: 'example',
  counter_example: 'counter_example',
  defines: 'definition',
};
const TYPE_NAMES: Partial<Record<NodeType, { en: string; zh: string }>> = {
  example: { en: 'an example', zh: '例子' },
  counter_example: { en: 'a counter-example', zh: '反例' },
  definition: { en: 'a definition', zh: '定义' },
};

export const edgeKeyOf = (e: Pick<KgEdge, 'fromNodeId' | 'toNodeId'>) => `${e.fromNodeId}>${e.toNodeId}`;

/** The fix that deletes exactly this relation (by id, with its seed identity beside it). */
export const deleteEdgeFix = (edge: Pick<KgEdge, 'id' | 'fromNodeId' | 'toNodeId' | 'relation'>): ProposedFix => ({
  action: 'delete_edge',
  edgePatch: { fromNodeId: edge.fromNodeId, toNodeId: edge.toNodeId, relation: edge.relation, edgeId: edge.id },
});

/**
 * Evidence states the relation when it authenticates verbatim in its unit and is not merely one endpoint's own quote
 * (endpoints that each appear somewhere prove nothing about the relation between them) unless it says the relation.
 */
export function hasRelationEvidence(
  edge: KgEdge,
  from: KgNode | undefined,
  to: KgNode | undefined,
  locator: QuoteLocator,
): boolean {
  return edge.evidence.some((ev) => {
    if (locator.inUnit(ev.quote, ev.paragraph)?.exact !== true) return false;
    const endpointOnly = ev.quote.trim() === from?.quote.trim() || ev.quote.trim() === to?.quote.trim();
    return !endpointOnly || (RELATION_WORDS[edge.relation]?.test(ev.quote) ?? false);
  });
}

export function checkEdge(
  edge: KgEdge,
  nodes: ReadonlyMap<string, KgNode>,
  seenKeys: Set<string>,
  locator: QuoteLocator,
  sink: IssueSink,
): void {
  const from = nodes.get(edge.fromNodeId);
  const to = nodes.get(edge.toNodeId);
  const edgeKey = edgeKeyOf(edge);
  const target = { targetKind: 'edge' as const, targetId: edge.id, edgeKey };
  const units = edge.evidence.map((ev) => ev.paragraph).slice(0, 3);
  const label = relationName(edge, from, to);

  const key = `${edgeKey}:${edge.relation}`;
  if (seenKeys.has(key)) {
    sink.add({
      code: 'edge_duplicate',
      severity: 'error',
      blocking: true,
      category: 'relation',
      ...target,
      title: { en: `Relation ${label.en} appears twice`, zh: `关系 ${label.zh} 重复` },
      detail: {
        en: 'The same relation between the same nodes is stated twice.',
        zh: '同一对节点之间的同一关系出现了两次。',
      },
      units,
      fix: {
        action: 'delete_edge',
        edgePatch: { fromNodeId: edge.fromNodeId, toNodeId: edge.toNodeId, relation: edge.relation, edgeId: edge.id },
      },
    });
  }
  seenKeys.add(key);

  const wanted = SOURCE_TYPE[edge.relation];
  if (wanted && from && from.type !== wanted) {
    const name = TYPE_NAMES[wanted]!;
    sink.add({
      code: 'edge_source_type_mismatch',
      severity: 'error',
      blocking: true,
      category: 'relation',
      ...target,
      title: { en: "The relation does not match its source node's type", zh: '关系与源节点类型不匹配' },
      detail: {
        en: `A “${RELATION_LABELS[edge.relation].en}” relation must start at ${name.en}; ${nodeName(from)} is a ${typeName(from.type).en.toLowerCase()}.`,
        zh: `「${RELATION_LABELS[edge.relation].zh}」关系的源节点应为${name.zh}，而${nodeName(from)}的类型是${typeName(from.type).zh}。`,
      },
      units,
      // No automatic fix (which end is wrong is for a person to say), but two deterministic remedies to pick from.
      fix: NO_FIX,
      remedies: [{ action: 'update_node', nodePatch: { id: from.id, patch: { type: wanted } } }, deleteEdgeFix(edge)],
    });
  }

  if (from && to && !hasRelationEvidence(edge, from, to, locator)) {
    sink.add({
      code: 'edge_relation_evidence_missing',
      severity: 'error',
      blocking: true,
      category: 'relation',
      ...target,
      title: { en: 'The relation has no direct evidence in the source', zh: '关系边缺少直接原文证据' },
      detail: {
        en: 'No authenticated quote states this relation; both endpoints appearing in the text does not prove it.',
        zh: '没有经过核实的原文摘录陈述这一关系；端点分别出现不能证明 relation。',
      },
      units,
      fix: {
        action: 'delete_edge',
        edgePatch: { fromNodeId: edge.fromNodeId, toNodeId: edge.toNodeId, relation: edge.relation, edgeId: edge.id },
      },
    });
  }

  if (edge.relation === 'infers' && to && to.type !== 'inference' && to.type !== 'rule') {
    sink.add({
      code: 'edge_infers_target_suspicious',
      severity: 'warning',
      category: 'relation',
      ...target,
      title: {
        en: `What ${label.en} infers is a ${typeName(to.type).en.toLowerCase()}`,
        zh: `推断关系 ${label.zh} 的目标不是推论或规则`,
      },
      detail: {
        en: 'An "infers" relation usually ends at an inference or a rule.',
        zh: '「推断」关系的目标通常应为推论或规则。',
      },
      units,
      confidence: 0.7,
    });
  }
  if (edge.relation === 'causes' && [from, to].some((n) => n?.type === 'definition' || n?.type === 'concept')) {
    sink.add({
      code: 'edge_causes_concept_suspicious',
      severity: 'warning',
      category: 'relation',
      ...target,
      title: {
        en: `Causal relation ${label.en} touches a concept or definition`,
        zh: `因果关系 ${label.zh} 连接了概念或定义`,
      },
      detail: {
        en: 'Concepts and definitions rarely cause anything; check the relation.',
        zh: '概念与定义通常不构成因果，请核对该关系。',
      },
      units,
      confidence: 0.7,
    });
  }
}
