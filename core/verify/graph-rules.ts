// Rules about the graph as a whole (docs/contracts/verification.md#quick-check): counter-examples that counter nothing, isolated nodes,
// fragmentation and sparseness, units no node covers, suspected duplicates (with a merge_nodes fix) and suspected
// contradictions, found through a token index (similar-pairs.ts), never by comparing every pair.
import { nodeName } from './names';
import type { ContentUnit, KgEdge, KgGraph, KgNode, NodeType } from '../schema';
import { tokenSet } from '../text/tokens';
import { clip, type IssueSink } from './issues';
import { hasNegation } from './lexicon';
import { similarPairs } from './similar-pairs';

export const DUPLICATE_JACCARD = 0.75;
export const CONTRADICTION_JACCARD = 0.3;
const CONTRADICTION_TYPES: ReadonlySet<NodeType> = new Set(['fact', 'inference', 'rule']);
/** Uncovered units named in the issue (the count covers them all). */
const UNCOVERED_LISTED = 6;

export interface Structure {
  components: number;
  largestComponent: number;
  isolated: number;
  leaves: number;
}

/**
 * Components, isolated and leaf nodes of the checked nodes and edges. `fullDegree` is the degree in the whole
 * canonical graph: a node of a scoped check is isolated only when it has no relation at all, not merely none inside
 * the scope. `namedAnchors` (concept anchors some statement mentions) are never isolated.
 */
