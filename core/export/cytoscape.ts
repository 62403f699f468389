// Cytoscape.js JSON of a document graph: what `cytoscape({ elements })` and cy.json() take, and what Cytoscape
// desktop imports as a .cyjs file (format_version, generated_by, elements.nodes / elements.edges). Every element's
// `data` holds its id and fields; nodes are classed by type, links by kind (relation or mention, the concept layer
// kept apart from the relations). JSON.stringify escapes the text; lone surrogates become U+FFFD first. Element ids
// are the graph's own; Cytoscape wants them unique across nodes and edges, which their prefixes keep them (n…/node_…,
// e…/edge_…, mention_…).
import type { KgEdge, KgNode, Mention } from '../schema';
import { LONE_SURROGATE, evidenceUnits, type GraphFileMeta, type GraphFileWriter } from './writer';

export const CYTOSCAPE_FORMAT = 'kg-workbench.cytoscape';

const json = (value: unknown) =>
  JSON.stringify(value, (_key, v) => (typeof v === 'string' ? v.replace(LONE_SURROGATE, '\uFFFD') : v));
const evidenceOf = (evidence: KgNode['evidence']) => evidence.map((e) => ({ unit: e.paragraph, quote: e.quote }));

export const cytoscapeWriter = (meta: GraphFileMeta): GraphFileWriter => ({
  head() {
    const head = json({
      format_version: '1.0',
      generated_by: 'kg-workbench',
      target_cytoscapejs_version: '~3.30',
      data: { format: CYTOSCAPE_FORMAT, documentId: meta.documentId, name: meta.title, revision: meta.revision },
    });
    return `${head.slice(0, -1)},"elements":{"nodes":[\n`;
  },
  node(n: KgNode, index: number) {
    const data = {
      id: n.id,
      label: n.text,
      type: n.type,
      text: n.text,
      quote: n.quote,
      unit: n.paragraph,
      evidenceUnits: evidenceUnits(n.evidence),
      groundingStatus: n.groundingStatus,
      entailmentStatus: n.entailmentStatus,
      ...(n.confidence !== undefined ? { confidence: n.confidence } : {}),
      ...(n.sectionId !== undefined ? { sectionId: n.sectionId } : {}),
      evidence: evidenceOf(n.evidence),
    };
    return `${index ? ',\n' : ''}${json({ group: 'nodes', data, classes: n.type })}`;
  },
  between: () => '\n],"edges":[\n',
  edge(e: KgEdge, index: number) {
    const data = {
      id: e.id,
      source: e.fromNodeId,
      target: e.toNodeId,
      kind: 'relation',
      relation: e.relation,
      label: e.relation,
      quote: e.evidence[0]?.quote ?? '',
      unit: e.evidence[0]?.paragraph ?? null,
      evidenceUnits: evidenceUnits(e.evidence),
      evidence: evidenceOf(e.evidence),
    };
    return `${index ? ',\n' : ''}${json({ group: 'edges', data, classes: 'relation' })}`;
  },
  mention(m: Mention, index: number) {
    const data = {
      id: m.id,
      source: m.nodeId,
      target: m.conceptId,
      kind: 'mention',
      term: m.term,
      label: m.term,
      quote: m.evidence[0]?.quote ?? '',
      unit: m.evidence[0]?.paragraph ?? null,
    };
    return `${index ? ',\n' : ''}${json({ group: 'edges', data, classes: 'mention' })}`;
  },
  tail: () => '\n]}}\n',
});
