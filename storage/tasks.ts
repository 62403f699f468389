// The tasks table: task id → document, so that a task id alone finds the document's Durable Object, which keeps the
// task's state. A row is written before the object is asked to start the task and deleted when the object refuses it.
import { eq } from 'drizzle-orm';
import { dbOf, type Db, type DbEnv } from './db';
import { tasks } from './schema';

export type TaskRow = typeof tasks.$inferSelect;

/** The insert, for a batch that writes the task with its document (documents.ts). */
export function insertTaskStatement(db: Db, task: TaskRow) {
  return db.insert(tasks).values(task);
}

export async function insertTask(env: DbEnv, task: TaskRow): Promise<void> {
  await insertTaskStatement(dbOf(env), task);
}

export async function deleteTask(env: DbEnv, taskId: string): Promise<void> {
  await dbOf(env).delete(tasks).where(eq(tasks.id, taskId));
}

/** The task's document and kind, or null for an unknown task. */
export async function findTask(env: DbEnv, taskId: string): Promise<{ documentId: string; kind: string } | null> {
  const [row] = await dbOf(env)
    .select({ documentId: tasks.documentId, kind: tasks.kind })
    .from(tasks)
    .where(eq(tasks.id, taskId))
    .limit(1);
  return row ?? null;
}
