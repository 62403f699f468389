// API keys: `kgk_` + 256 random bits. Only the SHA-256 of a key is stored (D1 `api_keys.hash`), so a database
// dump cannot be replayed; the key itself is shown once, when it is created.
import { randomSecret, sha256Base64url } from './encoding';

export const API_KEY_PREFIX = 'kgk_';
const API_KEY_RE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

export function isApiKeyFormat(token: string): boolean {
  return API_KEY_RE.test(token);
}

export function newApiKey(): string {
  return API_KEY_PREFIX + randomSecret(32);
}

/** What the database stores and looks keys up by. */
export function apiKeyHash(key: string): Promise<string> {
  return sha256Base64url(`kg-api-key:${key}`);
}
