// Open mode (no key configured) lets anyone write, so a browser page may create documents only from the Worker's own
// origin or an origin the operator named: a docs site that embeds the tag cannot be used by its visitors to fill the
// author's Worker (issue 27). Programs that send no Origin keep working; KG_CORS_ORIGINS=* lets pages read, not write.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { openModeMayCreateFrom } from '../../worker/auth/document-creation';

const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const SELF = 'http://kg.test';

async function post(path: string, body: unknown, headers: Record<string, string>, vars: Partial<Env> = {}) {
  const res = await app.fetch(
    new Request(`${SELF}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
    { ...env, ...vars },
    ctx,
  );
  return { status: res.status, body: (await res.json()) as any };
}
const createText = (headers: Record<string, string>, vars?: Partial<Env>) =>
  post('/api/documents', { text: 'Rivers carry sediment to the sea. The delta grows each year.' }, headers, vars);
const createTrace = (headers: Record<string, string>, vars?: Partial<Env>) =>
  post('/api/traces', { events: [{ seq: 1, kind: 'user', text: 'Find the delta.' }] }, headers, vars);

describe('creating documents from a browser page in open mode', () => {
  it('refuses a page of another origin (text and trace), in both languages, and names the setting', async () => {
    for (const create of [createText, createTrace]) {
      const refused = await create({ origin: 'https://stranger.example' });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
      expect(refused.body.error.message).toContain('KG_CORS_ORIGINS');
      const zh = await create({ origin: 'https://stranger.example', 'accept-language': 'zh-CN' });
      expect(zh.status).toBe(403);
      expect(JSON.stringify(zh.body)).toContain('KG_CORS_ORIGINS');
    }
  });

  it('still refuses a stranger when KG_CORS_ORIGINS is * (read, not write) or names another site', async () => {
    expect((await createText({ origin: 'https://stranger.example' }, { KG_CORS_ORIGINS: '*' })).status).toBe(403);
    expect(
      (await createText({ origin: 'https://stranger.example' }, { KG_CORS_ORIGINS: 'https://docs.example' })).status,
    ).toBe(403);
  });

  it('accepts the Worker’s own pages, a named origin and programs that send no Origin', async () => {
    expect((await createText({ origin: SELF })).status).toBe(202);
    expect((await createText({})).status).toBe(202);
    expect(
      (await createText({ origin: 'https://docs.example' }, { KG_CORS_ORIGINS: 'https://docs.example' })).status,
    ).toBe(202);
    expect((await createTrace({})).status).toBe(202);
  });

  it('an API key is not open mode: its holder may create from any page', async () => {
    const token = 'test-admin-token-for-origin-check';
    const res = await createText(
      { origin: 'https://stranger.example', authorization: `Bearer ${token}` },
      { KG_API_TOKEN: token },
    );
    expect(res.status).toBe(202);
  });
});

describe('openModeMayCreateFrom', () => {
  const vars = (v: Partial<Env>) => ({ ...env, ...v }) as Env;
  it('compares origins without case or a trailing slash, and reads extension origins too', () => {
    expect(openModeMayCreateFrom(vars({}), undefined, SELF)).toBe(true);
    expect(openModeMayCreateFrom(vars({}), 'HTTP://KG.TEST', SELF)).toBe(true);
    expect(
      openModeMayCreateFrom(vars({ KG_CORS_ORIGINS: 'https://Docs.example/' }), 'https://docs.example', SELF),
    ).toBe(true);
    expect(openModeMayCreateFrom(vars({}), 'null', SELF)).toBe(false);
    const ext = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
    expect(openModeMayCreateFrom(vars({ KG_EXTENSION_ORIGINS: ext } as Partial<Env>), ext, SELF)).toBe(true);
    expect(openModeMayCreateFrom(vars({}), ext, SELF)).toBe(false);
  });
});
