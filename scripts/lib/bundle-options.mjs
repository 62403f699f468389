// The esbuild options of the component bundle, one home for the build (scripts/build.mjs) and the benchmark that
// weighs it (bench/ui-graph.bench.ts), so the figure printed is the size of what is served.
//
// The served build is code-split: the entry `kg-workbench.js` plus hashed chunks in `chunks/`, so a dynamic
// `import()` in a component (a panel or engine used only on demand) becomes a file of its own that a page loads only
// when it needs it. esbuild writes chunk URLs relative to the importing module (`./chunks/…`), and the browser
// resolves them against that module's URL, so a page on another origin that loads the entry from the Worker also
// gets the chunks from the Worker (with the same CORS headers: the Worker serves every static file through one app).
// The CDN build is the same code in one file (no splitting): everything inlined.
import { build } from 'esbuild';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { cssMinify } from './css-minify.mjs';

export const ENTRY_NAME = 'kg-workbench';
export const CHUNK_DIR = 'chunks';

function common(root) {
  return {
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    // Chinese strings as UTF-8 (3 bytes a character) rather than \uXXXX escapes (6): module scripts are always
    // decoded as UTF-8.
    charset: 'utf8',
    plugins: [cssMinify, layoutWorkerPlugin(root)],
    // The client config sets useDefineForClassFields: false and experimentalDecorators, as Lit expects.
    tsconfig: path.join(root, 'tsconfig.client.json'),
  };
}

/**
 * `import source from 'kg:layout-worker'` (components/graph-view/layout-worker-client.ts): the layout worker bundled
 * on its own into one classic script and inlined as a string, started from a Blob URL. A worker script must come
 * from the page's own origin, which a component embedded from another origin cannot offer; a blob can. Every build
 * of the component (served, npm, CDN, extension) uses this plugin.
 */
export function layoutWorkerPlugin(root) {
  return {
    name: 'kg-layout-worker',
    setup(b) {
      b.onResolve({ filter: /^kg:layout-worker$/ }, () => ({ path: 'kg:layout-worker', namespace: 'kg-inline' }));
      b.onLoad({ filter: /.*/, namespace: 'kg-inline' }, async () => {
        const entry = path.join(root, 'components', 'graph-view', 'layout-worker.entry.ts');
        const worker = await build({
          entryPoints: [entry],
          bundle: true,
          format: 'iife',
          target: 'es2022',
          minify: true,
          charset: 'utf8',
          tsconfig: path.join(root, 'tsconfig.client.json'),
          write: false,
          metafile: true,
          logLevel: 'warning',
        });
        return {
          contents: `export default ${JSON.stringify(worker.outputFiles[0].text)};`,
          loader: 'js',
          watchFiles: Object.keys(worker.metafile.inputs).map((f) => path.resolve(root, f)),
        };
      });
    },
  };
}

/** The served, code-split build: pass `outdir` (public/ or a folder of the same shape). */
export function workbenchBundleOptions(root) {
  return {
    ...common(root),
    entryPoints: { [ENTRY_NAME]: path.join(root, 'components', 'kg-workbench.ts') },
    splitting: true,
    entryNames: '[name]',
    chunkNames: `${CHUNK_DIR}/[name]-[hash]`,
  };
}

/**
 * The npm package's build (dist/npm/): two entries over the same chunks — `kg-workbench.js` defines the elements on
 * import, `elements.js` only exports the classes (components/elements.ts) — so importing both gives one set of
 * classes. Pass `outdir`.
 */
export function npmBundleOptions(root) {
  return {
    ...common(root),
    entryPoints: {
      [ENTRY_NAME]: path.join(root, 'components', 'kg-workbench.ts'),
      elements: path.join(root, 'components', 'elements.ts'),
    },
    splitting: true,
    entryNames: '[name]',
    chunkNames: `${CHUNK_DIR}/[name]-[hash]`,
  };
}

/** The CDN single file: the same entry with every dynamic import inlined. Pass `outfile`. */
export function cdnBundleOptions(root) {
  return { ...common(root), entryPoints: [path.join(root, 'components', 'kg-workbench.ts')] };
}

/**
 * What a page loads first: the entry and every chunk it imports statically (esbuild moves code shared by the entry
 * and a lazy chunk into a shared chunk the entry imports), each gzipped on its own as it is sent; and the lazy
 * chunks, loaded only by a dynamic import(). Paths relative to `outdir`.
 */
export function weighSplitBuild(metafile, outputFiles, outdir) {
  const rel = (p) => path.relative(outdir, path.resolve(p)).split(path.sep).join('/');
  const bytes = new Map(outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => [rel(f.path), f.contents]));
  const outputs = new Map(
    Object.entries(metafile.outputs)
      .filter(([p]) => p.endsWith('.js'))
      .map(([p, o]) => [rel(p), o]),
  );
  // The named entry; esbuild marks every dynamically imported chunk as an entry point too.
  const entry = outputs.has(`${ENTRY_NAME}.js`) ? `${ENTRY_NAME}.js` : [...outputs].find(([, o]) => o.entryPoint)?.[0];
  if (!entry) throw new Error('the build has no entry output');
  const first = new Set();
  const visit = (file) => {
    if (first.has(file)) return;
    first.add(file);
    for (const imp of outputs.get(file)?.imports ?? [])
      if (imp.kind === 'import-statement' && !imp.external) visit(rel(imp.path));
  };
  visit(entry);
  const weigh = (file) => ({
    file,
    bytes: bytes.get(file)?.length ?? 0,
    gzip: gzipSync(bytes.get(file) ?? Buffer.alloc(0)).length,
    inputs: outputs.get(file)?.inputs ?? {},
  });
  const firstLoad = [...first].map(weigh);
  const lazy = [...outputs.keys()]
    .filter((f) => !first.has(f))
    .sort()
    .map(weigh);
  const sum = (list, key) => list.reduce((s, f) => s + f[key], 0);
  return { entry, firstLoad, lazy, firstLoadBytes: sum(firstLoad, 'bytes'), firstLoadGzip: sum(firstLoad, 'gzip') };
}
