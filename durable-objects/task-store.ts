// Task state in the Durable Object's own SQLite: synchronous, transactional, and gone with the object.
import type { ErrorBody } from '../core/errors';
import { REVISION_TASK_KINDS, type TaskKind, type TaskStage, type TaskState, type TaskStatus } from '../core/schema';

export interface TaskRecord {
  id: string;
  documentId: string;
  kind: TaskKind;
  status: TaskState;
  stage: TaskStage;
  done: number;
  total: number;
  charsReceived: number;
  /** Nodes so far (accepted batches and answers still streaming): progress inside a batch. */
  nodesSeen: number;
  model: string;
  title: string;
  sourceKey: string;
  sourceId: string;
  baseRevision: number;
  /** Append tasks: where the appended text starts in the combined source (0 for extract). */
  appendFrom: number;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  warnings: string[];
  error: ErrorBody | null;
  revision: number | null;
  /** The task's own input (read-only kinds: the question, the filters, the options), as given to start(). */
  params: unknown;
  /** What a succeeded read-only task produced. */
  result: unknown;
}

type Row = Record<string, SqlStorageValue>;

export class TaskStore {
  constructor(
    private readonly sql: SqlStorage,
    /** Told after every write of a task (the progress feed pushes the new state to the task's followers). */
    private readonly onChange: (taskId: string) => void = () => undefined,
  ) {
    sql.exec(`CREATE TABLE IF NOT EXISTS tasks (
      id TEXT PRIMARY KEY, document_id TEXT NOT NULL, kind TEXT NOT NULL, status TEXT NOT NULL, stage TEXT NOT NULL,
      done INTEGER NOT NULL DEFAULT 0, total INTEGER NOT NULL DEFAULT 0, chars_received INTEGER NOT NULL DEFAULT 0, model TEXT NOT NULL, title TEXT NOT NULL,
      source_key TEXT NOT NULL, source_id TEXT NOT NULL, base_revision INTEGER NOT NULL, append_from INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL, started_at INTEGER, finished_at INTEGER,
      warnings TEXT NOT NULL DEFAULT '[]', error TEXT, revision INTEGER, params TEXT, result TEXT)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS document (id TEXT PRIMARY KEY, revision INTEGER NOT NULL)`);
    // Objects created before read-only task kinds existed get their two columns here (CREATE above skips them).
    const columns = new Set(
      sql
        .exec<{ name: string }>(`PRAGMA table_info(tasks)`)
        .toArray()
        .map((c) => c.name),
    );
    if (!columns.has('params')) sql.exec(`ALTER TABLE tasks ADD COLUMN params TEXT`);
    if (!columns.has('result')) sql.exec(`ALTER TABLE tasks ADD COLUMN result TEXT`);
    if (!columns.has('nodes_seen')) sql.exec(`ALTER TABLE tasks ADD COLUMN nodes_seen INTEGER NOT NULL DEFAULT 0`);
  }

  insert(task: TaskRecord): void {
    this.sql.exec(
      `INSERT INTO tasks (id, document_id, kind, status, stage, done, total, model, title, source_key, source_id, base_revision, append_from, created_at, warnings, params)
       VALUES (?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, '[]', ?)`,
      task.id,
      task.documentId,
      task.kind,
      task.status,
      task.stage,
      task.model,
      task.title,
      task.sourceKey,
      task.sourceId,
      task.baseRevision,
      task.appendFrom,
      task.createdAt,
      task.params === undefined || task.params === null ? null : JSON.stringify(task.params),
    );
    this.onChange(task.id);
  }

  get(id: string): TaskRecord | null {
    const rows = this.sql.exec<Row>(`SELECT * FROM tasks WHERE id = ?`, id).toArray();
    return rows.length ? fromRow(rows[0]) : null;
  }

  /** The task that is queued or running, if any (at most one per document). */
  active(): TaskRecord | null {
    const rows = this.sql
      .exec<Row>(`SELECT * FROM tasks WHERE status IN ('queued', 'running') ORDER BY created_at LIMIT 1`)
      .toArray();
    return rows.length ? fromRow(rows[0]) : null;
  }

