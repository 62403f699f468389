// API keys: only the SHA-256 of a key is stored (storage/api-keys.ts); the key itself is returned once, when it is
// created. Revoking sets revoked_at (the row stays, so the listing shows what was revoked and when).
import { apiKeyHash, newApiKey, normalizeScopes, parseScopes, type Scope } from '../../core/access';
import { KgError } from '../../core/errors';
import { newId } from '../../core/ids';
import {
  findActiveApiKey,
  insertApiKey,
  listApiKeyRows,
  revokeApiKeyRow,
  type ApiKeyRow,
} from '../../storage/api-keys';

export interface ApiKeyInfo {
  id: string;
  label: string;
  scopes: Scope[];
  createdAt: number;
  revokedAt: number | null;
}

const KEY_ID = /^key_[0-9a-z]{16}$/;

function toInfo(row: ApiKeyRow): ApiKeyInfo {
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
  const row: ApiKeyRow = {
    id: newId('key'),
    hash: await apiKeyHash(key),
    label,
    scopes: normalizeScopes(scopes).join(','),
    createdAt: Date.now(),
    revokedAt: null,
  };
  await insertApiKey(env, row);
  return { ...toInfo(row), key };
}

export async function listApiKeys(env: Env): Promise<ApiKeyInfo[]> {
  return (await listApiKeyRows(env)).map(toInfo);
}

export async function revokeApiKey(env: Env, id: string): Promise<ApiKeyInfo> {
  if (!KEY_ID.test(id)) throw new KgError('not_found', 'No such key.');
  const row = await revokeApiKeyRow(env, id, Date.now());
  if (!row) throw new KgError('not_found', 'No such key.');
  return toInfo(row);
}

/** The key's id and scopes while it is not revoked; null for an unknown or revoked key. */
export async function findActiveKey(env: Env, key: string): Promise<{ id: string; scopes: Scope[] } | null> {
  const row = await findActiveApiKey(env, await apiKeyHash(key));
  return row ? { id: row.id, scopes: parseScopes(row.scopes) } : null;
}
