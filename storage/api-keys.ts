// The api_keys table (worker/auth/api-key-store.ts makes and checks the keys): a row holds the SHA-256 of a key,
// never the key; revoking sets revoked_at and keeps the row, so the listing shows what was revoked and when.
import { and, desc, eq, isNull } from 'drizzle-orm';
import { dbOf, type DbEnv } from './db';
import { apiKeys } from './schema';

/** A key's row; `scopes` is comma-separated. */
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** How many keys the listing shows. */
const LISTED_KEYS = 1000;

export async function insertApiKey(env: DbEnv, row: ApiKeyRow): Promise<void> {
  await dbOf(env).insert(apiKeys).values(row);
}

/** Newest first, revoked ones included. */
export async function listApiKeyRows(env: DbEnv): Promise<ApiKeyRow[]> {
  return dbOf(env).select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)).limit(LISTED_KEYS);
}

/** Revokes the key unless it already is (its first revocation time stays); the row after, or null when none. */
export async function revokeApiKeyRow(env: DbEnv, id: string, now: number): Promise<ApiKeyRow | null> {
  const db = dbOf(env);
  await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  return row ?? null;
}

/** The id and scopes of the key with this hash while it is not revoked; null otherwise. */
export async function findActiveApiKey(env: DbEnv, hash: string): Promise<{ id: string; scopes: string } | null> {
  const [row] = await dbOf(env)
    .select({ id: apiKeys.id, scopes: apiKeys.scopes })
    .from(apiKeys)
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}
