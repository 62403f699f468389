// The graph query's candidate source over D1 (core/query/source.ts states what each method must return; the
// in-memory source is the reference, test/worker/graph-query-parity.test.ts holds this one to it). One query path:
// hard filters on indexed columns, lexical candidates by instr() over nodes.query_text in keyset pages of ord —
// never a growing OFFSET, and every page is scored, so a late exact match is always seen — relation seeding over
// edges_doc_relation, and hops over the edges_doc_from / edges_doc_to indexes with the order and the limit inside
// SQL, so a hub's thousands of edges never leave the database.
import type { ContentUnit, KgEdge, KgNode, Section } from '../core/schema';
import type {
  EdgeRef,
  LexicalProbe,
  MentionRef,
  NodeFilter,
  QueryCandidateSource,
  QueryDocumentInfo,
  ScoringNode,
} from '../core/query';
import type { QueryDirection, QueryMention } from '../core/query';
import { findDocumentRow } from './document-rows';
import { dbOf, inJson, type DbEnv } from './db';
import { toEdge, toEvidence, toNode, toUnit, type EvidenceRow, type UnitRow } from './rows';
import { edges, evidence, nodes } from './schema';
import { and, asc, eq } from 'drizzle-orm';

/** Candidate rows per keyset page. */
export const CANDIDATE_PAGE = 1000;
/** Probe tokens bound one by one (D1 allows 100 parameters); longer probes go through json_each. */
const INLINE_TOKENS = 40;

const NODE_COLUMNS = 'id, ord, type, text, quote, paragraph, section_id, grounding, entailment';

interface CandidateRow {
  id: string;
  ord: number;
  type: string;
  text: string;
  quote: string;
  paragraph: number | null;
  section_id: string | null;
  grounding: string;
  entailment: string;
}

const inList = (column: string) => `${column} IN (SELECT value FROM json_each(?))`;

export class D1QuerySource implements QueryCandidateSource {
  /** ord of every node this source has returned: hops and edges run on the ord indexes. */
  private readonly ords = new Map<string, number>();

  constructor(
    private readonly env: DbEnv,
    private readonly documentId: string,
  ) {}

  private toScoring(r: CandidateRow): ScoringNode {
    this.ords.set(r.id, r.ord);
    return {
      id: r.id,
      type: r.type,
      text: r.text,
      quote: r.quote,
      paragraph: r.paragraph,
      sectionId: r.section_id,
      groundingStatus: r.grounding,
      entailmentStatus: r.entailment,
    };
  }

  private ordsOf(ids: readonly string[]): number[] {
    return ids.map((id) => this.ords.get(id)).filter((o): o is number => o !== undefined);
  }

  private async all<T>(query: string, params: unknown[]): Promise<T[]> {
    const { results } = await this.env.DB.prepare(query)
      .bind(...params)
      .all<T>();
    return results;
  }

  async document(): Promise<QueryDocumentInfo | null> {
    const row = await findDocumentRow(this.env, this.documentId);
    if (!row || row.revision === 0) return null;
    return {
      documentId: row.id,
      revision: row.revision,
      title: row.title,
      summary: row.summary,
      sourceId: row.sourceId,
      chars: row.chars,
      unitCount: row.unitCount,
      nodeCount: row.nodeCount,
      edgeCount: row.edgeCount,
      sections: JSON.parse(row.sections) as Section[],
    };
  }

  private filterSql(filter: NodeFilter): { where: string[]; params: unknown[] } {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (column: string, values: readonly string[]) => {
      if (values.length === 0) return;
      where.push(inList(column));
      params.push(JSON.stringify(values));
    };
    add('type', filter.types);
    add('section_id', filter.sectionIds);
    add('grounding', filter.groundingStatuses);
    add('entailment', filter.entailmentStatuses);
    return { where, params };
  }

  async *candidates(filter: NodeFilter, probe: LexicalProbe | null): AsyncIterable<ScoringNode[]> {
    const { where, params } = this.filterSql(filter);
    if (probe) {
      const tokens =
        probe.tokens.length <= INLINE_TOKENS
          ? { sql: probe.tokens.map(() => 'instr(query_text, ?) > 0'), params: [...probe.tokens] }
          : {
              sql: ['EXISTS (SELECT 1 FROM json_each(?) AS t WHERE instr(query_text, t.value) > 0)'],
              params: [JSON.stringify(probe.tokens)],
            };
      const any = [...tokens.sql];
      const anyParams: unknown[] = [...tokens.params];
      if (probe.sectionIds.length > 0) {
        any.push(inList('section_id'));
        anyParams.push(JSON.stringify(probe.sectionIds));
      }
      if (any.length === 0) return;
      where.push(`(${any.join(' OR ')})`);
      params.push(...anyParams);
    }
    const sql = `SELECT ${NODE_COLUMNS} FROM nodes WHERE document_id = ? AND ord > ?${where.map((w) => ` AND ${w}`).join('')} ORDER BY ord LIMIT ${CANDIDATE_PAGE}`;
    for (let after = -1; ; ) {
      const rows = await this.all<CandidateRow>(sql, [this.documentId, after, ...params]);
      if (rows.length === 0) return;
      yield rows.map((r) => this.toScoring(r));
      if (rows.length < CANDIDATE_PAGE) return;
      after = rows[rows.length - 1].ord;
    }
  }

