// A task is one run of the extraction engine over a document (extract now; append and fixes later).
import type { SourceKind } from './vocabulary';
import type { ErrorBody } from '../errors';

export const TASK_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type TaskState = (typeof TASK_STATUSES)[number];
/**
 * extract: a new document's first graph; append: more text added to an existing graph. The others read the
 * canonical graph and produce a result without a new revision: review (model review of the graph, issue 11),
 * question (a question about a node, a relation or the graph, issue 11), answer (a question answered from cited
 * evidence, issue 12), fact_check (claims checked against Wikipedia and pasted rules, issue 14).
 */
export const TASK_KINDS = ['extract', 'append', 'review', 'question', 'answer', 'fact_check'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
/** Kinds that publish a new revision (the rest only read the graph and leave a `result`). */
export const REVISION_TASK_KINDS: readonly TaskKind[] = ['extract', 'append'];
export type TaskStage =
  | 'queued'
  | 'transcribe'
  | 'segment'
  | 'extract'
  | 'merge'
  | 'verify'
  | 'retrieve'
  | 'review'
  | 'answer'
  | 'commit'
  | 'done';

export interface TaskStatus {
  taskId: string;
  documentId: string;
  kind: TaskKind;
  status: TaskState;
  stage: TaskStage;
  /** Batches done of total; characters of model output received so far. */
  /** nodesSeen: nodes so far, those of accepted batches and those the answers still streaming have named. */
  progress: { done: number; total: number; charsReceived: number; nodesSeen: number };
  elapsedMs: number;
  warnings: string[];
  model: string;
  error?: ErrorBody;
  /** The revision the task committed (succeeded tasks only). */
  revision?: number;
  /** The revision a read-only task worked on (review, question, answer). */
  baseRevision?: number;
  /** What a succeeded read-only task produced (its kind's own result shape). */
  result?: unknown;
}

export function isTerminal(status: TaskState): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'cancelled';
}

/** What an extraction task needs to know about its source beyond the text (kept in the task's params). */
export interface ExtractionParams {
  /** 'trace': the text is a serialised agent trace (core/trace); its units take their roles from their events. */
  source?: Exclude<SourceKind, 'text'>;
  /** A PDF's text: where each page starts (offsets), so that every unit carries its page (core/files/pages.ts). */
  pages?: number[];
}

export function extractionParams(source: SourceKind, pages?: number[]): ExtractionParams | undefined {
  const params: ExtractionParams = {
    ...(source === 'text' ? {} : { source }),
    ...(pages?.length ? { pages } : {}),
  };
  return Object.keys(params).length ? params : undefined;
}

/** The page starts an extraction's params carry (a PDF's), if any. */
export function pagesOf(params: unknown): number[] | undefined {
  const pages = typeof params === 'object' && params !== null ? (params as { pages?: unknown }).pages : undefined;
  return Array.isArray(pages) && pages.every((p) => Number.isInteger(p) && p >= 0) ? (pages as number[]) : undefined;
}

export function isTraceExtraction(params: unknown): boolean {
  return typeof params === 'object' && params !== null && (params as { source?: unknown }).source === 'trace';
}