export function checkStructure(
  nodes: readonly KgNode[],
  edges: readonly KgEdge[],
  fullDegree: ReadonlyMap<string, number>,
  sink: IssueSink,
  namedAnchors: ReadonlySet<string> = new Set(),
): Structure {
  const index = new Map(nodes.map((n, i) => [n.id, i]));
  const parent = Int32Array.from(nodes, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const counters = new Set<string>();
  for (const e of edges) {
    const a = index.get(e.fromNodeId);
    const b = index.get(e.toNodeId);
    if (a !== undefined && b !== undefined) parent[find(a)] = find(b);
    if (e.relation === 'counter_example') counters.add(e.fromNodeId);
  }
  const sizes = new Map<number, number>();
  for (let i = 0; i < nodes.length; i++) sizes.set(find(i), (sizes.get(find(i)) ?? 0) + 1);
  let isolated = 0;
  let leaves = 0;
  for (const node of nodes) {
    const degree = fullDegree.get(node.id) ?? 0;
    if (degree === 1) leaves++;
    if (degree === 0 && !namedAnchors.has(node.id)) {
      isolated++;
      sink.add({
        code: 'node_isolated',
        severity: 'warning',
        category: 'completeness',
        targetKind: 'node',
        targetId: node.id,
        title: { en: `Node ${nodeName(node)} has no relations`, zh: `孤立节点：${nodeName(node)}` },
        detail: { en: `"${clip(node.text)}" is connected to nothing.`, zh: `「${clip(node.text)}」没有任何关系。` },
        units: node.paragraph ? [node.paragraph] : [],
        confidence: 0.8,
      });
    }
    if (node.type === 'counter_example' && !counters.has(node.id)) {
      sink.add({
        code: 'counter_example_without_target',
        severity: 'error',
        blocking: true,
        category: 'relation',
        targetKind: 'node',
        targetId: node.id,
        title: {
          en: `Counter-example ${nodeName(node)} counters nothing`,
          zh: `反例${nodeName(node)}没有指向被反驳的对象`,
        },
        detail: {
          en: 'A counter-example needs a “counter-example to” relation to what it counters.',
          zh: '反例节点必须有一条指向被反驳对象的「反例」关系。',
        },
        units: node.paragraph ? [node.paragraph] : [],
      });
    }
  }
  const components = sizes.size;
  const largestComponent = Math.max(0, ...sizes.values());
  if (nodes.length >= 3 && components > 1) {
    sink.add({
      code: 'graph_fragmented',
      severity: 'warning',
      category: 'completeness',
      targetKind: 'graph',
      targetId: null,
      title: { en: `The graph falls into ${components} parts`, zh: `知识图分裂为 ${components} 个连通分量` },
      detail: {
        en: `The largest part holds ${largestComponent} of ${nodes.length} nodes.`,
        zh: `最大的连通分量包含 ${nodes.length} 个节点中的 ${largestComponent} 个。`,
      },
      confidence: 0.8,
    });
  } else if (nodes.length >= 8 && edges.length / nodes.length < 0.8) {
    sink.add({
      code: 'graph_sparse',
      severity: 'suggestion',
      category: 'completeness',
      targetKind: 'graph',
      targetId: null,
      title: { en: 'The graph has few relations', zh: '知识图关系较少' },
      detail: {
        en: `${edges.length} relations for ${nodes.length} nodes.`,
        zh: `${nodes.length} 个节点只有 ${edges.length} 条关系。`,
      },
      confidence: 0.6,
    });
  }
  return { components, largestComponent, isolated, leaves };
}

/** Units of the scope that no node cites (headings and blank units are not expected to hold nodes). */
export function checkUncovered(units: readonly ContentUnit[], covered: ReadonlySet<number>, sink: IssueSink): number {
  const uncovered = units
    .filter((u) => !covered.has(u.n) && u.kind !== 'heading' && u.text.trim() !== '')
    .map((u) => u.n);
  if (uncovered.length > 0) {
    const listed = uncovered.slice(0, UNCOVERED_LISTED);
    const more = uncovered.length > listed.length ? ` (+${uncovered.length - listed.length})` : '';
    sink.add({
      code: 'paragraph_uncovered',
      severity: 'suggestion',
      category: 'completeness',
      targetKind: 'graph',
      targetId: null,
      title: { en: `${uncovered.length} units hold no node`, zh: `${uncovered.length} 个段落没有任何节点` },
      detail: { en: `Units ${listed.join(', ')}${more}.`, zh: `第 ${listed.join('、')} 段${more}。` },
      units: listed,
      confidence: 0.6,
    });
  }
  return units.filter((u) => covered.has(u.n)).length;
}

/** Each node's token set, computed once for both searches below. */
export function nodeTokenSets(nodes: readonly KgNode[]): Set<string>[] {
  return nodes.map((n) => tokenSet(n.text));
}

/** Near-identical nodes (token Jaccard ≥ 0.75, numbers equal): merge the later into the earlier. */
export function checkDuplicates(nodes: readonly KgNode[], sets: readonly ReadonlySet<string>[], sink: IssueSink): void {
  const numbers = nodes.map((n) => (n.text.normalize('NFKC').match(/\d+(?:[.,]\d+)*/g) ?? []).join(','));
  const pairs = similarPairs(sets, DUPLICATE_JACCARD, { accept: (a, b) => numbers[a] === numbers[b] });
  for (const { a, b, score } of pairs) {
    const keep = nodes[a];
    const gone = nodes[b];
    sink.add({
      code: 'node_duplicate_suspected',
      severity: 'warning',
      category: 'duplicate',
      targetKind: 'node',
      targetId: gone.id,
      title: {
        en: `Suspected duplicate nodes: ${nodeName(keep)} / ${nodeName(gone)}`,
        zh: `疑似重复节点：${nodeName(keep)} / ${nodeName(gone)}`,
      },
      detail: {
        en: `"${clip(keep.text)}" and "${clip(gone.text)}" share ${Math.round(score * 100)}% of their words.`,
        zh: `「${clip(keep.text)}」与「${clip(gone.text)}」的词语重合度为 ${Math.round(score * 100)}%。`,
      },
      units: [keep.paragraph, gone.paragraph].filter((p): p is number => p !== null),
      confidence: Math.round(score * 100) / 100,
      fix: { action: 'merge_nodes', nodePatch: { id: gone.id }, mergeIntoId: keep.id },
      // The other direction, for a reader who would rather keep the later wording.
      remedies: [{ action: 'merge_nodes', nodePatch: { id: keep.id }, mergeIntoId: gone.id }],
    });
  }
}

/** Similar facts, inferences or rules (Jaccard ≥ 0.3) of which exactly one is negated. */
export function checkContradictions(
  nodes: readonly KgNode[],
  allSets: readonly ReadonlySet<string>[],
  sink: IssueSink,
): void {
  const picked = nodes.map((_, i) => i).filter((i) => CONTRADICTION_TYPES.has(nodes[i].type));
  const subset = picked.map((i) => nodes[i]);
  const sets = picked.map((i) => allSets[i]);
  const negated = subset.map((n) => hasNegation(n.text));
  const pairs = similarPairs(sets, CONTRADICTION_JACCARD, {
    accept: (a, b) => negated[a] !== negated[b],
    maxPosting: 128,
  });
  for (const { a, b, score } of pairs) {
    const x = subset[a];
    const y = subset[b];
    sink.add({
      code: 'node_contradiction_suspected',
      severity: 'warning',
      category: 'contradiction',
      targetKind: 'node',
      targetId: x.id,
      title: {
        en: `Possible contradiction: ${nodeName(x)} / ${nodeName(y)}`,
        zh: `疑似矛盾：${nodeName(x)} / ${nodeName(y)}`,
      },
      detail: {
        en: `"${clip(x.text)}" and "${clip(y.text)}" are similar but only one is negated.`,
        zh: `「${clip(x.text)}」与「${clip(y.text)}」相近，但只有一方带否定。`,
      },
      units: [x.paragraph, y.paragraph].filter((p): p is number => p !== null),
      confidence: Math.round(Math.min(0.9, 0.4 + score) * 100) / 100,
    });
  }
}

export function checkSummary(graph: KgGraph, sink: IssueSink): void {
  if (graph.summary.trim()) return;
  sink.add({
    code: 'summary_missing',
    severity: 'warning',
    category: 'summary',
    targetKind: 'graph',
    targetId: null,
    title: { en: 'The graph has no summary', zh: '知识图缺少总结' },
    detail: { en: 'Add a one-paragraph summary of the document.', zh: '建议补充一段对全文的总结。' },
    confidence: 0.8,
  });
}
