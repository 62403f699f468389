// Whole-graph exports read straight from D1 in canonical order: JSON (the format <kg-workbench src> loads), nodes CSV
// and relations CSV. Not limited by any view window: rows are read in keyset pages and streamed, so a book-sized
// graph never sits in memory as one string.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import { KgError } from '../../core/errors';
import type { ContentUnit, Evidence, KgEdge, KgNode, Section } from '../../core/schema';
import {
  CSV_BOM,
  EDGE_CSV_COLUMNS,
  GRAPH_EXPORT_FORMAT,
  GRAPH_EXPORT_VERSION,
  NODE_CSV_COLUMNS,
  csvLine,
  edgeCsvLine,
  exportFileName,
  nodeCsvLine,
  type ExportFormat,
  type GraphExportHead,
} from '../../components/shared/graph-export';
import { documents, edges, evidence, nodes, units } from '../db/schema';
import { getDocumentRow } from './documents';

const PAGE = 500;

type DocRow = Awaited<ReturnType<typeof getDocumentRow>>;

export interface ExportFile {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  fileName: string;
}

export async function exportDocument(env: Env, documentId: string, format: ExportFormat): Promise<ExportFile> {
  const doc = await getDocumentRow(env, documentId);
  const db = drizzle(env.DB);
  const chunks = format === 'json' ? jsonChunks(db, doc) : format === 'nodes.csv' ? nodeCsvChunks(db, doc) : edgeCsvChunks(db, doc);
  return {
    body: streamOf(withRevisionCheck(db, doc, chunks)),
    contentType: format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
    fileName: exportFileName(doc.title, doc.revision, format),
  };
}

async function* jsonChunks(db: DrizzleD1Database, doc: DocRow): AsyncGenerator<string> {
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
    counts: { units: doc.unitCount, nodes: doc.nodeCount, edges: doc.edgeCount },
    sections: JSON.parse(doc.sections) as Section[],
    audit: doc.audit ? JSON.parse(doc.audit) : null,
  };
  yield JSON.stringify(head).slice(0, -1);
  yield* jsonArray('units', unitPages(db, doc));
  yield* jsonArray('nodes', nodePages(db, doc));
  yield* jsonArray('edges', edgePages(db, doc));
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

async function* nodeCsvChunks(db: DrizzleD1Database, doc: DocRow): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(NODE_CSV_COLUMNS);
  for await (const page of nodePages(db, doc)) yield page.map(nodeCsvLine).join('');
}

async function* edgeCsvChunks(db: DrizzleD1Database, doc: DocRow): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(EDGE_CSV_COLUMNS);
  for await (const page of edgePages(db, doc)) yield page.map(edgeCsvLine).join('');
}

/**
 * Pages are separate reads, so a commit landing mid-export would mix two revisions. The revision is checked again at
 * the end and the stream fails instead of delivering a mixed file.
 */
async function* withRevisionCheck(db: DrizzleD1Database, doc: DocRow, chunks: AsyncGenerator<string>): AsyncGenerator<string> {
  yield* chunks;
  const [row] = await db.select({ revision: documents.revision }).from(documents).where(eq(documents.id, doc.id));
  if (row?.revision !== doc.revision) throw new KgError('revision_conflict', 'The document changed during the export.');
}

async function* unitPages(db: DrizzleD1Database, doc: DocRow): AsyncGenerator<ContentUnit[]> {
  for (let after = 0; ; ) {
    const rows = await db
      .select()
      .from(units)
      .where(and(eq(units.documentId, doc.id), gt(units.n, after)))
      .orderBy(asc(units.n))
      .limit(PAGE * 4);
    if (rows.length === 0) return;
    yield rows.map(({ documentId: _d, ...u }) => u as ContentUnit);
    after = rows[rows.length - 1].n;
  }
}

async function* nodePages(db: DrizzleD1Database, doc: DocRow): AsyncGenerator<KgNode[]> {
  for (let after = -1; ; ) {
    const rows = await db
      .select()
      .from(nodes)
      .where(and(eq(nodes.documentId, doc.id), gt(nodes.ord, after)))
      .orderBy(asc(nodes.ord))
      .limit(PAGE);
    if (rows.length === 0) return;
    const ev = await evidenceOf(db, doc, 'node', rows.map((r) => r.id));
    yield rows.map((r) => ({
      id: r.id,
      type: r.type as KgNode['type'],
      text: r.text,
      paragraph: r.paragraph,
      quote: r.quote,
      evidence: ev.get(r.id) ?? [],
      groundingStatus: r.grounding as KgNode['groundingStatus'],
      entailmentStatus: r.entailment as KgNode['entailmentStatus'],
      ...(r.confidence === null ? {} : { confidence: r.confidence }),
      ...(r.sectionId === null ? {} : { sectionId: r.sectionId }),
    }));
    after = rows[rows.length - 1].ord;
  }
}

async function* edgePages(db: DrizzleD1Database, doc: DocRow): AsyncGenerator<KgEdge[]> {
  for (let after = -1; ; ) {
    const rows = await db
      .select()
      .from(edges)
      .where(and(eq(edges.documentId, doc.id), gt(edges.ord, after)))
      .orderBy(asc(edges.ord))
      .limit(PAGE);
    if (rows.length === 0) return;
    const ev = await evidenceOf(db, doc, 'edge', rows.map((r) => r.id));
    yield rows.map((r) => ({
      id: r.id,
      fromNodeId: r.fromId,
      toNodeId: r.toId,
      relation: r.relation as KgEdge['relation'],
      evidence: ev.get(r.id) ?? [],
    }));
    after = rows[rows.length - 1].ord;
  }
}

async function evidenceOf(db: DrizzleD1Database, doc: DocRow, kind: 'node' | 'edge', ids: string[]) {
  const rows = await db
    .select()
    .from(evidence)
    .where(
      and(
        eq(evidence.documentId, doc.id),
        eq(evidence.ownerKind, kind),
        sql`${evidence.ownerId} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
      ),
    )
    .orderBy(asc(evidence.ownerId), asc(evidence.seq));
  const byOwner = new Map<string, Evidence[]>();
  for (const r of rows) {
    const list = byOwner.get(r.ownerId) ?? [];
    list.push({ documentId: doc.id, sourceId: r.sourceId, chunkId: r.chunkId, paragraph: r.paragraph, quote: r.quote });
    byOwner.set(r.ownerId, list);
  }
  return byOwner;
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
