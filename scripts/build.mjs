// Builds the static site served by the Worker's assets binding (the demo page, its example graphs and the component
// bundle), the custom-elements manifest, and the npm package folder dist/npm/.
// public/ is updated in place, file by file through atomic renames, and never removed: a `wrangler dev` that is
// serving it (a test run, `npm start`) keeps watching the same folder and never sees a half-written file.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/wrangler.mjs';
import { workbenchBundleOptions } from './lib/bundle-options.mjs';

const out = path.join(ROOT, 'public');
const npmOut = path.join(ROOT, 'dist', 'npm');
// Source maps carry the whole TypeScript source; public/ is served to anyone, so they stay out of it unless asked
// for (KG_PUBLIC_SOURCEMAPS=1 at build time). They are always written to dist/npm/ and dist/sourcemaps/.
const publicSourceMaps = process.env.KG_PUBLIC_SOURCEMAPS === '1';
const mapsOut = path.join(ROOT, 'dist', 'sourcemaps');
const staging = mkdtempSync(path.join(tmpdir(), 'kg-build-'));

try {
  const files = new Map(); // path relative to public/ → contents
  for (const file of listFiles(path.join(ROOT, 'demo'))) files.set(file, readFileSync(path.join(ROOT, 'demo', file)));

  const entry = path.join(ROOT, 'components', 'kg-workbench.ts');
  if (existsSync(entry)) {
    const result = await build({
      ...workbenchBundleOptions(ROOT),
      // 'linked' adds a sourceMappingURL comment; without public maps it would point at a missing file.
      sourcemap: publicSourceMaps ? 'linked' : 'external',
      outfile: path.join(out, 'kg-workbench.js'),
      write: false,
      logLevel: 'warning',
    });
    for (const f of result.outputFiles) files.set(path.relative(out, f.path), Buffer.from(f.contents));
    files.set('custom-elements.json', manifest());
  }

  const maps = new Map([...files].filter(([rel]) => rel.endsWith('.map')));
  if (!publicSourceMaps) for (const rel of maps.keys()) files.delete(rel);
  publish(out, files, { prune: true });
  publish(mapsOut, maps, { prune: true });
  if (files.has('kg-workbench.js')) writeNpmPackage(files, maps);
  console.log(`built ${path.relative(ROOT, out)}/ and ${path.relative(ROOT, npmOut)}/`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}

/** custom-elements.json from the JSDoc headers of the elements (@summary, @attr, @event, @csspart, @cssproperty). */
function manifest() {
  const cem = path.join(ROOT, 'node_modules', '.bin', 'cem');
  const outdir = path.relative(ROOT, staging);
  const args = ['analyze', '--globs', 'components/**/*.ts', '--exclude', 'components/**/*.test.ts', '--litelement', '--outdir', outdir];
  const result = spawnSync(cem, args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`custom-elements-manifest analyzer failed\n${result.stdout}${result.stderr}`);
  return readFileSync(path.join(staging, 'custom-elements.json'));
}

/** Writes each file through a rename (atomic on one file system); with prune, removes files no longer produced. */
function publish(dir, files, { prune }) {
  mkdirSync(dir, { recursive: true });
  for (const [rel, contents] of files) {
    const target = path.join(dir, rel);
    mkdirSync(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(temp, contents);
    renameSync(temp, target);
  }
  if (!prune) return;
  for (const rel of listFiles(dir)) if (!files.has(rel)) rmSync(path.join(dir, rel), { force: true });
}

function listFiles(dir, prefix = '') {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    return statSync(full).isDirectory() ? listFiles(full, rel) : [rel];
  });
}

/** dist/npm: the same bundle, the manifest and a package.json that points tools at both. */
function writeNpmPackage(files, maps) {
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
  const all = new Map([...files, ...maps]);
  const packaged = new Map(['kg-workbench.js', 'kg-workbench.js.map', 'custom-elements.json'].map((f) => [f, all.get(f)]));
  // The npm copy links its map (it ships beside it) even when the served copy does not.
  const js = packaged.get('kg-workbench.js');
  if (!js.includes('sourceMappingURL')) packaged.set('kg-workbench.js', Buffer.concat([js, Buffer.from('//# sourceMappingURL=kg-workbench.js.map\n')]));
  packaged.set('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
  publish(npmOut, packaged, { prune: true });
}
