// Scopes of a principal, nested: `read` ⊂ `write` ⊂ `admin`. A key holds a set of scopes; what it may do is
// decided by the widest one, so ['admin'] alone can also read and write.

export const SCOPES = ['read', 'write', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

const RANK: Record<Scope, number> = { read: 1, write: 2, admin: 3 };

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}

/** True when the granted scopes include `needed` or a wider scope. */
export function scopeAllows(granted: readonly Scope[], needed: Scope): boolean {
  return granted.some((s) => RANK[s] >= RANK[needed]);
}

/** Deduplicated, in the fixed order read, write, admin (stored and shown the same way everywhere). */
export function normalizeScopes(scopes: readonly Scope[]): Scope[] {
  return SCOPES.filter((s) => scopes.includes(s));
}

/** Parses the stored form ("read,write"); unknown words are dropped, so a bad row grants less, never more. */
export function parseScopes(stored: string): Scope[] {
  return normalizeScopes(
    stored
      .split(',')
      .map((s) => s.trim())
      .filter(isScope),
  );
}
