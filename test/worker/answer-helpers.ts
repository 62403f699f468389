// Answer tests: the ask fixture published through storage/graph-commit (the commit every extraction ends with) and
// recorded as the object's revision, then POST /api/documents/:id/answers through the real Worker and its task.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { askFixture } from '../../core/answer/__fixtures__/ask';
import type { GraphAnswerResult } from '../../core/answer';
import type { GraphExport } from '../../core/export/graph-export';
import { newDocumentId } from '../../core/ids';
import type { TaskStatus } from '../../core/schema';
import type { DocumentDO } from '../../durable-objects/document-do';
import type { TaskStore } from '../../durable-objects/task-store';
import { publishGraph } from './graph-query-helpers';
import { json, waitForTask } from './helpers';

/** `graph` published at its revision (publishGraph) and recorded as the object's revision, which fences every task
 * start: what the task runner does after its commit. */
export async function publishRecorded(graph: GraphExport): Promise<void> {
  await publishGraph(graph);
  await runInDurableObject(env.DOC.getByName(graph.documentId), (instance: DocumentDO) => {
    (instance as unknown as { store: TaskStore }).store.setRevision(graph.documentId, graph.revision);
  });
}

/** A new document holding the ask fixture at revision 1, in D1 and in its Durable Object. */
export async function publishAskFixture(): Promise<string> {
  const documentId = newDocumentId();
  await publishRecorded({ ...askFixture(documentId), revision: 1 });
  return documentId;
}

export async function postAnswer(documentId: string, body: unknown) {
  return json<TaskStatus & { error?: { code: string; message: string; currentRevision?: number } }>(
    `/api/documents/${documentId}/answers`,
    {
      method: 'POST',
      json: body,
    },
  );
}

/** Asks, waits for the task and returns the finished status with its result. */
export async function ask(
  documentId: string,
  body: Record<string, unknown>,
): Promise<TaskStatus & { result?: GraphAnswerResult }> {
  const started = await postAnswer(documentId, body);
  if (started.status !== 202) throw new Error(`answer start failed: ${started.status} ${JSON.stringify(started.body)}`);
  return (await waitForTask(started.body.taskId)) as TaskStatus & { result?: GraphAnswerResult };
}