  update(
    id: string,
    patch: Partial<
      Pick<
        TaskRecord,
        | 'status'
        | 'stage'
        | 'done'
        | 'total'
        | 'charsReceived'
        | 'nodesSeen'
        | 'startedAt'
        | 'finishedAt'
        | 'warnings'
        | 'error'
        | 'revision'
        | 'result'
      >
    >,
  ): void {
    const columns: Record<string, SqlStorageValue> = {};
    if (patch.status !== undefined) columns.status = patch.status;
    if (patch.stage !== undefined) columns.stage = patch.stage;
    if (patch.done !== undefined) columns.done = patch.done;
    if (patch.total !== undefined) columns.total = patch.total;
    if (patch.charsReceived !== undefined) columns.chars_received = patch.charsReceived;
    if (patch.nodesSeen !== undefined) columns.nodes_seen = patch.nodesSeen;
    if (patch.startedAt !== undefined) columns.started_at = patch.startedAt;
    if (patch.finishedAt !== undefined) columns.finished_at = patch.finishedAt;
    if (patch.warnings !== undefined) columns.warnings = JSON.stringify(patch.warnings.slice(-50));
    if (patch.error !== undefined) columns.error = patch.error ? JSON.stringify(patch.error) : null;
    if (patch.revision !== undefined) columns.revision = patch.revision;
    if (patch.result !== undefined) columns.result = patch.result === null ? null : JSON.stringify(patch.result);
    const names = Object.keys(columns);
    if (names.length === 0) return;
    this.sql.exec(
      `UPDATE tasks SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ?`,
      ...names.map((n) => columns[n]),
      id,
    );
    this.onChange(id);
  }

  revision(): number {
    const rows = this.sql.exec<{ revision: number }>(`SELECT revision FROM document LIMIT 1`).toArray();
    return rows.length ? rows[0].revision : 0;
  }

  setRevision(documentId: string, revision: number): void {
    this.sql.exec(
      `INSERT INTO document (id, revision) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET revision = excluded.revision`,
      documentId,
      revision,
    );
  }
}

export function toStatus(task: TaskRecord, now: number): TaskStatus {
  const end = task.finishedAt ?? now;
  return {
    taskId: task.id,
    documentId: task.documentId,
    kind: task.kind,
    status: task.status,
    stage: task.stage,
    progress: { done: task.done, total: task.total, charsReceived: task.charsReceived, nodesSeen: task.nodesSeen },
    elapsedMs: task.startedAt === null ? 0 : Math.max(0, end - task.startedAt),
    warnings: task.warnings,
    model: task.model,
    ...(task.error ? { error: task.error } : {}),
    ...(task.revision === null ? {} : { revision: task.revision }),
    ...(REVISION_TASK_KINDS.includes(task.kind) ? {} : { baseRevision: task.baseRevision }),
    ...(task.result === null || task.result === undefined ? {} : { result: task.result }),
  };
}

function fromRow(r: Row): TaskRecord {
  return {
    id: String(r.id),
    documentId: String(r.document_id),
    kind: r.kind as TaskKind,
    status: r.status as TaskState,
    stage: r.stage as TaskStage,
    done: Number(r.done),
    total: Number(r.total),
    charsReceived: Number(r.chars_received),
    nodesSeen: Number(r.nodes_seen ?? 0),
    model: String(r.model),
    title: String(r.title),
    sourceKey: String(r.source_key),
    sourceId: String(r.source_id),
    baseRevision: Number(r.base_revision),
    appendFrom: Number(r.append_from),
    createdAt: Number(r.created_at),
    startedAt: r.started_at === null ? null : Number(r.started_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    warnings: JSON.parse(String(r.warnings)) as string[],
    error: r.error === null ? null : (JSON.parse(String(r.error)) as ErrorBody),
    revision: r.revision === null ? null : Number(r.revision),
    params: r.params === null || r.params === undefined ? null : (JSON.parse(String(r.params)) as unknown),
    result: r.result === null || r.result === undefined ? null : (JSON.parse(String(r.result)) as unknown),
  };
}
