// Whole-graph exports read straight from D1 in canonical order: JSON (the format <kg-workbench src> loads), nodes CSV,
// relations CSV and the concept layer's mentions CSV (never among the relations). Not limited by any view window: rows are read in keyset pages and streamed, so a book-sized
// graph never sits in memory as one string.
import { KgError } from '../../core/errors';
import type { Section } from '../../core/schema';
import {
  CSV_BOM,
  EDGE_CSV_COLUMNS,
  GRAPH_EXPORT_FORMAT,
  GRAPH_EXPORT_VERSION,
  MENTION_CSV_COLUMNS,
  NODE_CSV_COLUMNS,
  csvLine,
  edgeCsvLine,
  exportFileName,
  mentionCsvLine,
  nodeCsvLine,
  isGraphFileFormat,
  type ExportFormat,
  type GraphExportHead,
  type GraphFileFormat,
} from '../../core/export/graph-export';
import { GRAPH_FILES } from '../../core/export/files';
import { latestFactCheckReport } from '../../storage/fact-check-reports';
import { getVisualSource } from '../../storage/image-blobs';
import { latestReports } from '../../storage/reports';
import type { DbEnv } from '../../storage/db';
import { readRevision, type DocumentRow } from '../../storage/document-rows';
import { auditPages } from '../../storage/audit';
import { edgePages, mentionPages, nodePages, unitPages } from '../../storage/pages';
import { getDocumentRow } from './documents';

export interface ExportFile {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  fileName: string;
}

export async function exportDocument(env: Env, documentId: string, format: ExportFormat): Promise<ExportFile> {
  const doc = await getDocumentRow(env, documentId);
  const chunks = isGraphFileFormat(format) ? graphFileChunks(env, doc, format) : CHUNKS[format](env, doc);
  return {
    body: streamOf(withRevisionCheck(env, doc, chunks)),
    contentType: isGraphFileFormat(format)
      ? GRAPH_FILES[format].contentType
      : format === 'json'
        ? 'application/json; charset=utf-8'
        : 'text/csv; charset=utf-8',
    fileName: exportFileName(doc.title, doc.revision, format),
  };
}

const CHUNKS: Record<Exclude<ExportFormat, GraphFileFormat>, (env: Env, doc: DocumentRow) => AsyncGenerator<string>> = {
  json: jsonChunks,
  'nodes.csv': nodeCsvChunks,
  'edges.csv': edgeCsvChunks,
  'mentions.csv': mentionCsvChunks,
};

async function* jsonChunks(env: Env, doc: DocumentRow): AsyncGenerator<string> {
  // The trust record travels with the graph: the latest report of each verification kind and the latest external
  // fact-check (each with `stale`), and where the text came from when it was transcribed from images.
  const [verificationReports, factCheck, visualSource] = await Promise.all([
    latestReports(env, doc.id, doc.revision),
    latestFactCheckReport(env, doc.id),
    doc.sourceId ? getVisualSource(env, doc.id, doc.sourceId) : null,
  ]);
  const head: GraphExportHead = {
    format: GRAPH_EXPORT_FORMAT,
    version: GRAPH_EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    documentId: doc.id,
    title: doc.title,
    revision: doc.revision,
    summary: doc.summary,
    sourceId: doc.sourceId,
    model: doc.model,
    chars: doc.chars,
    counts: { units: doc.unitCount, nodes: doc.nodeCount, edges: doc.edgeCount, mentions: doc.mentionCount },
    sections: JSON.parse(doc.sections) as Section[],
    audit: doc.audit ? JSON.parse(doc.audit) : null,
    verificationReports,
    factCheck: factCheck ? { report: factCheck, stale: factCheck.revision !== doc.revision } : null,
    visualSource,
  };
  yield JSON.stringify(head).slice(0, -1);
  yield* jsonArray('units', unitPages(env, doc.id));
  yield* jsonArray('nodes', nodePages(env, doc.id));
  yield* jsonArray('edges', edgePages(env, doc.id));
  yield* jsonArray('mentions', mentionPages(env, doc.id));
  yield* jsonArray('auditLog', auditPages(env, doc.id));
  yield '}';
}

async function* jsonArray(key: string, pages: AsyncGenerator<unknown[]>): AsyncGenerator<string> {
  yield `,${JSON.stringify(key)}:[`;
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield (first ? '' : ',') + page.map((item) => JSON.stringify(item)).join(',');
    first = false;
  }
  yield ']';
}

/** GraphML, Cytoscape.js JSON or Cypher: the file's writer over the nodes, then the relations, then the mentions. */
async function* graphFileChunks(env: DbEnv, doc: DocumentRow, format: GraphFileFormat): AsyncGenerator<string> {
  const writer = GRAPH_FILES[format].open({ documentId: doc.id, title: doc.title, revision: doc.revision });
  yield writer.head();
  let n = 0;
  for await (const page of nodePages(env, doc.id)) yield page.map((node) => writer.node(node, n++)).join('');
  yield writer.between();
  let k = 0;
  for await (const page of edgePages(env, doc.id)) yield page.map((edge) => writer.edge(edge, k++)).join('');
  for await (const page of mentionPages(env, doc.id)) yield page.map((m) => writer.mention(m, k++)).join('');
  yield writer.tail();
}

async function* nodeCsvChunks(env: DbEnv, doc: DocumentRow): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(NODE_CSV_COLUMNS);
  for await (const page of nodePages(env, doc.id)) yield page.map(nodeCsvLine).join('');
}

async function* edgeCsvChunks(env: DbEnv, doc: DocumentRow): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(EDGE_CSV_COLUMNS);
  for await (const page of edgePages(env, doc.id)) yield page.map(edgeCsvLine).join('');
}

async function* mentionCsvChunks(env: DbEnv, doc: DocumentRow): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(MENTION_CSV_COLUMNS);
  for await (const page of mentionPages(env, doc.id)) yield page.map(mentionCsvLine).join('');
}

/**
 * Pages are separate reads, so a commit landing mid-export would mix two revisions. The revision is checked again at
 * the end and the stream fails instead of delivering a mixed file.
 */
async function* withRevisionCheck(
  env: DbEnv,
  doc: DocumentRow,
  chunks: AsyncGenerator<string>,
): AsyncGenerator<string> {
  yield* chunks;
  if ((await readRevision(env, doc.id)) !== doc.revision)
    throw new KgError('revision_conflict', 'The document changed during the export.');
}

function streamOf(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
