// Soft delete in the worker tests: run a deleted document's purge now, through the same alarm that fires 30 days on.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { DocumentDO } from '../../durable-objects/document-do';

/** Moves the stored purge time to the past and fires the document object's alarm (as 30 days later would). */
export async function purgeNow(documentId: string): Promise<void> {
  const stub = env.DOC.getByName(documentId);
  await runInDurableObject(stub, async (_instance: DocumentDO, state) => {
    const purge = await state.storage.get<{ documentId: string; purgeAt: number }>('purge');
    if (!purge) throw new Error(`no purge pending for ${documentId}`);
    await state.storage.put('purge', { ...purge, purgeAt: Date.now() - 1 });
  });
  // The alarm set 30 days on, run now.
  if (!(await runDurableObjectAlarm(stub))) throw new Error(`no alarm ran for ${documentId}`);
}

/** The number of rows a document has in a D1 table. */
export async function rowCount(table: string, documentId: string): Promise<number> {
  const column = table === 'documents' ? 'id' : 'document_id';
  const row = await env.DB.prepare(`SELECT count(*) AS c FROM ${table} WHERE ${column} = ?`)
    .bind(documentId)
    .first<{ c: number }>();
  return row?.c ?? 0;
}
