// How a check names what it is about for readers: a node by its words (quoted, cut to a phrase), a relation by its
// two ends and its relation word — never an id or a relation key (issue 27). The issue keeps its target id for
// programs and for "show target".
import type { KgEdge, KgNode, NodeType } from '../schema';
import { NODE_TYPE_LABELS, RELATION_LABELS } from '../schema/vocabulary';
import { shortPhrase } from '../text/short-phrase';

/** Characters of a node's text a name keeps. */
const NAME_CHARS = 40;

/** `“Water boils at 100 °C”`: the node's text cut at a word (or a Han character) with "…". */
export function nodeName(node: Pick<KgNode, 'text'> | undefined): string {
  return `“${shortPhrase(node?.text ?? '', NAME_CHARS) || '…'}”`;
}

const UNKNOWN_RELATION = { en: 'related to', zh: '关联' };

/** `“A” —causes→ “B”` in the reader's language. */
export function relationName(
  edge: Pick<KgEdge, 'relation'>,
  from: Pick<KgNode, 'text'> | undefined,
  to: Pick<KgNode, 'text'> | undefined,
): { en: string; zh: string } {
  // A relation outside the vocabulary (the gate's unknown_relation) still gets a name.
  const word = RELATION_LABELS[edge.relation] ?? UNKNOWN_RELATION;
  return {
    en: `${nodeName(from)} —${word.en}→ ${nodeName(to)}`,
    zh: `${nodeName(from)} —${word.zh}→ ${nodeName(to)}`,
  };
}

/** A node type's name in both languages ("rule" → Rule / 规则). */
export function typeName(type: NodeType): { en: string; zh: string } {
  return NODE_TYPE_LABELS[type];
}
