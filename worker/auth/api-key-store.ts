// API keys in D1 (table api_keys): only the SHA-256 of a key is stored; the key itself is returned once, when it
// is created. Revoking sets revoked_at (the row stays, so the listing shows what was revoked and when).
import { and, desc, eq, isNull } from 'drizzle-orm';
import { apiKeyHash, newApiKey, normalizeScopes, parseScopes, type Scope } from '../../core/access';
import { KgError } from '../../core/errors';
import { newId } from '../../core/ids';
import { dbOf } from '../../storage/db';
import { apiKeys } from '../../storage/schema';

export interface ApiKeyInfo {
  id: string;
  label: string;
  scopes: Scope[];
  createdAt: number;
  revokedAt: number | null;
}

const KEY_ID = /^key_[0-9a-z]{16}$/;

function toInfo(row: typeof apiKeys.$inferSelect): ApiKeyInfo {
  return {
    id: row.id,
    label: row.label,
    scopes: parseScopes(row.scopes),
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
  };
}

export async function createApiKey(env: Env, label: string, scopes: Scope[]): Promise<ApiKeyInfo & { key: string }> {
  const key = newApiKey();
  const row = {
    id: newId('key'),
    hash: await apiKeyHash(key),
    label,
    scopes: normalizeScopes(scopes).join(','),
    createdAt: Date.now(),
    revokedAt: null,
  };
  await dbOf(env).insert(apiKeys).values(row);
  return { ...toInfo(row), key };
}

export async function listApiKeys(env: Env): Promise<ApiKeyInfo[]> {
  const rows = await dbOf(env).select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)).limit(1000);
  return rows.map(toInfo);
}

export async function revokeApiKey(env: Env, id: string): Promise<ApiKeyInfo> {
  if (!KEY_ID.test(id)) throw new KgError('not_found', 'No such key.');
  const db = dbOf(env);
  await db
    .update(apiKeys)
    .set({ revokedAt: Date.now() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  if (!row) throw new KgError('not_found', 'No such key.');
  return toInfo(row);
}

/** The key's id and scopes while it is not revoked; null for an unknown or revoked key. */
export async function findActiveKey(env: Env, key: string): Promise<{ id: string; scopes: Scope[] } | null> {
  const hash = await apiKeyHash(key);
  const [row] = await dbOf(env)
    .select({ id: apiKeys.id, scopes: apiKeys.scopes })
    .from(apiKeys)
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ? { id: row.id, scopes: parseScopes(row.scopes) } : null;
}
