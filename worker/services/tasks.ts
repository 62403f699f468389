// Tasks are found through D1 (task id → document) and answered by the document's Durable Object.
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { KgError } from '../../core/errors';
import type { TaskKind, TaskStatus } from '../../core/schema';
import { newId } from '../../core/ids';
import { documentObject } from '../../durable-objects/client';
import { tasks } from '../../storage/schema';

const TASK_ID = /^task_[0-9a-z]{16}$/;

export async function taskRow(env: Env, taskId: string): Promise<{ documentId: string; kind: TaskKind }> {
  if (!TASK_ID.test(taskId)) throw new KgError('not_found', 'No such task.');
  const rows = await drizzle(env.DB)
    .select({ documentId: tasks.documentId, kind: tasks.kind })
    .from(tasks)
    .where(eq(tasks.id, taskId))
    .limit(1);
  if (!rows[0]) throw new KgError('not_found', 'No such task.');
  return { documentId: rows[0].documentId, kind: rows[0].kind as TaskKind };
}

export async function documentOfTask(env: Env, taskId: string): Promise<string> {
  return (await taskRow(env, taskId)).documentId;
}

export interface ReadTaskStart {
  kind: Exclude<TaskKind, 'extract' | 'append'>;
  /** The resolved model id (or a built-in answerer such as builtin:extractive). */
  model: string;
  /** The validated input the kind's handler reads (durable-objects/tasks/registry.ts). */
  params: unknown;
  expectedRevision?: number;
}

/**
 * Starts a read-only task (review, question, answer) in the document's object: the D1 row that finds the task,
 * then the object's start, which refuses busy (one task per document) or revision_conflict; a refused start leaves
 * no row behind. Answers 202 with the task's first status.
 */
export async function startReadTask(
  env: Env,
  documentId: string,
  title: string,
  start: ReadTaskStart,
): Promise<TaskStatus> {
  const taskId = newId('task');
  const db = drizzle(env.DB);
  await db.insert(tasks).values({ id: taskId, documentId, kind: start.kind, createdAt: Date.now() });
  try {
    return await documentObject(env, documentId).start({
      taskId,
      documentId,
      kind: start.kind,
      model: start.model,
      title,
      sourceKey: '',
      sourceId: '',
      params: start.params,
      expectedRevision: start.expectedRevision,
    });
  } catch (error) {
    await db.delete(tasks).where(eq(tasks.id, taskId));
    throw error;
  }
}

export async function getTask(env: Env, taskId: string): Promise<TaskStatus> {
  const documentId = await documentOfTask(env, taskId);
  return documentObject(env, documentId).status(taskId);
}

export async function cancelTask(env: Env, taskId: string): Promise<TaskStatus> {
  const documentId = await documentOfTask(env, taskId);
  return documentObject(env, documentId).cancel(taskId);
}
