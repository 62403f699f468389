// The graph-query benchmark's data: a generated document (core/query/__fixtures__/generated.ts) written as one SQL
// file of the same rows storage/graph-commit.ts publishes (folded search_text and query_text computed by the same
// core functions), for `wrangler d1 execute --local --file` against the bench's state folder — the local D1 that
// `wrangler dev` then serves. No test-only route writes anything.
import { createWriteStream } from 'node:fs';
import type { GraphExport } from '../core/export/graph-export';
import { queryHaystack } from '../core/query/text';
import { foldForSearch } from '../core/search';

const ROWS_PER_INSERT = 400;
/** Characters of one INSERT's values (UTF-8 may take up to 3 bytes for a CJK character: 30,000 × 3 < 100 KB). */
const MAX_STATEMENT_CHARS = 30_000;

const lit = (v: unknown): string => {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return String(v);
  return `'${String(v).replace(/'/g, "''")}'`;
};

export async function writeGraphSql(file: string, graphs: readonly GraphExport[]): Promise<void> {
  const out = createWriteStream(file, 'utf8');
  const write = (text: string) =>
    new Promise<void>((resolve) => (out.write(text) ? resolve() : out.once('drain', () => resolve())));
  const insert = async (table: string, columns: string, rows: unknown[][]) => {
    // D1 refuses statements over 100 KB (SQLITE_TOOBIG): cut by size, not only by row count.
    let batch: string[] = [];
    let size = 0;
    const flush = async () => {
      if (batch.length) await write(`INSERT INTO ${table} (${columns}) VALUES\n${batch.join(',\n')};\n`);
      batch = [];
      size = 0;
    };
    for (const r of rows) {
      const value = `(${r.map(lit).join(',')})`;
      if (batch.length >= ROWS_PER_INSERT || size + value.length > MAX_STATEMENT_CHARS) await flush();
      batch.push(value);
      size += value.length + 2;
    }
    await flush();
  };
  const now = Date.now();
  for (const g of graphs) {
    const doc = g.documentId;
    await insert(
      'documents',
      'id, title, revision, source_id, chars, unit_count, node_count, edge_count, summary, sections, model, created_at, updated_at',
      [
        [
          doc,
          g.title,
          g.revision,
          g.sourceId,
          g.chars,
          g.units.length,
          g.nodes.length,
          g.edges.length,
          g.summary,
          JSON.stringify(g.sections),
          g.model,
          now,
          now,
        ],
      ],
    );
    await insert(
      'units',
      'document_id, n, start, "end", kind, section_id, text',
      g.units.map((u) => [doc, u.n, u.start, u.end, u.kind, u.sectionId, u.text]),
    );
    const ordOf = new Map(g.nodes.map((n, i) => [n.id, i]));
    await insert(
      'nodes',
      'document_id, id, ord, type, text, paragraph, quote, grounding, entailment, confidence, section_id, search_text, query_text',
      g.nodes.map((n, i) => [
        doc,
        n.id,
        i,
        n.type,
        n.text,
        n.paragraph,
        n.quote,
        n.groundingStatus,
        n.entailmentStatus,
        n.confidence ?? null,
        n.sectionId ?? null,
        foldForSearch(n.text),
        queryHaystack(n),
      ]),
    );
    await insert(
      'edges',
      'document_id, id, ord, from_id, to_id, from_ord, to_ord, relation',
      g.edges.map((e, i) => [
        doc,
        e.id,
        i,
        e.fromNodeId,
        e.toNodeId,
        ordOf.get(e.fromNodeId),
        ordOf.get(e.toNodeId),
        e.relation,
      ]),
    );
    const evidence: unknown[][] = [];
    for (const n of g.nodes)
      n.evidence.forEach((e, seq) =>
        evidence.push([doc, 'node', n.id, seq, e.sourceId, e.chunkId, e.paragraph, e.quote]),
      );
    for (const e of g.edges)
      e.evidence.forEach((ev, seq) =>
        evidence.push([doc, 'edge', e.id, seq, ev.sourceId, ev.chunkId, ev.paragraph, ev.quote]),
      );
    await insert('evidence', 'document_id, owner_kind, owner_id, seq, source_id, chunk_id, paragraph, quote', evidence);
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}
