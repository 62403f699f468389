// Canonical storage in D1. One row per document, unit, node, edge and evidence item; `ord` columns give a dense
// order for keyset paging (a window is an ord range, never an OFFSET scan).
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const documents = sqliteTable(
  'documents',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    /** The principal that created the document (an API key's id, `bootstrap-admin`); null in open mode. */
    owner: text('owner'),
    /** Signs the document's read capabilities (core/access/capabilities.ts); replaced to revoke them all. */
    capabilitySecret: text('capability_secret'),
    /** Hash of the open-mode write capability handed out once at creation; null when a key created it. */
    writeCapabilityHash: text('write_capability_hash'),
    revision: integer('revision').notNull().default(0),
    sourceId: text('source_id'),
    chars: integer('chars').notNull(),
    unitCount: integer('unit_count').notNull().default(0),
    nodeCount: integer('node_count').notNull().default(0),
    edgeCount: integer('edge_count').notNull().default(0),
    /** Mentions of the concept layer (never counted among the edges). */
    mentionCount: integer('mention_count').notNull().default(0),
    summary: text('summary').notNull().default(''),
    /** JSON: Section[] of the current source version. */
    sections: text('sections').notNull().default('[]'),
    /** JSON: the generation audit of the last commit. */
    audit: text('audit'),
    model: text('model').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** When its first extraction ended cancelled or failed with nothing published: listings leave it out. */
    abandonedAt: integer('abandoned_at'),
    /** When it was deleted (soft delete, migration 0011): found only by restore and the deleted listing until purged. */
    deletedAt: integer('deleted_at'),
    /** 'text', or 'trace' for an agent's execution trace (core/trace: its events are read back from the text). */
    sourceKind: text('source_kind').notNull().default('text'),
  },
  (t) => [
    index('documents_owner_updated').on(t.owner, t.updatedAt, t.id),
    index('documents_owner_deleted').on(t.owner, t.deletedAt, t.id),
  ],
);

export const units = sqliteTable(
  'units',
  {
    documentId: text('document_id').notNull(),
    n: integer('n').notNull(),
    start: integer('start').notNull(),
    end: integer('end').notNull(),
    kind: text('kind').notNull(),
    sectionId: text('section_id').notNull(),
    text: text('text').notNull(),
    /** A PDF's unit: its 1-based page (migrations/0012); null for every other source. */
    page: integer('page'),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.n] })],
);

export const nodes = sqliteTable(
  'nodes',
  {
    documentId: text('document_id').notNull(),
    id: text('id').notNull(),
    ord: integer('ord').notNull(),
    type: text('type').notNull(),
    text: text('text').notNull(),
    paragraph: integer('paragraph'),
    quote: text('quote').notNull(),
    grounding: text('grounding').notNull(),
    entailment: text('entailment').notNull(),
    confidence: real('confidence'),
    sectionId: text('section_id'),
    /** The node's text folded for search (core/search.ts foldForSearch), written at commit; matched with instr(). */
    searchText: text('search_text').notNull().default(''),
    /** id, type, text, quote and section id folded like a query (core/query queryHaystack): the graph query's prefilter. */
    queryText: text('query_text').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.id] }),
    index('nodes_doc_ord').on(t.documentId, t.ord),
    index('nodes_doc_type').on(t.documentId, t.type, t.ord),
    index('nodes_doc_section').on(t.documentId, t.sectionId, t.ord),
    index('nodes_doc_paragraph').on(t.documentId, t.paragraph),
    index('nodes_doc_status').on(t.documentId, t.grounding, t.entailment, t.ord),
    index('nodes_doc_entailment').on(t.documentId, t.entailment, t.ord),
  ],
);

export const edges = sqliteTable(
  'edges',
  {
    documentId: text('document_id').notNull(),
    id: text('id').notNull(),
    ord: integer('ord').notNull(),
    fromId: text('from_id').notNull(),
    toId: text('to_id').notNull(),
    fromOrd: integer('from_ord').notNull(),
    toOrd: integer('to_ord').notNull(),
    relation: text('relation').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.id] }),
    index('edges_doc_ord').on(t.documentId, t.ord),
    index('edges_doc_from').on(t.documentId, t.fromOrd),
    index('edges_doc_to').on(t.documentId, t.toOrd),
    index('edges_doc_relation').on(t.documentId, t.relation, t.fromId, t.toId),
  ],
);

export const evidence = sqliteTable(
  'evidence',
  {
    documentId: text('document_id').notNull(),
    /** 'node' | 'edge' */
    ownerKind: text('owner_kind').notNull(),
    ownerId: text('owner_id').notNull(),
    seq: integer('seq').notNull(),
    sourceId: text('source_id').notNull(),
    chunkId: text('chunk_id').notNull(),
    paragraph: integer('paragraph').notNull(),
    quote: text('quote').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.ownerKind, t.ownerId, t.seq] }),
    index('evidence_doc_paragraph').on(t.documentId, t.paragraph),
  ],
);

