// Rules about one node (docs/contracts/verification.md#quick-check): where its quote really is (paragraph mismatch or missing, with a safe
// update_node fix; unanchored), whether its evidence authenticates, qualifiers the text dropped (semantic-strength
// drift) and more than one proposition in one node. Each returns what the metrics need.
import { nodeName } from './names';
import type { KgNode, NodeType } from '../schema';
import { clip, type IssueSink } from './issues';
import { connectorCount, droppedQualifiers } from './lexicon';
import type { QuoteLocator } from './locate';

/** Types whose text states a proposition (the seed's claim-like set). */
export const CLAIM_LIKE: ReadonlySet<NodeType> = new Set([
  'fact',
  'claim',
  'inference',
  'rule',
  'definition',
  'counter_example',
]);
const STRENGTH_TYPES: ReadonlySet<NodeType> = new Set(['fact', 'claim', 'inference', 'rule', 'definition']);
const ATOMIC_TYPES: ReadonlySet<NodeType> = new Set(['fact', 'claim', 'inference', 'rule']);
const NON_ATOMIC_MIN_CHARS = 90;

export interface NodeFacts {
  /** The quote is found in the source, or the node cites a unit that exists. */
  anchored: boolean;
  /** An evidence quote authenticates in its unit (or the node is grounded). */
  evidenced: boolean;
}

export function checkNode(node: KgNode, locator: QuoteLocator, sink: IssueSink): NodeFacts {
  const id = node.id;
  const name = nodeName(node);
  const cited = locator.unit(node.paragraph) ? (node.paragraph as number) : null;
  const quote = node.quote.trim();
  const found = quote ? locator.locate(quote, cited) : null;
  const units = found ? [found.paragraph] : cited !== null ? [cited] : [];
  const evidence = found ? [{ paragraph: found.paragraph, quote: found.quote }] : [];

  if (found && cited !== null && found.paragraph !== cited) {
    sink.add({
      code: 'node_paragraph_mismatch',
      severity: 'error',
      blocking: true,
      category: 'grounding',
      targetKind: 'node',
      targetId: id,
      title: { en: `Node ${name} cites the wrong unit`, zh: `节点${name}的段落号与摘录不符` },
      detail: {
        en: `Its quote is in unit ${found.paragraph}, but the node cites unit ${cited}.`,
        zh: `摘录位于第 ${found.paragraph} 段，节点却标注为第 ${cited} 段。`,
      },
      evidence,
      units: [found.paragraph, cited],
      fix: { action: 'update_node', nodePatch: { id, patch: { paragraph: found.paragraph } } },
      safeRepairable: true,
    });
  } else if (found && cited === null) {
    sink.add({
      code: 'node_paragraph_missing',
      severity: 'error',
      blocking: true,
      category: 'grounding',
      targetKind: 'node',
      targetId: id,
      title: { en: `Node ${name} cites no valid unit`, zh: `节点${name}缺少有效段落号` },
      detail: { en: `Its quote is in unit ${found.paragraph}.`, zh: `摘录可在第 ${found.paragraph} 段找到。` },
      evidence,
      units,
      fix: { action: 'update_node', nodePatch: { id, patch: { paragraph: found.paragraph } } },
      safeRepairable: true,
    });
  } else if (!found && cited === null) {
    sink.add({
      code: 'node_unanchored',
      severity: 'error',
      blocking: true,
      category: 'grounding',
      targetKind: 'node',
      targetId: id,
      title: { en: `Node ${name} is not anchored in the source`, zh: `节点${name}无法定位到原文` },
      detail: {
        en: 'Neither its quote is found in the source nor does it cite a unit that exists.',
        zh: '既找不到其摘录，也没有有效的段落号。',
      },
      // No automatic fix: deleting is for a person to decide (a one-click "fix all" must never delete nodes).
    });
  }
  if (quote && !found) {
    sink.add({
      code: 'node_evidence_unsupported',
      severity: 'warning',
      category: 'grounding',
      targetKind: 'node',
      targetId: id,
      title: { en: `The quote of node ${name} is not in the source`, zh: `节点${name}的摘录无法在原文中核实` },
      detail: {
        en: `"${clip(quote, 80)}" could not be authenticated.`,
        zh: `「${clip(quote, 80)}」未能在原文中找到。`,
      },
      units,
      confidence: 0.9,
    });
  }

  const anchored = found !== null || cited !== null;
  const evidenced =
    node.groundingStatus === 'grounded' ||
    node.evidence.some((ev) => locator.inUnit(ev.quote, ev.paragraph)?.exact === true);
  if (anchored && node.evidence.length === 0) {
    const claimLike = CLAIM_LIKE.has(node.type);
    sink.add({
      code: claimLike ? 'claim_evidence_missing' : 'node_evidence_missing',
      severity: claimLike ? 'warning' : 'suggestion',
      category: 'grounding',
      targetKind: 'node',
      targetId: id,
      title: { en: `Node ${name} has no evidence`, zh: `节点${name}缺少原文证据` },
      detail: { en: 'It is anchored, but no evidence quote supports it.', zh: '节点已定位，但没有可核实的证据摘录。' },
      units,
      confidence: 0.8,
    });
  }

  if (quote && STRENGTH_TYPES.has(node.type)) {
    const dropped = droppedQualifiers(quote, node.text);
    if (dropped.length > 0) {
      sink.add({
        code: 'node_semantic_strength_drift',
        severity: 'error',
        blocking: true,
        category: 'grounding',
        targetKind: 'node',
        targetId: id,
        title: { en: `Node ${name} states more strongly than its quote`, zh: `节点${name}的表述强度与原文不符` },
        detail: {
          en: `The quote qualifies the statement (${dropped.join(', ')}) but the node's text drops it.`,
          zh: `原文带有限定（${dropped.join('、')}），节点表述却丢失了该限定。`,
        },
        evidence,
        units,
      });
    }
  }

  if (
    ATOMIC_TYPES.has(node.type) &&
    node.text.length >= NON_ATOMIC_MIN_CHARS &&
    (/[；;]/.test(node.text) || connectorCount(node.text) >= 2)
  ) {
    sink.add({
      code: 'node_non_atomic_suspected',
      severity: 'warning',
      category: 'other',
      targetKind: 'node',
      targetId: id,
      title: { en: `Node ${name} may hold several propositions`, zh: `节点${name}可能包含多个命题` },
      detail: {
        en: 'Long text joined by semicolons or connectors; consider splitting it.',
        zh: '表述较长且含分号或多个连接词，建议拆分。',
      },
      units,
      confidence: 0.6,
    });
  }
  return { anchored, evidenced };
}
