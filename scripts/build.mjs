// Builds the static site served by the Worker's assets binding (the demo page, its example graphs and the component
// bundle), the custom-elements manifest, and the npm package folder dist/npm/.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/wrangler.mjs';

const out = path.join(ROOT, 'public');
const npmOut = path.join(ROOT, 'dist', 'npm');
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
    // The client config sets useDefineForClassFields: false and experimentalDecorators, as Lit expects.
    tsconfig: path.join(ROOT, 'tsconfig.client.json'),
    outfile: path.join(out, 'kg-workbench.js'),
    logLevel: 'warning',
  });

  writeManifest();
  writeNpmPackage();
}
console.log(`built ${path.relative(ROOT, out)}/ and ${path.relative(ROOT, npmOut)}/`);

/** custom-elements.json from the JSDoc headers of the elements (@summary, @attr, @event, @csspart, @cssproperty). */
function writeManifest() {
  const cem = path.join(ROOT, 'node_modules', '.bin', 'cem');
  const result = spawnSync(
    cem,
    ['analyze', '--globs', 'components/**/*.ts', '--exclude', 'components/**/*.test.ts', '--litelement', '--outdir', path.relative(ROOT, out)],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`custom-elements-manifest analyzer failed\n${result.stdout}${result.stderr}`);
}

/** dist/npm: the same bundle, the manifest and a package.json that points tools at both. */
function writeNpmPackage() {
  rmSync(npmOut, { recursive: true, force: true });
  mkdirSync(npmOut, { recursive: true });
  for (const file of ['kg-workbench.js', 'kg-workbench.js.map', 'custom-elements.json']) {
    copyFileSync(path.join(out, file), path.join(npmOut, file));
  }
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const pkg = {
    name: root.name,
    version: root.version,
    description: root.description,
    type: 'module',
    main: './kg-workbench.js',
    module: './kg-workbench.js',
    exports: { '.': './kg-workbench.js', './custom-elements.json': './custom-elements.json' },
    customElements: 'custom-elements.json',
    files: ['kg-workbench.js', 'kg-workbench.js.map', 'custom-elements.json'],
    sideEffects: ['./kg-workbench.js'],
    license: root.license ?? 'UNLICENSED',
  };
  writeFileSync(path.join(npmOut, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
}
