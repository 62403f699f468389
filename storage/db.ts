// The drizzle handle over D1. Storage functions take `env` like every other module and open it here; a handle is
// a thin wrapper (no connection), so opening one per call costs nothing.
import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import { sql, type SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect, type SQLiteColumn } from 'drizzle-orm/sqlite-core';

/** What the D1 functions need from the Worker's environment. */
export type DbEnv = Pick<Env, 'DB'>;

export type Db = DrizzleD1Database;

export const dbOf = (env: DbEnv): Db => drizzle(env.DB);

/** `column IN (list)` through json_each: one bound parameter however long the list (D1 allows 100). */
export function inJson(column: SQLiteColumn, values: readonly (number | string)[]) {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

const dialect = new SQLiteAsyncDialect();

/**
 * Statements written with drizzle's `sql` run as one D1 batch (a transaction), in order; answers D1's result of
 * each. The batch goes to D1 directly because drizzle's batch() cannot take raw statements with parameters
 * (SQLiteRaw has no prepared statement to bind): drizzle renders each statement, D1 binds it.
 */
export async function runSqlBatch(env: DbEnv, statements: readonly SQL[]): Promise<D1Result[]> {
  return env.DB.batch(
    statements.map((statement) => {
      const query = dialect.sqlToQuery(statement);
      return env.DB.prepare(query.sql).bind(...query.params);
    }),
  );
}
