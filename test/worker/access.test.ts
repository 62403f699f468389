import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';

const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const fetchWith = (vars: Partial<Env>, request: Request) => app.fetch(request, { ...env, ...vars }, ctx);

describe('auth and CORS are configuration', () => {
  it('requires the bearer token when KG_API_TOKEN is set', async () => {
    const vars = { KG_API_TOKEN: 's3cret' };
    const denied = await fetchWith(vars, new Request('http://kg.test/api/models'));
    expect(denied.status).toBe(401);
    expect(await denied.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const wrong = await fetchWith(
      vars,
      new Request('http://kg.test/api/models', { headers: { authorization: 'Bearer nope' } }),
    );
    expect(wrong.status).toBe(401);
    const allowed = await fetchWith(
      vars,
      new Request('http://kg.test/api/models', { headers: { authorization: 'Bearer s3cret' } }),
    );
    expect(allowed.status).toBe(200);
    // Health stays open for load balancers.
    expect((await fetchWith(vars, new Request('http://kg.test/api/health'))).status).toBe(200);
  });

  it('sends no CORS headers unless origins are configured', async () => {
    const headers = { origin: 'https://docs.example' };
    const closed = await fetchWith({ KG_CORS_ORIGINS: '' }, new Request('http://kg.test/api/health', { headers }));
    expect(closed.headers.get('access-control-allow-origin')).toBeNull();
    const open = await fetchWith(
      { KG_CORS_ORIGINS: 'https://docs.example' },
      new Request('http://kg.test/api/health', { headers }),
    );
    expect(open.headers.get('access-control-allow-origin')).toBe('https://docs.example');
    const other = await fetchWith(
      { KG_CORS_ORIGINS: 'https://docs.example' },
      new Request('http://kg.test/api/health', { headers: { origin: 'https://evil.example' } }),
    );
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetchWith(
      { KG_CORS_ORIGINS: 'https://docs.example', KG_API_TOKEN: 'x' },
      new Request('http://kg.test/api/documents', {
        method: 'OPTIONS',
        headers: { ...headers, 'access-control-request-method': 'POST' },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });
});
