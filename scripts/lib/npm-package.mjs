// The npm package `kg-workbench` (dist/npm/; the repository's own package.json stays the development project):
//   kg-workbench.js   the `.` entry: defines <kg-workbench> and its inner elements on import
//   elements.js       the `./elements` entry: the element classes and defineElements(), registering nothing
//   chunks/           code both entries share, and lazily loaded parts (import() relative to the module)
//   kg-workbench.d.ts the public types (components/public-api.d.ts, held to the real classes by tsc)
//   custom-elements.json, graph.schema.json (the static graph file), README.md, CHANGELOG.md
// Everything is bundled (lit, d3-force included): the package has no dependencies.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHUNK_DIR, ENTRY_NAME, npmBundleOptions } from './bundle-options.mjs';

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

/** The package's files (path relative to the package folder → contents). */
export async function npmPackageFiles(root, { manifest, graphSchema, outdir }) {
  const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const result = await build({
    ...npmBundleOptions(root),
    sourcemap: 'linked',
    outdir,
    write: false,
    logLevel: 'warning',
  });
  const files = new Map();
  for (const f of result.outputFiles)
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
      '.': { types, default: `./${ENTRY_NAME}.js` },
      './elements': { types, default: './elements.js' },
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
      `${ENTRY_NAME}.d.ts`,
      'custom-elements.json',
      'graph.schema.json',
      'CHANGELOG.md',
    ],
    keywords: ['knowledge-graph', 'web-components', 'custom-elements', 'lit'],
    license: rootPkg.license ?? 'UNLICENSED',
  };
  files.set('package.json', Buffer.from(`${JSON.stringify(pkg, null, 2)}\n`));
  return files;
}
