// GraphML (http://graphml.graphdrawing.org/) of a document graph, as yEd, Gephi and Cytoscape desktop read it: a
// directed graph whose nodes carry type, text, quote and unit (the anchor's number) and whose edges carry relation,
// quote and unit, each declared once as a <key> with its attr.name and attr.type. Mentions of the concept layer are
// edges too, told apart by kind = "mention" (never a relation). Text is untrusted: it is escaped for XML here, and
// what XML 1.0 cannot hold at all (C0 controls but tab, LF and CR; U+FFFE/U+FFFF; lone surrogates) becomes U+FFFD.
import type { KgEdge, KgNode, Mention } from '../schema';
import { LONE_SURROGATE, evidenceUnits, type GraphFileMeta, type GraphFileWriter } from './writer';

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids.
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// CR, NEL and the Unicode line and paragraph separators as character references: readers that normalise line ends
// (XML 1.1 rules, as @xmldom/xmldom applies) would otherwise hand back a plain LF.
const TEXT_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '\r': '&#13;',
  '\u0085': '&#x85;',
  '\u2028': '&#x2028;',
  '\u2029': '&#x2029;',
};
const ATTR_ESCAPES: Record<string, string> = {
  ...TEXT_ESCAPES,
  '"': '&quot;',
  "'": '&apos;',
  '\n': '&#10;',
  '\t': '&#9;',
};

const clean = (s: string) => s.replace(LONE_SURROGATE, '\uFFFD').replace(XML_FORBIDDEN, '\uFFFD');
/** Element content: a reader gets the string back as is (CR kept as a character reference, not normalised away). */
export const xmlText = (s: string) => clean(s).replace(/[&<>\r\u0085\u2028\u2029]/g, (c) => TEXT_ESCAPES[c]!);
/** An attribute value: quotes, and the white space an XML reader would otherwise normalise to spaces. */
export const xmlAttr = (s: string) => clean(s).replace(/[&<>"'\r\n\t\u0085\u2028\u2029]/g, (c) => ATTR_ESCAPES[c]!);

type KeyType = 'string' | 'int' | 'double';
/** Every <key>: [id, for, attr.name, attr.type]. One table, so the writer and the declarations cannot drift. */
export const GRAPHML_KEYS: ReadonlyArray<readonly [string, 'graph' | 'node' | 'edge', string, KeyType]> = [
  ['g_document', 'graph', 'documentId', 'string'],
  ['g_title', 'graph', 'title', 'string'],
  ['g_revision', 'graph', 'revision', 'int'],
  ['label', 'node', 'label', 'string'],
  ['type', 'node', 'type', 'string'],
  ['text', 'node', 'text', 'string'],
  ['quote', 'node', 'quote', 'string'],
  ['unit', 'node', 'unit', 'int'],
  ['evidence_units', 'node', 'evidenceUnits', 'string'],
  ['grounding', 'node', 'groundingStatus', 'string'],
  ['entailment', 'node', 'entailmentStatus', 'string'],
  ['confidence', 'node', 'confidence', 'double'],
  ['section', 'node', 'sectionId', 'string'],
  ['e_label', 'edge', 'label', 'string'],
  ['kind', 'edge', 'kind', 'string'],
  ['relation', 'edge', 'relation', 'string'],
  ['e_quote', 'edge', 'quote', 'string'],
  ['e_unit', 'edge', 'unit', 'int'],
  ['e_evidence_units', 'edge', 'evidenceUnits', 'string'],
  ['term', 'edge', 'term', 'string'],
];

function data(key: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && !Number.isFinite(value)) return '';
  return `<data key="${key}">${typeof value === 'number' ? String(value) : xmlText(value)}</data>`;
}

export const graphmlWriter = (meta: GraphFileMeta): GraphFileWriter => ({
  head() {
    const keys = GRAPHML_KEYS.map(
      ([id, owner, name, type]) => `  <key id="${id}" for="${owner}" attr.name="${name}" attr.type="${type}"/>\n`,
    ).join('');
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
      ' xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n' +
      keys +
      `  <graph id="${xmlAttr(meta.documentId)}" edgedefault="directed">\n` +
      `    ${data('g_document', meta.documentId)}${data('g_title', meta.title)}${data('g_revision', meta.revision)}\n`
    );
  },
  node(n: KgNode) {
    return (
      `    <node id="${xmlAttr(n.id)}">` +
      data('label', n.text) +
      data('type', n.type) +
      data('text', n.text) +
      data('quote', n.quote) +
      data('unit', n.paragraph) +
      data('evidence_units', evidenceUnits(n.evidence).join(';')) +
      data('grounding', n.groundingStatus) +
      data('entailment', n.entailmentStatus) +
      data('confidence', n.confidence) +
      data('section', n.sectionId) +
      '</node>\n'
    );
  },
  between: () => '',
  edge(e: KgEdge) {
    return (
      `    <edge id="${xmlAttr(e.id)}" source="${xmlAttr(e.fromNodeId)}" target="${xmlAttr(e.toNodeId)}">` +
      data('e_label', e.relation) +
      data('kind', 'relation') +
      data('relation', e.relation) +
      data('e_quote', e.evidence[0]?.quote) +
      data('e_unit', e.evidence[0]?.paragraph) +
      data('e_evidence_units', evidenceUnits(e.evidence).join(';')) +
      '</edge>\n'
    );
  },
  mention(m: Mention) {
    return (
      `    <edge id="${xmlAttr(m.id)}" source="${xmlAttr(m.nodeId)}" target="${xmlAttr(m.conceptId)}">` +
      data('e_label', m.term) +
      data('kind', 'mention') +
      data('term', m.term) +
      data('e_quote', m.evidence[0]?.quote) +
      data('e_unit', m.evidence[0]?.paragraph) +
      '</edge>\n'
    );
  },
  tail: () => '  </graph>\n</graphml>\n',
});
