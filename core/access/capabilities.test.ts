import { describe, expect, it } from 'vitest';
import { base64url, utf8 } from './encoding';
import {
  capabilityServerSecret,
  newDocumentSecret,
  OPEN_MODE_SERVER_SECRET,
  parseCapability,
  signCapability,
  verifyCapability,
  type CapabilityKeys,
} from './capabilities';

const DOC_A = '11111111-2222-4333-8444-555555555555';
const DOC_B = '99999999-2222-4333-8444-555555555555';
const NOW = 1_800_000_000_000;

function keys(documentSecret = 'doc-secret-a'): CapabilityKeys {
  return { serverSecret: 'server-secret', documentSecret };
}

async function issue(extra: Partial<{ revision: number; expiresAt: number; documentId: string }> = {}, k = keys()) {
  return signCapability({ documentId: DOC_A, scope: 'read', expiresAt: NOW + 60_000, ...extra }, k);
}

async function check(token: string, k = keys(), now = NOW) {
  const parsed = parseCapability(token);
  return parsed ? verifyCapability(parsed, k, now) : 'malformed';
}

describe('read capabilities', () => {
  it('round-trips its claims and verifies with the same keys', async () => {
    const token = await issue({ revision: 3 });
    expect(token).toMatch(/^kgc_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(parseCapability(token)).toMatchObject({
      documentId: DOC_A,
      scope: 'read',
      revision: 3,
      expiresAt: NOW + 60_000,
    });
    expect(await check(token)).toBe('valid');
    expect(parseCapability(await issue())!.revision).toBeUndefined();
  });

  it('refuses a token whose payload was changed (other document, revision or expiry)', async () => {
    const token = await issue({ revision: 3 });
    const signature = token.split('.')[1]!;
    for (const body of [
      { v: 1, d: DOC_B, s: 'read', e: NOW + 60_000, r: 3 },
      { v: 1, d: DOC_A, s: 'read', e: NOW + 60_000, r: 4 },
      { v: 1, d: DOC_A, s: 'read', e: NOW + 9_999_999, r: 3 },
      { v: 1, d: DOC_A, s: 'read', e: NOW + 60_000 },
    ]) {
      const forged = `kgc_${base64url(utf8(JSON.stringify(body)))}.${signature}`;
      expect(await check(forged)).toBe('bad_signature');
    }
  });

  it('refuses a changed signature', async () => {
    const token = await issue();
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(await check(token.slice(0, -1) + last)).toBe('bad_signature');
  });

  it('cannot claim a write scope: such a payload does not even parse', async () => {
    const body = base64url(utf8(JSON.stringify({ v: 1, d: DOC_A, s: 'write', e: NOW + 60_000 })));
    expect(parseCapability(`kgc_${body}.${'A'.repeat(43)}`)).toBeNull();
  });

  it('is refused once expired (and at the exact expiry)', async () => {
    const token = await issue({ expiresAt: NOW + 1000 });
    expect(await check(token, keys(), NOW + 999)).toBe('valid');
    expect(await check(token, keys(), NOW + 1000)).toBe('expired');
    expect(await check(token, keys(), NOW + 5000)).toBe('expired');
  });

  it('does not verify under another document secret, nor after the secret is rotated', async () => {
    const token = await issue();
    expect(await check(token, keys('doc-secret-b'))).toBe('bad_signature');
    const rotated = newDocumentSecret();
    expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await check(token, keys(rotated))).toBe('bad_signature');
    // A token issued under the new secret verifies.
    expect(await check(await issue({}, keys(rotated)), keys(rotated))).toBe('valid');
  });

  it('binds the document id into the key: the same secret on another document does not verify', async () => {
    const forB = await issue({ documentId: DOC_B });
    const parsed = parseCapability(forB)!;
    expect(parsed.documentId).toBe(DOC_B);
    // Pretend the token were for A (same secrets): the key differs, so the signature fails.
    const asA = { ...parsed, documentId: DOC_A };
    expect(await verifyCapability(asA, keys(), NOW)).toBe('bad_signature');
  });

  it('depends on the server secret', async () => {
    const token = await issue();
    expect(await check(token, { serverSecret: 'other', documentSecret: 'doc-secret-a' })).toBe('bad_signature');
    expect(capabilityServerSecret(undefined)).toBe(OPEN_MODE_SERVER_SECRET);
    expect(capabilityServerSecret('  ')).toBe(OPEN_MODE_SERVER_SECRET);
    expect(capabilityServerSecret('abc')).toBe('abc');
  });

  it('rejects malformed tokens without throwing', () => {
    for (const bad of [
      '',
      'kgc_',
      'kgc_abc',
      'kgc_!!!.sig',
      `kgc_${base64url(utf8('not json'))}.${'A'.repeat(43)}`,
      `kgk_${'A'.repeat(43)}`,
    ]) {
      expect(parseCapability(bad)).toBeNull();
    }
    const badId = base64url(utf8(JSON.stringify({ v: 1, d: 'x', s: 'read', e: NOW })));
    expect(parseCapability(`kgc_${badId}.${'A'.repeat(43)}`)).toBeNull();
  });
});
