import { describe, expect, it } from 'vitest';
import { apiKeyHash, isApiKeyFormat, newApiKey } from './api-keys';
import { normalizeScopes, parseScopes, scopeAllows } from './scopes';
import {
  matchesWriteCapability,
  newWriteCapability,
  writeCapabilityDocument,
  writeCapabilityHash,
} from './write-capabilities';

const DOC = '11111111-2222-4333-8444-555555555555';

describe('scopes', () => {
  it('nest read ⊂ write ⊂ admin', () => {
    expect(scopeAllows(['read'], 'read')).toBe(true);
    expect(scopeAllows(['read'], 'write')).toBe(false);
    expect(scopeAllows(['write'], 'read')).toBe(true);
    expect(scopeAllows(['write'], 'admin')).toBe(false);
    expect(scopeAllows(['admin'], 'write')).toBe(true);
    expect(scopeAllows([], 'read')).toBe(false);
  });

  it('store in a fixed order and drop unknown words', () => {
    expect(normalizeScopes(['admin', 'read', 'read'])).toEqual(['read', 'admin']);
    expect(parseScopes('write, root,read')).toEqual(['read', 'write']);
    expect(parseScopes('')).toEqual([]);
  });
});

describe('API keys', () => {
  it('are random, prefixed, and hashed deterministically', async () => {
    const a = newApiKey();
    const b = newApiKey();
    expect(a).not.toBe(b);
    expect(isApiKeyFormat(a)).toBe(true);
    expect(isApiKeyFormat('kgk_short')).toBe(false);
    expect(await apiKeyHash(a)).toBe(await apiKeyHash(a));
    expect(await apiKeyHash(a)).not.toBe(await apiKeyHash(b));
    expect(await apiKeyHash(a)).not.toContain(a.slice(4));
  });
});

describe('open-mode write capabilities', () => {
  it('name their document and match only their own hash', async () => {
    const token = newWriteCapability(DOC);
    expect(writeCapabilityDocument(token)).toBe(DOC);
    expect(writeCapabilityDocument('kgw_nope')).toBeNull();
    const hash = await writeCapabilityHash(token);
    expect(await matchesWriteCapability(token, hash)).toBe(true);
    expect(await matchesWriteCapability(newWriteCapability(DOC), hash)).toBe(false);
    expect(await matchesWriteCapability(token, null)).toBe(false);
  });
});
