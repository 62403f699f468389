// The export format of a whole document graph (GET /api/documents/:id/export?format=json), which
// <kg-workbench src="graph.json"> loads with no backend, and the CSV rows of the nodes, relations and mentions exports.
// Pure TypeScript with no I/O and no DOM (core/): the Worker builds the files with it, the browser reads them.
import type { KgEdge, KgNode, Mention } from '../schema';
import { stripBidiControls } from '../text/well-formed';

export { GRAPH_EXPORT_FORMAT, GRAPH_EXPORT_VERSION, type GraphExport, type GraphExportHead } from './format';

/** Files for other tools, written by core/export/files.ts: yEd, Gephi and Cytoscape desktop; Cytoscape.js; Neo4j. */
export const GRAPH_FILE_FORMATS = ['graphml', 'cytoscape.json', 'cypher'] as const;
export type GraphFileFormat = (typeof GRAPH_FILE_FORMATS)[number];

export const EXPORT_FORMATS = ['json', 'nodes.csv', 'edges.csv', 'mentions.csv', ...GRAPH_FILE_FORMATS] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const isGraphFileFormat = (format: string): format is GraphFileFormat =>
  (GRAPH_FILE_FORMATS as readonly string[]).includes(format);

export { assertGraphExport } from './file-check';

// ── CSV ──────────────────────────────────────────────────────────────────────────────────────────────────────────

export const NODE_CSV_COLUMNS = [
  'id',
  'type',
  'text',
  'paragraph',
  'quote',
  'grounding_status',
  'entailment_status',
  'confidence',
  'section_id',
  'evidence_paragraphs',
] as const;

export const EDGE_CSV_COLUMNS = ['id', 'from_id', 'to_id', 'relation', 'evidence_paragraphs', 'quote'] as const;

/** The concept layer's mentions, a file of their own (never among the relations). */
export const MENTION_CSV_COLUMNS = ['id', 'node_id', 'concept_id', 'term', 'paragraph', 'quote'] as const;

/** Byte-order mark: spreadsheet programs then read the UTF-8 (Chinese) text correctly. */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV cell (RFC 4180 quoting). Text that a spreadsheet would run as a formula (starting with = + - @, or a tab or
 * carriage return) is prefixed with an apostrophe, so an exported quote can never execute.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: ReadonlyArray<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

const paragraphsOf = (evidence: ReadonlyArray<{ paragraph: number }>) => evidence.map((e) => e.paragraph).join(';');

export function nodeCsvLine(node: KgNode): string {
  return csvLine([
    node.id,
    node.type,
    node.text,
    node.paragraph,
    node.quote,
    node.groundingStatus,
    node.entailmentStatus,
    node.confidence,
    node.sectionId,
    paragraphsOf(node.evidence),
  ]);
}

export function edgeCsvLine(edge: KgEdge): string {
  return csvLine([
    edge.id,
    edge.fromNodeId,
    edge.toNodeId,
    edge.relation,
    paragraphsOf(edge.evidence),
    edge.evidence[0]?.quote,
  ]);
}

export function mentionCsvLine(mention: Mention): string {
  return csvLine([
    mention.id,
    mention.nodeId,
    mention.conceptId,
    mention.term,
    mention.evidence[0]?.paragraph,
    mention.evidence[0]?.quote,
  ]);
}

/** A whole CSV file in memory (the static `src` mode builds its exports from the loaded graph with this). */
export function nodesCsv(nodes: readonly KgNode[]): string {
  return CSV_BOM + csvLine(NODE_CSV_COLUMNS) + nodes.map(nodeCsvLine).join('');
}

export function edgesCsv(edges: readonly KgEdge[]): string {
  return CSV_BOM + csvLine(EDGE_CSV_COLUMNS) + edges.map(edgeCsvLine).join('');
}

export function mentionsCsv(mentions: readonly Mention[]): string {
  return CSV_BOM + csvLine(MENTION_CSV_COLUMNS) + mentions.map(mentionCsvLine).join('');
}

/** A file name for a download: the title's safe characters (any script), then the revision. */
export function exportFileName(title: string, revision: number, format: ExportFormat): string {
  // Bidi controls first: "report\u202Egnp.exe" would display as "reportexe.png" in a file manager.
  const stem =
    stripBidiControls(title)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what a file name must not keep.
      .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || 'graph';
  const suffix = format === 'json' ? 'graph.json' : format;
  return `${stem}.r${revision}.${suffix}`;
}
