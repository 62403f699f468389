// `npm run readme:cdn`: writes the README's CDN snippet (between the cdn-snippet markers) from dist/cdn.json, which
// `node scripts/build.mjs` writes beside the CDN single file. test/node/cdn-readme.test.ts fails while the snippet
// and the built file disagree (any change to the component changes the file's integrity hash), so run this after a
// build that changed the component, and commit the README with the change.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SNIPPET_END, SNIPPET_START, cdnSnippet } from './lib/cdn-file.mjs';
import { ROOT } from './lib/wrangler.mjs';

const readme = path.join(ROOT, 'README.md');
const info = JSON.parse(readFileSync(path.join(ROOT, 'dist', 'cdn.json'), 'utf8'));
const text = readFileSync(readme, 'utf8');
const start = text.indexOf(SNIPPET_START);
const end = text.indexOf(SNIPPET_END);
if (start < 0 || end < start) throw new Error('README.md has no cdn-snippet markers');
const next = `${text.slice(0, start + SNIPPET_START.length)}\n${cdnSnippet(info)}\n${text.slice(end)}`;
if (next === text) console.log('README CDN snippet is up to date');
else {
  writeFileSync(readme, next);
  console.log(`README CDN snippet now names ${info.path} (${info.integrity})`);
}