/**
 * The concept layer's mentions (storage/mentions.ts): statement node → concept anchor node, apart from the 12
 * relations. `seq` is the canonical order; paragraph, quote, source and chunk are the mention's one evidence item.
 */
export const mentions = sqliteTable(
  'mentions',
  {
    documentId: text('document_id').notNull(),
    id: text('id').notNull(),
    seq: integer('seq').notNull(),
    nodeId: text('node_id').notNull(),
    conceptId: text('concept_id').notNull(),
    term: text('term').notNull(),
    paragraph: integer('paragraph').notNull(),
    quote: text('quote').notNull(),
    sourceId: text('source_id').notNull(),
    chunkId: text('chunk_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.id] }),
    index('mentions_doc_node').on(t.documentId, t.nodeId),
    index('mentions_doc_concept').on(t.documentId, t.conceptId),
    index('mentions_doc_seq').on(t.documentId, t.seq),
  ],
);

/** Task id → document: the task's state lives in the document's Durable Object. */
export const tasks = sqliteTable(
  'tasks',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id').notNull(),
    kind: text('kind').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('tasks_document').on(t.documentId)],
);

/** API keys (storage/api-keys.ts, made and checked by worker/auth/api-key-store.ts): only the SHA-256 of a key is kept; revoked keys keep their row. */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    hash: text('hash').notNull(),
    label: text('label').notNull(),
    /** Comma-separated scopes: read, write, admin. */
    scopes: text('scopes').notNull(),
    createdAt: integer('created_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash').on(t.hash)],
);

/** Verification reports (storage/reports.ts): one JSON body per report; stale once the document moved past `revision`. */
export const reports = sqliteTable(
  'reports',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id').notNull(),
    /** 'quick' | 'standard' | 'question' */
    kind: text('kind').notNull(),
    revision: integer('revision').notNull(),
    createdAt: integer('created_at').notNull(),
    body: text('body').notNull(),
  },
  (t) => [index('reports_doc_kind_created').on(t.documentId, t.kind, t.createdAt, t.id)],
);

/** Fact-check reports (storage/fact-check-reports.ts, issue 14): one JSON body per report; stale once the revision moved on. */
export const factCheckReports = sqliteTable(
  'fact_check_reports',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id').notNull(),
    revision: integer('revision').notNull(),
    createdAt: integer('created_at').notNull(),
    body: text('body').notNull(),
  },
  (t) => [index('fact_check_reports_doc_created').on(t.documentId, t.createdAt, t.id)],
);

/** Entity and claim candidates of the committed graph (storage/candidates.ts); `status` survives revisions by stable id. */
export const candidates = sqliteTable(
  'candidates',
  {
    documentId: text('document_id').notNull(),
    id: text('id').notNull(),
    /** 'entity' | 'claim' */
    kind: text('kind').notNull(),
    nodeId: text('node_id').notNull(),
    /** The node's ord at the last sync: the list's order and keyset. */
    nodeOrd: integer('node_ord').notNull(),
    type: text('type').notNull(),
    text: text('text').notNull(),
    confidence: real('confidence'),
    /** JSON: Evidence[] of the node. */
    evidence: text('evidence').notNull(),
    paragraph: integer('paragraph'),
    sectionId: text('section_id'),
    /** 'candidate' | 'accepted' | 'rejected' */
    status: text('status').notNull().default('candidate'),
    revision: integer('revision').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.id] }),
    index('candidates_doc_order').on(t.documentId, t.nodeOrd, t.id),
    index('candidates_doc_kind_status').on(t.documentId, t.kind, t.status, t.nodeOrd, t.id),
  ],
);

/** The revision a document's candidates were last derived from. */
export const candidateSync = sqliteTable('candidate_sync', {
  documentId: text('document_id').primaryKey(),
  revision: integer('revision').notNull(),
});

/** The audit trail of graph edits (storage/audit.ts): one row per applied operation of a commit or an undo. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    documentId: text('document_id').notNull(),
    /** The revision the commit or undo published. */
    revision: integer('revision').notNull(),
    /** Position among the revision's applied operations. */
    seq: integer('seq').notNull(),
    /** 'commit' | 'undo' */
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    targetId: text('target_id').notNull(),
    /** JSON: the operation as applied. */
    operation: text('operation').notNull(),
    reportId: text('report_id'),
    /** Undo rows: the revision whose commit they undo. */
    undoOf: integer('undo_of'),
    /** JSON Snapshot: the changed nodes and edges (and summary) before and after. */
    before: text('before').notNull(),
    after: text('after').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.revision, t.seq] }),
    index('audit_log_doc_undo_of').on(t.documentId, t.undoOf),
  ],
);
