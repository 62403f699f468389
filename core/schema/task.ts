// A task is one run of the extraction engine over a document (extract now; append and fixes later).
import type { ErrorBody } from '../errors';

export const TASK_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type TaskState = (typeof TASK_STATUSES)[number];
/** extract: a new document's first graph; append: more text added to an existing graph. */
export type TaskKind = 'extract' | 'append';
export type TaskStage = 'queued' | 'segment' | 'extract' | 'merge' | 'verify' | 'commit' | 'done';

export interface TaskStatus {
  taskId: string;
  documentId: string;
  kind: TaskKind;
  status: TaskState;
  stage: TaskStage;
  /** Batches done of total; characters of model output received so far. */
  progress: { done: number; total: number; charsReceived: number };
  elapsedMs: number;
  warnings: string[];
  model: string;
  error?: ErrorBody;
  /** The revision the task committed (succeeded tasks only). */
  revision?: number;
}

export function isTerminal(status: TaskState): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'cancelled';
}
