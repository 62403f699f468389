// The npm package `kg-workbench` (dist/npm/; the repository's own package.json stays the development project):
//   kg-workbench.js   the `.` entry: defines <kg-workbench> and its inner elements on import
//   elements.js       the `./elements` entry: the element classes and defineElements(), registering nothing
//   chunks/           code both entries share, and lazily loaded parts (import() relative to the module)
//   kg-workbench.d.ts the public types (components/public-api.d.ts, held to the real classes by tsc)
//   custom-elements.json, graph.schema.json (the static graph file), README.md, CHANGELOG.md, LICENSE (MIT), and
//   THIRD_PARTY_NOTICES.txt (the bundled packages' licences: scripts/lib/notices.mjs, added by scripts/build.mjs)
//   node/             the same two entries built for Node (lit's `node` export condition: its DOM shim), chosen by
//                     the `node` condition of `exports`, so a docs site built in Node (VitePress, Astro, Docusaurus)
//                     can import either entry while it renders pages: nothing touches a DOM until an element is used
// Everything is bundled (lit, d3-force included): the package has no dependencies.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHUNK_DIR, ENTRY_NAME, npmBundleOptions } from './bundle-options.mjs';
import { NOTICES_FILE } from './notices.mjs';

/** The Node builds of the two entries (and their chunks). */
const NODE_DIR = 'node';

/** The tags and events the package's types add to the DOM's global maps (components/public-api.d.ts has the types). */
const GLOBALS = `
declare global {
  interface HTMLElementTagNameMap {
    'kg-workbench': KgWorkbench;
    'kg-graph-view': KgGraphView;
    'kg-insights-panel': KgInsightsPanel;
  }
  interface HTMLElementEventMap {
    'kg-node-select': KgNodeSelectEvent;
    'kg-unit-select': KgUnitSelectEvent;
    'kg-error': KgErrorEvent;
  }
}
`;

/** The package's files (path relative to the package folder → contents) and the metafiles of its builds. */
export async function npmPackageFiles(root, { manifest, graphSchema, outdir }) {
  const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const result = await build({
    ...npmBundleOptions(root),
    sourcemap: 'linked',
    outdir,
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const forNode = await build({
    ...npmBundleOptions(root),
    // 'neutral' drops esbuild's implied `browser` condition, which would pick lit's browser build again.
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['node'],
    sourcemap: false,
    outdir: path.join(outdir, NODE_DIR),
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const files = new Map();
  for (const f of [...result.outputFiles, ...forNode.outputFiles])
    files.set(path.relative(outdir, f.path).split(path.sep).join('/'), Buffer.from(f.contents));

  const api = readFileSync(path.join(root, 'components', 'public-api.d.ts'), 'utf8').replace(/^(\/\/.*\n)+/, '');
  files.set(
    `${ENTRY_NAME}.d.ts`,
    `// Types of kg-workbench ${rootPkg.version}: the \`kg-workbench\` and \`kg-workbench/elements\` entries.\n${api}${GLOBALS}`,
  );
  files.set('custom-elements.json', manifest);
  files.set('graph.schema.json', graphSchema);
  files.set('README.md', readFileSync(path.join(root, 'docs', 'npm-package.md')));
  files.set('CHANGELOG.md', readFileSync(path.join(root, 'CHANGELOG.md')));
  files.set('LICENSE', readFileSync(path.join(root, 'LICENSE')));
  const types = `./${ENTRY_NAME}.d.ts`;
  const pkg = {
    name: 'kg-workbench',
    version: rootPkg.version,
    description: rootPkg.description,
    type: 'module',
    main: `./${ENTRY_NAME}.js`,
    module: `./${ENTRY_NAME}.js`,
    types,
    exports: {
      // `browser` before `node`: a bundler building for the browser (which may also set `node`, as Vite's SSR
      // build of a page's client part does not) gets the browser build; Node alone gets node/.
      '.': {
        types,
        browser: `./${ENTRY_NAME}.js`,
        node: `./${NODE_DIR}/${ENTRY_NAME}.js`,
        default: `./${ENTRY_NAME}.js`,
      },
      './elements': { types, browser: './elements.js', node: `./${NODE_DIR}/elements.js`, default: './elements.js' },
      './custom-elements.json': './custom-elements.json',
      './graph.schema.json': './graph.schema.json',
      './package.json': './package.json',
    },
    customElements: 'custom-elements.json',
    // README.md and package.json are always packed.
    files: [
      `${ENTRY_NAME}.js`,
      'elements.js',
      '*.js.map',
      `${CHUNK_DIR}/`,
      `${NODE_DIR}/`,
      `${ENTRY_NAME}.d.ts`,
      'custom-elements.json',
      'graph.schema.json',
      'CHANGELOG.md',
      NOTICES_FILE,
    ],
    keywords: ['knowledge-graph', 'web-components', 'custom-elements', 'lit'],
    license: rootPkg.license,
  };
  if (!rootPkg.license) throw new Error('package.json has no license field: the npm package must name its licence');
  files.set('package.json', Buffer.from(`${JSON.stringify(pkg, null, 2)}\n`));
  return { files, metafiles: [result.metafile, forNode.metafile] };
}
