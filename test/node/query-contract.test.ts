// One query contract per route (worker/lib/query.ts): handlers read query parameters only through parseQuery, and
// every object they parse is the one their OpenAPI operation publishes. With test/worker/openapi.test.ts (which
// sends each published parameter out of its bounds and within them), the two cannot drift apart.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const sources = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f));

describe('query parameters have one contract per route', () => {
  it('no handler reads the query string except through parseQuery', () => {
    const direct = sources('worker')
      .filter((file) => file !== path.join('worker', 'lib', 'query.ts'))
      .filter((file) => /\.req\.quer(y|ies)\(|searchParams/.test(read(file)));
    expect(direct, 'files reading query parameters around worker/lib/query.ts parseQuery').toEqual([]);
  });

  it('every query object a handler parses is the one its operation publishes', () => {
    const parsed = new Set(
      sources('worker/routes').flatMap((file) => [...read(file).matchAll(/parseQuery\(c, (\w+)\)/g)].map((m) => m[1])),
    );
    const operations = sources('worker/openapi/operations').map(read).join('\n');
    const published = new Set([...operations.matchAll(/\bquery: (\w+),/g)].map((m) => m[1]));
    expect(parsed.size).toBeGreaterThanOrEqual(10);
    expect(
      [...parsed].filter((name) => !published.has(name)),
      'parsed but not published',
    ).toEqual([]);
    expect(
      [...published].filter((name) => !parsed.has(name)),
      'published but parsed by no handler',
    ).toEqual([]);
    expect(operations, 'an operation writing its own query object').not.toMatch(/\bquery: z\.object\(/);
  });
});
