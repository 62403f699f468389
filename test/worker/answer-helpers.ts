// Answer tests: the ask fixture published through storage/graph-commit (the commit every extraction ends with) and
// recorded as the object's revision, then POST /api/documents/:id/answers through the real Worker and its task.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { askFixture } from '../../core/answer/__fixtures__/ask';
import type { GraphAnswerResult } from '../../core/answer';
import { newDocumentId } from '../../core/ids';
import type { TaskStatus } from '../../core/schema';
import type { DocumentDO } from '../../durable-objects/document-do';
import type { TaskStore } from '../../durable-objects/task-store';
import { commitGraph } from '../../storage/graph-commit';
import { dbOf } from '../../storage/db';
import { documents } from '../../storage/schema';
import { json, waitForTask } from './helpers';

/** A new document holding the ask fixture at revision 1, in D1 and in its Durable Object. */
export async function publishAskFixture(): Promise<string> {
  const documentId = newDocumentId();
  const graph = askFixture(documentId);
  const now = Date.now();
  await dbOf(env).insert(documents).values({
    id: documentId,
    title: graph.title,
    owner: null,
    revision: 0,
    chars: graph.chars,
    model: graph.model,
    createdAt: now,
    updatedAt: now,
  });
  await commitGraph(env, {
    documentId,
    revision: 1,
    sourceId: graph.sourceId ?? 'src',
    graph: { summary: graph.summary, nodes: graph.nodes, edges: graph.edges },
    units: graph.units,
    sections: graph.sections,
    audit: null,
    chars: graph.chars,
    now,
  });
  // What the task runner records after its commit: the object's own revision, which fences every task start.
  await runInDurableObject(env.DOC.getByName(documentId), (instance: DocumentDO) => {
    (instance as unknown as { store: TaskStore }).store.setRevision(documentId, 1);
  });
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
