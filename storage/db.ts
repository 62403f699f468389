// The drizzle handle over D1. Storage functions take `env` like every other module and open it here; a handle is
// a thin wrapper (no connection), so opening one per call costs nothing.
import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import { sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/** What the D1 functions need from the Worker's environment. */
export type DbEnv = Pick<Env, 'DB'>;

export type Db = DrizzleD1Database;

export const dbOf = (env: DbEnv): Db => drizzle(env.DB);

/** `column IN (list)` through json_each: one bound parameter however long the list (D1 allows 100). */
export function inJson(column: SQLiteColumn, values: readonly (number | string)[]) {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