  async filterTop(filter: NodeFilter, limit: number): Promise<{ nodes: ScoringNode[]; total: number }> {
    // Filters only: every passing node scores 1 + its bonus, so SQL can rank them (core/query/score.ts filterBonus).
    const { where, params } = this.filterSql(filter);
    const clause = `document_id = ?${where.map((w) => ` AND ${w}`).join('')}`;
    const bonus =
      "(CASE WHEN grounding = 'grounded' THEN 1.5 ELSE 0 END + CASE WHEN entailment = 'verified' THEN 1 ELSE 0 END)";
    const [rows, count] = await Promise.all([
      this.all<CandidateRow>(
        `SELECT ${NODE_COLUMNS} FROM nodes WHERE ${clause} ORDER BY ${bonus} DESC, paragraph IS NULL, paragraph, id LIMIT ?`,
        [this.documentId, ...params, limit],
      ),
      this.all<{ total: number }>(`SELECT count(*) AS total FROM nodes WHERE ${clause}`, [this.documentId, ...params]),
    ]);
    return { nodes: rows.map((r) => this.toScoring(r)), total: count[0]?.total ?? 0 };
  }

  async nodesById(ids: readonly string[]): Promise<ScoringNode[]> {
    if (ids.length === 0) return [];
    const rows = await this.all<CandidateRow>(
      `SELECT ${NODE_COLUMNS} FROM nodes WHERE document_id = ? AND ${inList('id')}`,
      [this.documentId, JSON.stringify(ids)],
    );
    return rows.map((r) => this.toScoring(r));
  }

  async relationEndpoints(
    relations: readonly string[],
    maxEndpoints: number,
  ): Promise<{ ids: string[]; edgeCount: number }> {
    const rels = JSON.stringify(relations);
    const [{ total }] = await this.all<{ total: number }>(
      `SELECT count(*) AS total FROM edges WHERE document_id = ? AND ${inList('relation')}`,
      [this.documentId, rels],
    );
    const ids: string[] = [];
    const seen = new Set<string>();
    const page = 1000;
    let key: [string, string, string, string] = ['', '', '', ''];
    for (;;) {
      const rows = await this.all<{ id: string; from_id: string; to_id: string; relation: string }>(
        `SELECT id, from_id, to_id, relation FROM edges WHERE document_id = ? AND ${inList('relation')}
           AND (from_id, to_id, relation, id) > (?, ?, ?, ?) ORDER BY from_id, to_id, relation, id LIMIT ${page}`,
        [this.documentId, rels, ...key],
      );
      for (const r of rows) {
        for (const id of [r.from_id, r.to_id]) {
          if (ids.length < maxEndpoints && !seen.has(id)) {
            seen.add(id);
            ids.push(id);
          }
        }
      }
      if (rows.length < page || ids.length >= maxEndpoints) return { ids, edgeCount: total };
      const last = rows[rows.length - 1];
      key = [last.from_id, last.to_id, last.relation, last.id];
    }
  }

  async neighbours(
    frontier: readonly string[],
    direction: QueryDirection,
    relations: readonly string[],
    exclude: readonly string[],
    limit: number,
  ): Promise<string[]> {
    if (limit <= 0 || frontier.length === 0) return [];
    const rel = relations.length > 0 ? ` AND ${inList('relation')}` : '';
    const params: unknown[] = [];
    const arms: string[] = [];
    const arm = (near: string, far: string) => {
      arms.push(`SELECT DISTINCT ${far} AS o FROM edges WHERE document_id = ? AND ${inList(near)}${rel}`);
      params.push(
        this.documentId,
        JSON.stringify(this.ordsOf(frontier)),
        ...(relations.length > 0 ? [JSON.stringify(relations)] : []),
      );
    };
    if (direction !== 'in') arm('from_ord', 'to_ord');
    if (direction !== 'out') arm('to_ord', 'from_ord');
    const rows = await this.all<{ id: string; ord: number; paragraph: number | null }>(
      `WITH nb(o) AS (${arms.join(' UNION ')})
       SELECT n.id, n.ord, n.paragraph FROM nb JOIN nodes n ON n.document_id = ? AND n.ord = nb.o
       WHERE nb.o NOT IN (SELECT value FROM json_each(?))
       ORDER BY n.paragraph IS NULL, n.paragraph, n.id LIMIT ?`,
      [...params, this.documentId, JSON.stringify(this.ordsOf(exclude)), limit],
    );
    for (const r of rows) this.ords.set(r.id, r.ord);
    return rows.map((r) => r.id);
  }

