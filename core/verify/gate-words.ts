// The integrity gate's faults in a reader's words (issue 27): what is wrong, named by the node's text or the
// relation's two ends and unit names — never an id or a gate code. core/invariants.ts keeps its terse English
// messages for programs (they travel in API error details); this is what the quick check shows people.
import { unitName } from '../i18n/unit-name';
import type { InvariantIssue } from '../invariants';
import type { KgEdge, KgNode } from '../schema';
import { nodeName, relationName } from './names';

type Words = { en: string; zh: string };

export interface GateLookup {
  nodesById: ReadonlyMap<string, KgNode>;
  edgesById: ReadonlyMap<string, KgEdge>;
}

/** The title and the one-sentence meaning of a gate fault. */
export function gateWords(issue: InvariantIssue, lookup: GateLookup): { title: Words; detail: Words } {
  return { title: gateTitle(issue, lookup), detail: GATE_MEANING };
}

const GATE_MEANING: Words = {
  en: 'The workbench saves no graph with this fault: correct it or delete what it names.',
  zh: '存在这个问题的图不会被保存：请修正它，或删除它指向的内容。',
};

function gateTitle(issue: InvariantIssue, { nodesById, edgesById }: GateLookup): Words {
  const node = issue.nodeId === undefined ? undefined : nodesById.get(issue.nodeId);
  const edge = issue.edgeId === undefined ? undefined : edgesById.get(issue.edgeId);
  const rel = edge ? relationName(edge, nodesById.get(edge.fromNodeId), nodesById.get(edge.toNodeId)) : undefined;
  // What the fault belongs to: a relation by its ends, else a node by its words.
  const owner: Words = rel ?? (node ? same(nodeName(node)) : { en: 'An item', zh: '某一项' });
  const unit = (lang: 'en' | 'zh') => (issue.paragraph === undefined ? '' : unitName(issue.paragraph, lang));
  switch (issue.code) {
    case 'duplicate_node_id':
      return { en: `The node ${nodeName(node)} appears twice.`, zh: `节点 ${nodeName(node)} 出现了两次。` };
    case 'duplicate_edge_id':
      return { en: `The relation ${owner.en} appears twice.`, zh: `关系 ${owner.zh} 出现了两次。` };
    case 'dangling_edge':
      return {
        en: `A relation ${edge ? `from ${nodeName(nodesById.get(edge.fromNodeId))} ` : ''}points at a node that no longer exists.`,
        zh: `${edge ? `从 ${nodeName(nodesById.get(edge.fromNodeId))} 出发的` : ''}一条关系指向了已不存在的节点。`,
      };
    case 'self_loop':
      return {
        en: `${nodeName(edge ? nodesById.get(edge.fromNodeId) : node)} is related to itself.`,
        zh: `${nodeName(edge ? nodesById.get(edge.fromNodeId) : node)} 与自身相连。`,
      };
    case 'unknown_type':
      return { en: `${owner.en} has a type the workbench does not know.`, zh: `${owner.zh} 的类型无法识别。` };
    case 'unknown_relation':
      return { en: 'A relation has a relation word the workbench does not know.', zh: '一条关系的关系词无法识别。' };
    case 'evidence_out_of_range':
    case 'paragraph_out_of_range':
      return {
        en: `${owner.en} cites ${unit('en')}, which the source does not have.`,
        zh: `${owner.zh} 引用了原文中不存在的${unit('zh')}。`,
      };
    case 'evidence_wrong_document':
      return { en: `${owner.en} cites another document.`, zh: `${owner.zh} 引用了另一份文档。` };
    case 'quote_not_in_unit':
      return {
        en: `The quote of ${owner.en} is not word for word in ${unit('en')}.`,
        zh: `${owner.zh} 的引文与${unit('zh')}的原文不一致。`,
      };
    case 'grounded_without_evidence':
      return {
        en: `${owner.en} is marked as evidenced but cites nothing.`,
        zh: `${owner.zh} 标为已认证，却没有引用任何原文。`,
      };
    case 'edge_without_evidence':
      return { en: `The relation ${owner.en} cites no source words.`, zh: `关系 ${owner.zh} 没有引用任何原文。` };
    case 'duplicate_mention_id':
      return { en: `A concept mention of ${owner.en} appears twice.`, zh: `${owner.zh} 的一处概念提及出现了两次。` };
    case 'dangling_mention':
      return {
        en: `A concept mention of ${owner.en} no longer holds: its concept or its words are gone.`,
        zh: `${owner.zh} 的一处概念提及已失效：对应的概念或原文词语不在了。`,
      };
    case 'anchor_unresolved':
      return { en: `${owner.en} has no place in the source.`, zh: `${owner.zh} 在原文中找不到位置。` };
    case 'unsupported_node':
      return {
        en: `The quote of ${owner.en} could not be found in the source.`,
        zh: `${owner.zh} 的引文无法在原文中核实。`,
      };
    case 'isolated_node':
      return { en: `${owner.en} has no relations.`, zh: `${owner.zh} 没有任何关系。` };
  }
}

function same(text: string): Words {
  return { en: text, zh: text };
}
