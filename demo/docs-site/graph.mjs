#!/usr/bin/env node
// Makes each guide page's graph file: the page's own text (between its front matter and `<!-- graph:end -->`) is
// sent to a kg-workbench Worker through the `kg` command line, extracted, and exported as the static graph file the
// page's <kg-workbench src> reads. Run it whenever a page's text changes:
//   KG_API=http://127.0.0.1:8787 npm run graph            (the Worker of `npm start` in the repository's root)
//   node graph.mjs --out DIR                              (write the files somewhere else, e.g. to compare)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// The repository's CLI; a site outside this repository runs `npx kg` from the kg-workbench package's root instead.
const kg = path.resolve(here, '../../cli/kg.mjs');
const outIndex = process.argv.indexOf('--out');
const outDir = outIndex > 0 ? path.resolve(process.argv[outIndex + 1]) : path.join(here, 'public/graphs');

/** Markdown pages under the site, skipping its tooling folders. */
function pages(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name.startsWith('.') || name === 'node_modules' || name === 'public') return [];
    if (statSync(full).isDirectory()) return pages(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

/** The page's graph name (front matter `graph:`) and its text, or null for a page without a graph. */
export function pageText(markdown) {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  const name = front && /^graph:\s*(\S+)\s*$/m.exec(front[1])?.[1];
  if (!name) return null;
  const body = markdown.slice(front[0].length);
  const end = body.indexOf('<!-- graph:end -->');
  const title = /^title:\s*(.+)$/m.exec(front[1])?.[1]?.trim() ?? name;
  return { name, title, text: (end < 0 ? body : body.slice(0, end)).trim() };
}

function run(args, input) {
  return execFileSync(process.execPath, [kg, ...args], { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'inherit'] });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  mkdirSync(outDir, { recursive: true });
  for (const file of pages(here)) {
    const page = pageText(readFileSync(file, 'utf8'));
    if (!page) continue;
    const created = JSON.parse(run(['extract', '-', '--title', page.title, '--wait', '--json'], page.text));
    if (created.task?.status !== 'succeeded') throw new Error(`${file}: the extraction ended ${created.task?.status}`);
    const out = path.join(outDir, `${page.name}.graph.json`);
    run(['export', created.documentId, '--format', 'json', '--out', out]);
    console.log(`${path.relative(here, file)} → ${path.relative(process.cwd(), out)}`);
  }
}
