// The CDN single file (/cdn/<version>/kg-workbench.js, written by scripts/build.mjs into public/): served with a
// year of immutable caching and CORS for any origin, whatever KG_CORS_ORIGINS says; a version that is not there is an
// ordinary uncached 404. The code-split bundle (entry, chunks, manifest) is public code too, loadable from any origin
// with no setting, but keeps its own caching; the API and the pages stay origin-gated.
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

  it('the code-split bundle is public code with no CORS setting, but not cached as immutable', async () => {
    const res = await get('/kg-workbench.js', { origin: 'https://elsewhere.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).not.toContain('immutable');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    await res.arrayBuffer();
  });

  it('the entry, every chunk and the manifest load from any origin; the API and the demo page do not', async () => {
    const entry = await (await get('/kg-workbench.js')).text();
    const chunk = entry.match(/chunks\/[\w-]+\.js/)?.[0];
    expect(chunk, 'the entry imports its chunks').toBeTruthy();
    for (const vars of [{}, { KG_CORS_ORIGINS: 'https://docs.example' }] as Array<Partial<Env>>) {
      for (const path of ['/kg-workbench.js', `/${chunk}`, '/custom-elements.json']) {
        const res = await get(path, { origin: 'https://elsewhere.example' }, vars);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
        expect(res.headers.get('cross-origin-resource-policy'), path).toBe('cross-origin');
        expect(res.headers.get('vary'), path).toBeNull();
        await res.arrayBuffer();
      }
      for (const path of ['/', '/api/health']) {
        const res = await get(path, { origin: 'https://elsewhere.example' }, vars);
        expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
        // A configured origin makes the pages cross-origin readable (exported graphs); with none they stay same-origin.
        if (!vars.KG_CORS_ORIGINS) expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
        await res.arrayBuffer();
      }
    }
  });

  it("serves the third-party notices the CDN file's header points to", async () => {
    const header = (await (await get(CDN)).text()).split('\n')[0]!;
    const notices = header.match(/\/THIRD_PARTY_NOTICES\.txt/)?.[0];
    expect(notices).toBe('/THIRD_PARTY_NOTICES.txt');
    const res = await get(notices!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('  elkjs 0.12.1, EPL-2.0 OR GPL-3.0-or-later, worker');
    expect(text).toContain('  lit 3.3.3, BSD-3-Clause, browser cdn npm');
  });
});
