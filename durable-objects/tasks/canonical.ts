// The canonical state a read-only model task works on: the document row and the whole graph and units of the
// revision the task started on (revision_conflict when the document has moved on; not_found when it is gone).
import { KgError } from '../../core/errors';
import type { ContentUnit, KgGraph } from '../../core/schema';
import { findDocumentRow, type DocumentRow } from '../../storage/document-rows';
import { loadCanonical } from '../../storage/graph-load';
import type { ReadTaskContext } from './read-task';

export interface TaskCanonical {
  doc: DocumentRow;
  graph: KgGraph;
  units: ContentUnit[];
}

export async function loadTaskCanonical(ctx: ReadTaskContext): Promise<TaskCanonical> {
  const doc = await findDocumentRow(ctx.env, ctx.task.documentId);
  if (!doc) throw new KgError('not_found', 'The document no longer exists.');
  if (doc.revision !== ctx.task.baseRevision)
    throw new KgError('revision_conflict', `The document moved on to revision ${doc.revision}.`);
  const { graph, units } = await loadCanonical(ctx.env, ctx.task.documentId, doc.summary);
  ctx.assertRevision();
  return { doc, graph, units };
}

/** The task's params through its kind's schema; a malformed record fails as invalid_input. */
export function parseParams<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  params: unknown,
): T {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new KgError('invalid_input', 'The task input is not valid.');
  return parsed.data;
}
