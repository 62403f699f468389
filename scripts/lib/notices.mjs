// THIRD_PARTY_NOTICES.txt: the licences of the third-party code bundled into each output, written by the build from
// esbuild's metafiles (which packages' files went into which output) and each package's own package.json and
// licence file, so the list cannot drift from what is shipped. The build puts it in public/ (served beside the
// component and the CDN file) and in the npm package; test/node/licence.test.ts checks it.
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const NOTICES_FILE = 'THIRD_PARTY_NOTICES.txt';

/** The outputs the notice speaks of, in the order it names them. */
export const OUTPUTS = {
  browser: 'public/kg-workbench.js and public/chunks/ (the component the Worker serves)',
  cdn: 'public/cdn/<version>/kg-workbench.js (the CDN single file)',
  npm: 'dist/npm/ (the npm package kg-workbench: kg-workbench.js, elements.js, chunks/, node/)',
  worker: 'the Worker (worker/index.ts with its Durable Object, bundled by wrangler for `npm run deploy`)',
};

/**
 * What a deployer has to know beyond the licence text, per package. ELK is the one copyleft licence bundled.
 * Keyed by package name; `where` is checked against the metafiles (the build fails if ELK moves elsewhere).
 */
const NOTES = {
  elkjs: (pkg, outputs) =>
    [
      `elkjs (the Eclipse Layout Kernel compiled to JavaScript) is offered under "${pkg.license}"; kg-workbench uses it`,
      'under EPL-2.0. Where it is bundled: only into the Worker, for the server-side layered layout',
      `(durable-objects/layout/elk.ts imports elkjs/lib/elk.bundled.js; outputs: ${outputs.join(', ')}). It is not`,
      'in public/, the CDN file or the npm package, so embedding the component never ships it.',
      'What EPL-2.0 asks of a deployer: running the Worker as a service is not distribution. If you distribute the',
      'Worker bundle (or any build holding elkjs) to others, you must (EPL-2.0 section 3) keep this notice and the',
      'licence text below, tell the recipients that ELK is under EPL-2.0 and how to get its source code (the',
      `elkjs ${pkg.version} package, or its repository ${repositoryOf(pkg) || 'named in its package.json'}), and`,
      "license any change you make to ELK's own files under EPL-2.0. Code that only calls ELK, like kg-workbench's,",
      'keeps its own licence (EPL-2.0 is a file-level copyleft).',
    ].join('\n'),
};

function repositoryOf(pkg) {
  const repo = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  return (repo ?? '').replace(/^git\+/, '').replace(/\.git$/, '');
}

/** The package folder of a bundled input path (the part up to the package name after the last node_modules/). */
function packageDir(root, input) {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input.split(path.sep).join('/'));
  return match ? path.resolve(root, match[1]) : null;
}

/** Package folders of one esbuild metafile's inputs (the plugin's namespaced inputs are skipped). */
export function bundledPackageDirs(root, metafile) {
  const dirs = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const dir = packageDir(root, input);
    if (dir) dirs.add(dir);
  }
  return dirs;
}

const LICENCE_FILE = /^(licen[cs]e|copying|notice)(\.(md|txt))?$/i;

function readPackage(dir) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const files = readdirSync(dir)
    .filter((f) => LICENCE_FILE.test(f))
    .sort();
  const licence = typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? 'UNKNOWN');
  return { pkg, licence, texts: files.map((f) => ({ file: f, text: readFileSync(path.join(dir, f), 'utf8').trim() })) };
}

/**
 * The notice text. `bundles` maps an output key of OUTPUTS to the metafiles of its builds. Throws when a bundled
 * package declares no licence, so nothing of unknown terms is shipped silently.
 */
export function noticesText(root, version, bundles) {
  const byDir = new Map();
  for (const [output, metafiles] of Object.entries(bundles)) {
    for (const metafile of metafiles) {
      for (const dir of bundledPackageDirs(root, metafile)) {
        if (!byDir.has(dir)) byDir.set(dir, { ...readPackage(dir), outputs: new Set() });
        byDir.get(dir).outputs.add(output);
      }
    }
  }
  const entries = [...byDir.values()].sort(
    (a, b) => a.pkg.name.localeCompare(b.pkg.name) || a.pkg.version.localeCompare(b.pkg.version),
  );
  const order = Object.keys(OUTPUTS);
  const outputsOf = (e) => order.filter((o) => e.outputs.has(o));
  for (const e of entries) {
    if (!e.licence || e.licence === 'UNKNOWN' || e.licence === 'UNLICENSED')
      throw new Error(`notices: ${e.pkg.name}@${e.pkg.version} is bundled but declares no licence`);
  }
  const elk = entries.find((e) => e.pkg.name === 'elkjs');
  if (elk && outputsOf(elk).some((o) => o !== 'worker'))
    throw new Error(`notices: elkjs (EPL-2.0) is now bundled into ${outputsOf(elk).join(', ')}; review its notice`);

  const lines = [
    `kg-workbench ${version}: third-party notices`,
    '',
    'Written by `npm run build` (scripts/lib/notices.mjs) from the esbuild metafiles of each output; do not edit.',
    'kg-workbench itself is under the MIT License (LICENSE). The packages below are bundled into the outputs',
    'named and keep their own licences, whose texts follow.',
    '',
    'Outputs:',
    ...order.map((o) => `  ${o.padEnd(8)} ${OUTPUTS[o]}`),
    '',
    'Bundled packages (name version, licence, outputs):',
    ...entries.map((e) => `  ${e.pkg.name} ${e.pkg.version}, ${e.licence}, ${outputsOf(e).join(' ')}`),
  ];
  for (const e of entries) {
    const note = NOTES[e.pkg.name]?.(e.pkg, outputsOf(e));
    lines.push('', '='.repeat(100), `${e.pkg.name} ${e.pkg.version}`, `Licence: ${e.licence}`);
    lines.push(`Bundled into: ${outputsOf(e).join(', ')}`);
    const repo = repositoryOf(e.pkg);
    if (repo) lines.push(`Source: ${repo}`);
    if (note) lines.push('', note);
    if (e.texts.length === 0)
      lines.push('', `(The package ships no licence file; its package.json declares ${e.licence}.)`);
    for (const t of e.texts) lines.push('', `--- ${t.file} ---`, t.text);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/**
 * The Worker's packages: the same entry wrangler bundles (worker/index.ts), built by esbuild with the conditions
 * wrangler resolves for workerd, only for its metafile (nothing is written).
 */
export async function workerMetafile(root) {
  const result = await build({
    entryPoints: [path.join(root, 'worker', 'index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    external: ['cloudflare:*', 'node:*'],
    outdir: path.join(root, 'dist', 'worker-metafile'),
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  return result.metafile;
}

/** The layout worker's packages: it is built apart and inlined as a string (bundle-options.mjs layoutWorkerPlugin). */
export async function layoutWorkerMetafile(root) {
  const entry = path.join(root, 'components', 'graph-view', 'layout-worker.entry.ts');
  if (!existsSync(entry)) return { inputs: {}, outputs: {} };
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    tsconfig: path.join(root, 'tsconfig.client.json'),
    write: false,
    metafile: true,
    outdir: path.join(root, 'dist', 'layout-metafile'),
    logLevel: 'warning',
  });
  return result.metafile;
}
