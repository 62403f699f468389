// `npm run readme:theming`: writes the README's theming section (scripts/lib/theming-table.mjs) from the built
// custom-elements manifest (public/custom-elements.json, written by `node scripts/build.mjs`).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { THEMING_END, THEMING_START, themingSection } from './lib/theming-table.mjs';
import { ROOT } from './lib/wrangler.mjs';

const readme = path.join(ROOT, 'README.md');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'public', 'custom-elements.json'), 'utf8'));
const text = readFileSync(readme, 'utf8');
const start = text.indexOf(THEMING_START);
const end = text.indexOf(THEMING_END);
if (start < 0 || end < start) throw new Error('README.md has no theming markers');
const next = `${text.slice(0, start + THEMING_START.length)}\n${themingSection(manifest)}\n${text.slice(end)}`;
if (next === text) console.log('README theming section is up to date');
else {
  writeFileSync(readme, next);
  console.log('README theming section rewritten from custom-elements.json');
}
