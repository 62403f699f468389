// Builds the unpacked Manifest V3 extension into dist/extension/ (or --out DIR): the static files of src/ as they
// are, and popup.js bundled by esbuild with <kg-workbench> inside it (one file, dynamic imports inlined), so the
// extension loads no remote code and runs under the default extension CSP (script-src 'self'). The build fails if
// the bundle contains eval or new Function.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { layoutWorkerPlugin } from '../../scripts/lib/bundle-options.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const STATIC = [
  'manifest.json',
  'background.js',
  'content.js',
  'options.html',
  'options.js',
  'settings.js',
  'popup.html',
  'popup.css',
];

export async function buildExtension(out = path.join(root, 'dist', 'extension')) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const file of STATIC) copyFileSync(path.join(here, 'src', file), path.join(out, file));
  await build({
    entryPoints: [path.join(here, 'src', 'popup.js')],
    outfile: path.join(out, 'popup.js'),
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    charset: 'utf8',
    legalComments: 'none',
    // The graph view's layout worker (an inline script; the extension page's CSP refuses blob: workers, so there the
    // layouts run on the page's thread).
    plugins: [layoutWorkerPlugin(root)],
    tsconfig: path.join(root, 'tsconfig.client.json'),
    logLevel: 'warning',
  });
  for (const file of readdirSync(out).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(path.join(out, file), 'utf8');
    if (/\beval\s*\(|new\s+Function\s*\(/.test(code))
      throw new Error(`${file} contains eval or new Function: not allowed under the extension CSP`);
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const out = await buildExtension(at > 0 ? path.resolve(process.argv[at + 1]) : undefined);
  console.log(`built the unpacked extension in ${path.relative(process.cwd(), out) || out}`);
}
