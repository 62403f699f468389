// The one shape of the graph file writers other than JSON and CSV (GraphML, Cytoscape.js JSON, a Cypher script): a
// head, then each node, each relation and each mention of the concept layer in canonical order, then a tail. The
// Worker streams them page by page (worker/services/export.ts); a loaded file (static mode, tests) is written whole
// with `writeWhole`. Each writer is pure and escapes untrusted text itself.
import type { KgEdge, KgNode, Mention } from '../schema';

/** What a file says about its document (never the text: the units stay in the JSON export). */
export interface GraphFileMeta {
  documentId: string;
  title: string;
  revision: number;
}

/** One file being written: made per file from its document's meta (`graphmlWriter(meta)`), so it holds no shared state. */
export interface GraphFileWriter {
  head(): string;
  /** `index` counts from 0 within the nodes. */
  node(node: KgNode, index: number): string;
  /** Between the last node and the first relation. */
  between(): string;
  /** `index` counts from 0 over the relations, then on over the mentions (one list of links in some formats). */
  edge(edge: KgEdge, index: number): string;
  mention(mention: Mention, index: number): string;
  tail(): string;
}

export function writeWhole(
  open: (meta: GraphFileMeta) => GraphFileWriter,
  graph: GraphFileMeta & { nodes: readonly KgNode[]; edges: readonly KgEdge[]; mentions?: readonly Mention[] },
): string {
  const writer = open({ documentId: graph.documentId, title: graph.title, revision: graph.revision });
  const edges = graph.edges.map((e, i) => writer.edge(e, i)).join('');
  const mentions = (graph.mentions ?? []).map((m, i) => writer.mention(m, graph.edges.length + i)).join('');
  return (
    writer.head() +
    graph.nodes.map((n, i) => writer.node(n, i)).join('') +
    writer.between() +
    edges +
    mentions +
    writer.tail()
  );
}

/** Unpaired UTF-16 surrogates: no UTF-8 file can hold them, so every writer replaces them with U+FFFD. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The unit numbers of a list of evidence, in order. */
export const evidenceUnits = (evidence: ReadonlyArray<{ paragraph: number }>) => evidence.map((e) => e.paragraph);
