// The product's size limits, one home for each: the Worker enforces them, the browser shows and pre-checks them.

/** Nodes in one graph view (a window, a section window or a query answer). A view budget, never a knowledge cap. */
export const GRAPH_VIEW_LIMIT = 800;

/** Characters (UTF-16 code units) of one document's whole source text, appends included. */
export const MAX_TEXT_CHARS = 1_000_000;

/** Bytes of one uploaded file (.txt, .md, .html, .pdf, .docx; core/files/). Its text is then held to MAX_TEXT_CHARS. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** Characters of a document title. */
export const MAX_TITLE_CHARS = 200;

/** Characters of a model id a request names (`model`: "openai-compatible:gpt-4o", "builtin:heuristic"). */
export const MAX_MODEL_ID_CHARS = 200;

/** Models one deployment's KG_MODELS may list (models/config.ts). */
export const MAX_CONFIGURED_MODELS = 100;

/** A section id as a request may name one (s0 is the text before the first heading; core/units/segment.ts). */
export const SECTION_ID_PATTERN = /^s\d{1,6}$/;

/** Characters of a graph search (`q`). */
export const MAX_QUERY_CHARS = 600;

/**
 * Existing nodes an append's model prompt lists (the ones most relevant to the batch, then the most recent): the
 * prompt stays bounded however large the graph grows (core/extract/existing-nodes.ts).
 */
export const MAX_EXISTING_NODES_IN_PROMPT = 200;

/**
 * The explanation-coverage review (core/extract/review-*.ts): one bounded second call for a batch whose answer left an
 * explicit point out. At most this many hints go into its prompt, and at most this many nodes and edges of its
 * answer are admitted; the rest are dropped and counted.
 */
export const REVIEW_LIMITS = { hints: 8, nodes: 8, edges: 12 } as const;

/** What one batch answer may hold (core/schema/wire.ts): every extractor's output is held to these, and the
 * built-in one cuts its own to them. */
export const WIRE_LIMITS = {
  /** Characters of a node's text and of any quote. */
  textChars: 2000,
  summaryChars: 4000,
  nodes: 2000,
  edges: 4000,
  idChars: 64,
} as const;

/** How long a deleted document can be restored (POST /api/documents/:id/restore) before it is purged: 30 days. */
export const DELETED_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** When a document deleted at `deletedAt` is purged. */
export function purgeTime(deletedAt: number): number {
  return deletedAt + DELETED_RETENTION_MS;
}
