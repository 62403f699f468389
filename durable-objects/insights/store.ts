// The insight engine's state inside the document's Durable Object (synchronous SQLite). Per round: one row of
// counts, and one row per node that changed (the first round is a baseline with no change rows); the latest
// compact state of every node, for the next diff; the kept insights and topics. Everything older than the
// history window is pruned, and the object's deleteAll() on document deletion removes it all.
import type { History, NodeChange, RoundRecord, RoundStats } from '../../core/insights';
import type { NodeState, StoredInsight, StoredTopic } from '../../core/insights';

const TABLES = [
  `CREATE TABLE IF NOT EXISTS insight_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS insight_rounds (round INTEGER PRIMARY KEY, kind TEXT NOT NULL, committed_at INTEGER NOT NULL, stats TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS insight_node_state (node_id TEXT PRIMARY KEY, state TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS insight_node_changes (round INTEGER NOT NULL, node_id TEXT NOT NULL, prev TEXT, next TEXT, merged_into TEXT, PRIMARY KEY (round, node_id))`,
  `CREATE TABLE IF NOT EXISTS insight_items (position INTEGER PRIMARY KEY, data TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS insight_topics (position INTEGER PRIMARY KEY, data TEXT NOT NULL)`,
];

/** Rows per json_each batch when writing many nodes at once. */
const BATCH = 2000;

export class InsightStore {
  constructor(private readonly sql: SqlStorage) {}

  /** True once the engine has written anything for this document (reads never create tables). */
  exists(): boolean {
    return (
      this.sql.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'insight_meta'`).toArray().length > 0
    );
  }

  ensure(): void {
    for (const ddl of TABLES) this.sql.exec(ddl);
  }

  round(): number {
    const row = this.sql.exec(`SELECT value FROM insight_meta WHERE key = 'round'`).toArray()[0];
    return row ? Number(row.value) : 0;
  }

  setRound(round: number): void {
    this.sql.exec(
      `INSERT INTO insight_meta (key, value) VALUES ('round', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
      String(round),
    );
  }

  nodeStates(): Map<string, NodeState> {
    const out = new Map<string, NodeState>();
    for (const row of this.sql.exec<{ node_id: string; state: string }>(
      `SELECT node_id, state FROM insight_node_state`,
    )) {
      out.set(row.node_id, JSON.parse(row.state) as NodeState);
    }
    return out;
  }

  /** Applies one round: the new node states (only what changed, or everything on a baseline) and the change rows. */
  writeRound(
    record: RoundRecord,
    states: ReadonlyMap<string, NodeState>,
    changes: readonly NodeChange[],
    baseline: boolean,
  ): void {
    this.sql.exec(
      `INSERT OR REPLACE INTO insight_rounds (round, kind, committed_at, stats) VALUES (?, ?, ?, ?)`,
      record.round,
      record.kind,
      record.committedAt,
      JSON.stringify(record.stats),
    );
    if (baseline) {
      this.sql.exec(`DELETE FROM insight_node_state`);
      this.upsertStates([...states].map(([id, s]) => [id, s]));
      return;
    }
    const upserts: Array<[string, NodeState]> = [];
    for (const c of changes) {
      if (c.next) upserts.push([c.nodeId, c.next]);
      else this.sql.exec(`DELETE FROM insight_node_state WHERE node_id = ?`, c.nodeId);
    }
    this.upsertStates(upserts);
    for (let i = 0; i < changes.length; i += BATCH) {
      const rows = changes.slice(i, i + BATCH).map((c) => ({
        r: c.round,
        id: c.nodeId,
        p: c.prev ? JSON.stringify(c.prev) : null,
        n: c.next ? JSON.stringify(c.next) : null,
        m: c.mergedInto ?? null,
      }));
      this.sql.exec(
        `INSERT OR REPLACE INTO insight_node_changes (round, node_id, prev, next, merged_into)
         SELECT json_extract(value, '$.r'), json_extract(value, '$.id'), json_extract(value, '$.p'), json_extract(value, '$.n'), json_extract(value, '$.m')
         FROM json_each(?)`,
        JSON.stringify(rows),
      );
    }
  }

  private upsertStates(entries: Array<[string, NodeState]>): void {
    for (let i = 0; i < entries.length; i += BATCH) {
      const rows = entries.slice(i, i + BATCH).map(([id, s]) => ({ id, s: JSON.stringify(s) }));
      this.sql.exec(
        `INSERT OR REPLACE INTO insight_node_state (node_id, state)
         SELECT json_extract(value, '$.id'), json_extract(value, '$.s') FROM json_each(?)`,
        JSON.stringify(rows),
      );
    }
  }

  /** Drops rounds and changes that fell out of the window ending at `round`. */
  prune(round: number, historyWindow: number): void {
    const oldest = round - historyWindow + 1;
    this.sql.exec(`DELETE FROM insight_rounds WHERE round < ?`, oldest);
    this.sql.exec(`DELETE FROM insight_node_changes WHERE round < ?`, oldest);
  }

  history(): History {
    const rounds: RoundRecord[] = this.sql
      .exec<{ round: number; kind: string; committed_at: number; stats: string }>(
        `SELECT round, kind, committed_at, stats FROM insight_rounds ORDER BY round`,
      )
      .toArray()
      .map((r) => ({
        round: r.round,
        kind: r.kind,
        committedAt: r.committed_at,
        stats: JSON.parse(r.stats) as RoundStats,
      }));
    const changes: NodeChange[] = this.sql
      .exec<{ round: number; node_id: string; prev: string | null; next: string | null; merged_into: string | null }>(
        `SELECT round, node_id, prev, next, merged_into FROM insight_node_changes ORDER BY round, node_id`,
      )
      .toArray()
      .map((r) => ({
        round: r.round,
        nodeId: r.node_id,
        prev: r.prev ? (JSON.parse(r.prev) as NodeState) : null,
        next: r.next ? (JSON.parse(r.next) as NodeState) : null,
        ...(r.merged_into ? { mergedInto: r.merged_into } : {}),
      }));
    return { rounds, changes };
  }

  insights(): StoredInsight[] {
    return this.sql
      .exec<{ data: string }>(`SELECT data FROM insight_items ORDER BY position`)
      .toArray()
      .map((r) => JSON.parse(r.data) as StoredInsight);
  }

  topics(): StoredTopic[] {
    return this.sql
      .exec<{ data: string }>(`SELECT data FROM insight_topics ORDER BY position`)
      .toArray()
      .map((r) => JSON.parse(r.data) as StoredTopic);
  }

  saveState(insights: readonly StoredInsight[], topics: readonly StoredTopic[]): void {
    this.sql.exec(`DELETE FROM insight_items`);
    insights.forEach((s, i) =>
      this.sql.exec(`INSERT INTO insight_items (position, data) VALUES (?, ?)`, i, JSON.stringify(s)),
    );
    this.sql.exec(`DELETE FROM insight_topics`);
    topics.forEach((t, i) =>
      this.sql.exec(`INSERT INTO insight_topics (position, data) VALUES (?, ?)`, i, JSON.stringify(t)),
    );
  }
}