  async edgesAmong(
    ids: readonly string[],
    direct: readonly string[],
    relations: readonly string[],
    limit: number,
  ): Promise<EdgeRef[]> {
    if (ids.length === 0 || limit <= 0) return [];
    const inside = JSON.stringify(this.ordsOf(ids));
    const first = JSON.stringify(this.ordsOf(direct));
    const rel = relations.length > 0 ? ` AND ${inList('relation')}` : '';
    const rows = await this.all<{ id: string; from_id: string; to_id: string; relation: string }>(
      `SELECT id, from_id, to_id, relation FROM edges
       WHERE document_id = ? AND ${inList('from_ord')} AND ${inList('to_ord')}${rel}
       ORDER BY (${inList('from_ord')} OR ${inList('to_ord')}) DESC, from_id, to_id, relation, id LIMIT ?`,
      [
        this.documentId,
        inside,
        inside,
        ...(relations.length > 0 ? [JSON.stringify(relations)] : []),
        first,
        first,
        limit,
      ],
    );
    return rows.map((r) => ({ id: r.id, fromNodeId: r.from_id, toNodeId: r.to_id, relation: r.relation }));
  }

  // The concept layer's mentions (table `mentions`, migration 0010: document_id, id, node_id, concept_id, term,
  // paragraph, quote, seq). Never joined with edges: a mention is not a relation.
  async mentionsOf(conceptIds: readonly string[], limit: number): Promise<MentionRef[]> {
    if (conceptIds.length === 0 || limit <= 0) return [];
    const rows = await this.all<{ id: string; node_id: string; concept_id: string; term: string }>(
      `SELECT id, node_id, concept_id, term FROM mentions WHERE document_id = ? AND ${inList('concept_id')}
       ORDER BY concept_id, node_id, id LIMIT ?`,
      [this.documentId, JSON.stringify(conceptIds), limit],
    );
    return rows.map((r) => ({ id: r.id, nodeId: r.node_id, conceptId: r.concept_id, term: r.term }));
  }

  async mentionsAmong(ids: readonly string[], limit: number): Promise<QueryMention[]> {
    if (ids.length === 0 || limit <= 0) return [];
    const inside = JSON.stringify(ids);
    const rows = await this.all<{
      id: string;
      node_id: string;
      concept_id: string;
      term: string;
      paragraph: number;
      quote: string;
    }>(
      `SELECT id, node_id, concept_id, term, paragraph, quote FROM mentions
       WHERE document_id = ? AND ${inList('node_id')} AND ${inList('concept_id')}
       ORDER BY node_id, concept_id, id LIMIT ?`,
      [this.documentId, inside, inside, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      nodeId: r.node_id,
      conceptId: r.concept_id,
      term: r.term,
      paragraph: r.paragraph,
      quote: r.quote,
    }));
  }

  // Rows and their evidence in one D1 batch (one round trip each for nodes and edges, run side by side).
  async nodes(ids: readonly string[]): Promise<KgNode[]> {
    if (ids.length === 0) return [];
    const db = dbOf(this.env);
    const [rows, ev] = await db.batch([
      db
        .select()
        .from(nodes)
        .where(and(eq(nodes.documentId, this.documentId), inJson(nodes.id, ids))),
      db
        .select()
        .from(evidence)
        .where(evidenceOf(this.documentId, 'node', ids))
        .orderBy(asc(evidence.ownerId), asc(evidence.seq)),
    ]);
    const byOwner = groupEvidence(this.documentId, ev);
    return rows.map((r) => toNode(r, byOwner.get(r.id) ?? []));
  }

  async edges(ids: readonly string[]): Promise<KgEdge[]> {
    if (ids.length === 0) return [];
    const db = dbOf(this.env);
    const [rows, ev] = await db.batch([
      db
        .select()
        .from(edges)
        .where(and(eq(edges.documentId, this.documentId), inJson(edges.id, ids))),
      db
        .select()
        .from(evidence)
        .where(evidenceOf(this.documentId, 'edge', ids))
        .orderBy(asc(evidence.ownerId), asc(evidence.seq)),
    ]);
    const byOwner = groupEvidence(this.documentId, ev);
    return rows.map((r) => toEdge(r, byOwner.get(r.id) ?? []));
  }

  async units(paragraphs: readonly number[]): Promise<ContentUnit[]> {
    if (paragraphs.length === 0) return [];
    const rows = await this.all<Record<string, unknown>>(
      `SELECT document_id AS documentId, n, start, "end", kind, section_id AS sectionId, text, page FROM units WHERE document_id = ? AND ${inList('n')}`,
      [this.documentId, JSON.stringify(paragraphs)],
    );
    return rows.map((r) => toUnit(r as unknown as UnitRow));
  }
}

const evidenceOf = (documentId: string, kind: 'node' | 'edge', ids: readonly string[]) =>
  and(eq(evidence.documentId, documentId), eq(evidence.ownerKind, kind), inJson(evidence.ownerId, ids));

function groupEvidence(documentId: string, rows: readonly EvidenceRow[]) {
  const byOwner = new Map<string, ReturnType<typeof toEvidence>[]>();
  for (const r of rows) {
    const list = byOwner.get(r.ownerId) ?? [];
    list.push(toEvidence(documentId, r));
    byOwner.set(r.ownerId, list);
  }
  return byOwner;
}
