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
import { CHUNK_DIR, weighSplitBuild, workbenchBundleOptions } from './lib/bundle-options.mjs';

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
    // Code-split: kg-workbench.js plus hashed chunks in chunks/ (scripts/lib/bundle-options.mjs says why).
    const result = await build({
      ...workbenchBundleOptions(ROOT),
      // 'linked' adds a sourceMappingURL comment; without public maps it would point at a missing file.
      sourcemap: publicSourceMaps ? 'linked' : 'external',
      outdir: out,
      write: false,
      metafile: true,
      logLevel: 'warning',
    });
    for (const f of result.outputFiles) files.set(path.relative(out, f.path).split(path.sep).join('/'), Buffer.from(f.contents));
    files.set('custom-elements.json', manifest());
    printSizes(weighSplitBuild(result.metafile, result.outputFiles, out));
  }

  const maps = new Map([...files].filter(([rel]) => rel.endsWith('.map')));
  if (!publicSourceMaps) for (const rel of maps.keys()) files.delete(rel);
  publish(out, files, { prune: true, keepRecentChunks: true });
  publish(mapsOut, maps, { prune: true });
  if (files.has('kg-workbench.js')) writeNpmPackage(files, maps);
  console.log(`built ${path.relative(ROOT, out)}/ and ${path.relative(ROOT, npmOut)}/`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}

function printSizes({ firstLoad, lazy, firstLoadGzip }) {
  const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
  console.log(`first load (${firstLoad.map((f) => f.file).join(' + ')}): ${kb(firstLoadGzip)} gzipped`);
  for (const f of lazy) console.log(`  lazy ${f.file}: ${kb(f.gzip)} gzipped`);
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

/**
 * Writes each file through a rename (atomic on one file system); with prune, removes files no longer produced.
 * Chunks are written before the files that import them, so a reader never meets an entry whose chunk is missing; and
 * a chunk of an earlier build is kept for an hour, so a page that loaded the earlier entry can still import it.
 */
function publish(dir, files, { prune, keepRecentChunks = false }) {
  mkdirSync(dir, { recursive: true });
  const chunksFirst = [...files].sort(([a], [b]) => Number(!a.startsWith(`${CHUNK_DIR}/`)) - Number(!b.startsWith(`${CHUNK_DIR}/`)));
  for (const [rel, contents] of chunksFirst) {
    const target = path.join(dir, rel);
    mkdirSync(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(temp, contents);
    renameSync(temp, target);
  }
  if (!prune) return;
  const hourAgo = Date.now() - 3600_000;
  for (const rel of listFiles(dir)) {
    if (files.has(rel)) continue;
    const full = path.join(dir, rel);
    if (keepRecentChunks && rel.startsWith(`${CHUNK_DIR}/`) && statSync(full).mtimeMs > hourAgo) continue;
    rmSync(full, { force: true });
  }
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
    files: ['kg-workbench.js', 'kg-workbench.js.map', `${CHUNK_DIR}/`, 'custom-elements.json'],
    sideEffects: ['./kg-workbench.js'],
    license: root.license ?? 'UNLICENSED',
  };
  const all = new Map([...files, ...maps]);
  const packaged = new Map([...all].filter(([f]) => f === 'kg-workbench.js' || f === 'custom-elements.json' || f.startsWith(`${CHUNK_DIR}/`) || f === 'kg-workbench.js.map'));
  // The npm copy links its maps (they ship beside the files) even when the served copy does not.
  for (const [f, js] of packaged) {
    if (f.endsWith('.js') && !js.includes('sourceMappingURL')) packaged.set(f, Buffer.concat([js, Buffer.from(`//# sourceMappingURL=${path.basename(f)}.map\n`)]));
  }
  packaged.set('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
  publish(npmOut, packaged, { prune: true });
}
