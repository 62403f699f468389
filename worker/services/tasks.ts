// Tasks are found through D1 (task id → document) and answered by the document's Durable Object.
import { KgError } from '../../core/errors';
import type { TaskKind, TaskStatus } from '../../core/schema';
import { newId } from '../../core/ids';
import { documentObject } from '../../durable-objects/client';
import { deleteTask, findTask, insertTask } from '../../storage/tasks';

const TASK_ID = /^task_[0-9a-z]{16}$/;

export async function taskRow(env: Env, taskId: string): Promise<{ documentId: string; kind: TaskKind }> {
  if (!TASK_ID.test(taskId)) throw new KgError('not_found', 'No such task.');
  const row = await findTask(env, taskId);
  if (!row) throw new KgError('not_found', 'No such task.');
  return { documentId: row.documentId, kind: row.kind as TaskKind };
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
  await insertTask(env, { id: taskId, documentId, kind: start.kind, createdAt: Date.now() });
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
    await deleteTask(env, taskId);
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
