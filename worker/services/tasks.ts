// Tasks are found through D1 (task id → document) and answered by the document's Durable Object.
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { KgError } from '../../core/errors';
import type { TaskStatus } from '../../core/schema';
import { documentObject } from '../../durable-objects/client';
import { tasks } from '../../storage/schema';

const TASK_ID = /^task_[0-9a-z]{16}$/;

export async function documentOfTask(env: Env, taskId: string): Promise<string> {
  if (!TASK_ID.test(taskId)) throw new KgError('not_found', 'No such task.');
  const rows = await drizzle(env.DB).select({ documentId: tasks.documentId }).from(tasks).where(eq(tasks.id, taskId)).limit(1);
  if (!rows[0]) throw new KgError('not_found', 'No such task.');
  return rows[0].documentId;
}

export async function getTask(env: Env, taskId: string): Promise<TaskStatus> {
  const documentId = await documentOfTask(env, taskId);
  return documentObject(env, documentId).status(taskId);
}

export async function cancelTask(env: Env, taskId: string): Promise<TaskStatus> {
  const documentId = await documentOfTask(env, taskId);
  return documentObject(env, documentId).cancel(taskId);
}
