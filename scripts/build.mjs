// Builds the static site served by the Worker's assets binding: the demo page and the component bundle.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/wrangler.mjs';

const out = path.join(ROOT, 'public');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(path.join(ROOT, 'demo'), out, { recursive: true });

const entry = path.join(ROOT, 'components', 'kg-workbench.ts');
if (existsSync(entry)) {
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    outfile: path.join(out, 'kg-workbench.js'),
    logLevel: 'warning',
  });
}
console.log(`built ${path.relative(ROOT, out)}/`);
