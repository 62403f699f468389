// The CDN single file (/cdn/<version>/kg-workbench.js, written by scripts/build.mjs into public/): served with a
// year of immutable caching and CORS for any origin, whatever KG_CORS_ORIGINS says; a version that is not there is an
// ordinary uncached 404; the code-split bundle keeps the Worker's usual headers.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { createApp } from '../../worker/app';

const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const get = (path: string, headers: Record<string, string> = {}, vars: Partial<Env> = {}) =>
  app.fetch(new Request(`http://kg.test${path}`, { headers }), { ...env, ...vars }, ctx);
const CDN = `/cdn/${pkg.version}/kg-workbench.js`;

describe('the CDN single file', () => {
  it('is served immutable for a year, to any origin, with and without KG_CORS_ORIGINS', async () => {
    for (const vars of [{}, { KG_CORS_ORIGINS: 'https://docs.example' }] as Array<Partial<Env>>) {
      const res = await get(CDN, { origin: 'https://elsewhere.example' }, vars);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const code = await res.text();
      // One file: nothing to import relative to it.
      expect(code).not.toMatch(/\bimport\s*\(?\s*["']\.\//);
    }
  });

  it('a version that does not exist is a 404 that is not cached', async () => {
    const res = await get('/cdn/0.0.0-nope/kg-workbench.js', { origin: 'https://elsewhere.example' });
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    await res.arrayBuffer();
  });

  it('the code-split bundle is not given the CDN headers', async () => {
    const res = await get('/kg-workbench.js', { origin: 'https://elsewhere.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).not.toContain('immutable');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    await res.arrayBuffer();
  });
});
