// Builds the static site served by the Worker's assets binding (the demo page, its example graphs, the component
// bundle and the CDN single file), the custom-elements manifest, and the npm package folder dist/npm/.
// public/ is updated in place, file by file through atomic renames, and never removed: a `wrangler dev` that is
// serving it (a test run, `npm start`) keeps watching the same folder and never sees a half-written file.
import { build } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/wrangler.mjs';
import { weighSplitBuild, workbenchBundleOptions } from './lib/bundle-options.mjs';
import { buildCdnFile } from './lib/cdn-file.mjs';
import { elementManifest } from './lib/element-manifest.mjs';
import { graphJsonSchema } from './lib/graph-schema.mjs';
import { npmPackageFiles } from './lib/npm-package.mjs';
import { layoutWorkerMetafile, NOTICES_FILE, noticesText, workerMetafile } from './lib/notices.mjs';
import { listFiles, publish } from './lib/publish.mjs';

const out = path.join(ROOT, 'public');
const npmOut = path.join(ROOT, 'dist', 'npm');
// Source maps carry the whole TypeScript source; public/ is served to anyone, so they stay out of it unless asked
// for (KG_PUBLIC_SOURCEMAPS=1 at build time). They are always written to dist/npm/ and dist/sourcemaps/.
const publicSourceMaps = process.env.KG_PUBLIC_SOURCEMAPS === '1';
const mapsOut = path.join(ROOT, 'dist', 'sourcemaps');
const staging = mkdtempSync(path.join(tmpdir(), 'kg-build-'));
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;

try {
  const files = new Map(); // path relative to public/ → contents
  for (const file of listFiles(path.join(ROOT, 'demo'))) files.set(file, readFileSync(path.join(ROOT, 'demo', file)));

  const entry = path.join(ROOT, 'components', 'kg-workbench.ts');
  let npmFiles = null;
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
    for (const f of result.outputFiles)
      files.set(path.relative(out, f.path).split(path.sep).join('/'), Buffer.from(f.contents));
    const manifest = elementManifest(ROOT, staging);
    files.set('custom-elements.json', manifest);
    printSizes(weighSplitBuild(result.metafile, result.outputFiles, out));

    const { version, license } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const cdn = await buildCdnFile(ROOT, version, license);
    files.set(cdn.rel, cdn.contents);
    console.log(
      `CDN single file ${cdn.info.path}: ${kb(cdn.info.bytes)} minified, ${kb(cdn.info.gzip)} gzipped, ${cdn.info.integrity}`,
    );
    publish(path.join(ROOT, 'dist'), new Map([['cdn.json', Buffer.from(`${JSON.stringify(cdn.info, null, 2)}\n`)]]), {
      prune: false,
    });

    const npm = await npmPackageFiles(ROOT, {
      manifest,
      graphSchema: await graphJsonSchema(ROOT, staging),
      outdir: npmOut,
    });
    npmFiles = npm.files;

    // The licences of what each output bundles (the layout worker is inlined into every browser build).
    const layout = await layoutWorkerMetafile(ROOT);
    const notices = noticesText(ROOT, version, {
      browser: [result.metafile, layout],
      cdn: [cdn.metafile, layout],
      npm: [...npm.metafiles, layout],
      worker: [await workerMetafile(ROOT)],
    });
    files.set(NOTICES_FILE, notices);
    npmFiles.set(NOTICES_FILE, notices);
  }

  const maps = new Map([...files].filter(([rel]) => rel.endsWith('.map')));
  if (!publicSourceMaps) for (const rel of maps.keys()) files.delete(rel);
  publish(out, files, { prune: true, keepRecentChunks: true });
  publish(mapsOut, maps, { prune: true });
  if (npmFiles) publish(npmOut, npmFiles, { prune: true });
  console.log(`built ${path.relative(ROOT, out)}/ and ${path.relative(ROOT, npmOut)}/`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}

function printSizes({ firstLoad, lazy, firstLoadGzip }) {
  console.log(`first load (${firstLoad.map((f) => f.file).join(' + ')}): ${kb(firstLoadGzip)} gzipped`);
  for (const f of lazy) console.log(`  lazy ${f.file}: ${kb(f.gzip)} gzipped`);
}
