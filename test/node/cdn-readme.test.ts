// The README's CDN snippet names the built CDN single file and its Subresource Integrity hash: a README that went
// stale (the component changed, the hash did not) fails here. Fix: `npm run build && npm run readme:cdn`.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SNIPPET_END, SNIPPET_START, cdnPath, cdnSnippet } from '../../scripts/lib/cdn-file.mjs';

const ROOT = path.resolve(__dirname, '../..');
const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

describe('the README CDN snippet', () => {
  it('names the built file of this version and its sha384', () => {
    const file = path.join(ROOT, 'public', cdnPath(version));
    expect(existsSync(file), `${file} is missing: run \`node scripts/build.mjs\``).toBe(true);
    const integrity = `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf(SNIPPET_START);
    const end = readme.indexOf(SNIPPET_END);
    expect(start, 'README.md has the cdn-snippet markers').toBeGreaterThan(0);
    const snippet = readme.slice(start + SNIPPET_START.length, end).trim();
    expect(snippet, 'the README CDN snippet is stale: run `npm run build && npm run readme:cdn`').toBe(
      cdnSnippet({ path: `/${cdnPath(version)}`, integrity }),
    );
  });
});
