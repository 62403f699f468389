// The Worker's one way to a document's Durable Object: typed methods that unwrap the RPC results into values or
// thrown KgErrors (errors travel as data across RPC, see rpc.ts). Nothing else calls env.DOC.
import type { TaskStatus } from '../core/schema';
import type { SoftDeleted, StartTaskRequest } from './document-do';
import type { InsightsQuery, InsightsResponse } from './insights';
import type { EditRequest, EditResponse } from './operations/commit';
import { unwrap } from './rpc';

export type { SoftDeleted, StartTaskRequest } from './document-do';
export type { InsightsQuery, InsightsResponse } from './insights';
export type { EditRequest, EditResponse } from './operations/commit';

export interface DocumentObject {
  /** Starts a task; refused with busy or revision_conflict. */
  start(request: StartTaskRequest): Promise<TaskStatus>;
  status(taskId: string): Promise<TaskStatus>;
  cancel(taskId: string): Promise<TaskStatus>;
  /** The queued or running task, if any. */
  activeTask(): Promise<TaskStatus | null>;
  insights(query: InsightsQuery): Promise<InsightsResponse>;
  /** A commit of operations or an undo as one new revision; busy, revision_conflict (currentRevision), node_id_conflict, invalid_operation, invariant_violation, nothing_to_undo. */
  edit(request: EditRequest): Promise<EditResponse>;
  /** The task feed: forwards a checked WebSocket upgrade of GET /api/tasks/:taskId/events (progress-feed.ts). */
  taskEvents(request: Request): Promise<Response>;
  /** Soft delete: cancels its task, marks the D1 row and sets the purge alarm 30 days on; everything stays. */
  softDelete(now: number): Promise<SoftDeleted>;
  /** Clears the soft delete; not_found once the purge is due (and then runs it). */
  restore(): Promise<void>;
  /** Removes the document's D1 rows, R2 objects and the object's own storage (the purge). */
  destroy(): Promise<void>;
}

export function documentObject(env: Pick<Env, 'DOC'>, documentId: string): DocumentObject {
  const stub = env.DOC.getByName(documentId);
  return {
    start: async (request) => unwrap(await stub.start(request)),
    status: async (taskId) => unwrap(await stub.status(taskId)),
    cancel: async (taskId) => unwrap(await stub.cancel(taskId)),
    activeTask: async () => (await stub.activeTask()) as TaskStatus | null,
    insights: async (query) => unwrap(await stub.insights(query)) as InsightsResponse,
    edit: async (request) => unwrap(await stub.edit(request)) as EditResponse,
    taskEvents: (request) => stub.fetch(request),
    softDelete: async (now) => unwrap(await stub.softDelete(documentId, now)) as SoftDeleted,
    restore: async () => {
      unwrap(await stub.restore(documentId));
    },
    destroy: async () => {
      await stub.destroy(documentId);
    },
  };
}
