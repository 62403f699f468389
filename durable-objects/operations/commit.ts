// A graph edit inside the document's Durable Object, the only writer of the canonical graph: a commit of
// operations or an undo of the last commit. Both load the whole canonical graph (never a reader's window), apply
// through core/operations, pass the commit gate and publish exactly one new revision through commitGraph, with
// their audit rows in the same D1 batch. Any failure (busy, stale revision, invalid operation, gate) leaves the
// revision, the graph and the audit log as they were.
import { KgError, isKgError } from '../../core/errors';
import {
  applyOperations,
  assertCommittable,
  canonicalSource,
  inverseOperations,
  type AnyOperation,
  type AuditEntry,
  type CommitResponse,
  type Operation,
  type OperationRecord,
  type UndoResponse,
} from '../../core/operations';
import type { Section } from '../../core/schema';
import { auditInsertStatements, findUndoTarget } from '../../storage/audit';
import { findDocumentRow } from '../../storage/document-rows';
import { commitGraph } from '../../storage/graph-commit';
import { loadCanonical } from '../../storage/graph-load';
import type { CommittedRevision } from '../after-commit';
import { withLayer } from '../concept-layer';
import { fail, ok, type RpcResult } from '../rpc';
import type { TaskStore } from '../task-store';

export type EditRequest =
  | { kind: 'commit'; documentId: string; expectedRevision: number; operations: Operation[]; reportId?: string }
  | { kind: 'undo'; documentId: string; expectedRevision: number };

export type EditResponse = CommitResponse | UndoResponse;

export interface EditDeps {
  env: Env;
  store: TaskStore;
  /** Queues the revision's after-commit hooks (the object runs them after a pause: after-commit.ts). */
  afterCommit: (committed: CommittedRevision) => void;
}

/**
 * One edit at a time per object: D1 calls yield the object's input gate, so a second edit could interleave. The
 * after-commit hooks (insights, candidates: about a second on a book-scale graph) are queued by the object and run
 * in commit order after the answer is sent; candidates also catch up on read.
 */
const queues = new WeakMap<TaskStore, Promise<unknown>>();

export function runEdit(deps: EditDeps, request: EditRequest): Promise<RpcResult<EditResponse>> {
  const previous = queues.get(deps.store) ?? Promise.resolve();
  const done = previous.catch(() => undefined).then(() => edit(deps, request));
  queues.set(
    deps.store,
    done.catch(() => undefined),
  );
  return done;
}

async function edit(deps: EditDeps, request: EditRequest): Promise<RpcResult<EditResponse>> {
  try {
    return ok(await publish(deps, request));
  } catch (error) {
    if (!isKgError(error)) throw error;
    return fail(error.code, error.detail, error.extra as Record<string, unknown> | undefined);
  }
}

async function publish({ env, store, afterCommit }: EditDeps, request: EditRequest): Promise<EditResponse> {
  const { documentId } = request;
  const revision = checkFence(store, request.expectedRevision);
  const doc = await findDocumentRow(env, documentId);
  if (!doc) throw new KgError('not_found', 'No such document.');
  if (!doc.sourceId || revision === 0) throw new KgError('invalid_operation', 'The document has no graph yet.');
  const { graph, units } = await loadCanonical(env, documentId, doc.summary);
  const src = canonicalSource(documentId, doc.sourceId, units, graph);

  let operations: AnyOperation[];
  let undoOf: number | undefined;
  if (request.kind === 'undo') {
    const target = await findUndoTarget(env, documentId, revision);
    if (target === null) throw new KgError('nothing_to_undo', 'No commit of this document is left to undo.');
    if (target === 'blocked') {
      throw new KgError('nothing_to_undo', {
        en: 'The graph changed after the last commit (an extraction or append); that commit can no longer be undone.',
        zh: '最近一次修改之后知识图又经过了抽取或追加，无法再撤销该修改。',
      });
    }
    operations = inverseOperations(target.records, target.revision);
    undoOf = target.revision;
  } else {
    operations = request.operations.filter((op) => op.action !== ('none' as string));
  }

  const applied = applyOperations(graph, operations, { src });
  // The concept layer follows the edit: mentions of deleted or reworded statements go, no new anchors are made.
  const edited = withLayer(applied.graph, graph.mentions, units, { newAnchors: false });
  // An undo restores what was there, anchored or not; only what a commit writes must be locatable.
  assertCommittable(edited, request.kind === 'commit' ? applied.touchedNodeIds : new Set(), src);
  const now = Date.now();
  const kind = request.kind;
  const reportId = request.kind === 'commit' ? request.reportId : undefined;
  if (applied.records.length === 0) {
    if (kind === 'undo') throw new KgError('nothing_to_undo', 'The last commit changed nothing.');
    return { documentId, revision, changed: false, createdNodeIds: applied.createdNodeIds, audit: [] };
  }

  // Still ours? A task may have been started while the graph loaded.
  checkFence(store, revision);
  const next = revision + 1;
  const sections = JSON.parse(doc.sections) as Section[];
  await commitGraph(env, {
    documentId,
    revision: next,
    sourceId: doc.sourceId,
    graph: edited,
    units,
    sections,
    // The generation audit describes how the graph was extracted; an edit keeps it (the edit has its own log).
    audit: doc.audit ? JSON.parse(doc.audit) : null,
    chars: doc.chars,
    now,
    extra: auditInsertStatements({ documentId, revision: next, kind, reportId, undoOf, records: applied.records, now }),
  }).catch((e: unknown) => {
    throw new KgError('storage_error', e instanceof Error ? e.message : String(e));
  });
  store.setRevision(documentId, next);
  // Queued, never awaited: derived state cannot undo or delay a published revision.
  afterCommit({ documentId, revision: next, kind, graph: edited, sections, committedAt: now });

  const audit = applied.records.map((r, seq) => entryOf(r, seq, next, kind, now, reportId, undoOf));
  if (request.kind === 'undo') return { documentId, revision: next, undoneRevision: undoOf!, audit };
  return { documentId, revision: next, changed: true, createdNodeIds: applied.createdNodeIds, audit };
}

/** busy while a task is queued or running; revision_conflict (with the current revision) when the caller is stale. */
function checkFence(store: TaskStore, expectedRevision: number): number {
  const active = store.active();
  if (active) throw new KgError('busy', `Task ${active.id} is ${active.status}.`, { taskId: active.id });
  const current = store.revision();
  if (current !== expectedRevision) {
    throw new KgError(
      'revision_conflict',
      {
        en: `The document is at revision ${current}, not ${expectedRevision}; reload and edit again.`,
        zh: `文档当前为第 ${current} 版，请重新载入后再编辑。`,
      },
      { currentRevision: current },
    );
  }
  return current;
}

function entryOf(
  r: OperationRecord,
  seq: number,
  revision: number,
  kind: 'commit' | 'undo',
  now: number,
  reportId?: string,
  undoOf?: number,
): AuditEntry {
  return {
    revision,
    seq,
    kind,
    action: r.action,
    targetId: r.targetId,
    operation: r.operation,
    reportId: reportId ?? null,
    undoOf: undoOf ?? null,
    undone: false,
    before: r.before,
    after: r.after,
    createdAt: now,
  };
}
