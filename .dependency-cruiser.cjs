// Import boundaries of kg-workbench, checked in `npm test` (and `npm run lint:deps`). The layers, each importing
// only from those to its left:   core ← storage ← models ← durable-objects ← worker;   components → core only.
// See docs/ARCHITECTURE.md#the-layers.
const SERVER = '^(worker|storage|models|durable-objects)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-is-pure',
      comment:
        'core/ is pure TypeScript: it imports only core/ and the pure libraries zod, d3-force, elkjs and, for files in (core/files), htmlparser2, fflate and unpdf (pdf.js without a worker).',
      severity: 'error',
      from: { path: '^core/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^core/', '^node_modules/(zod|d3-force|elkjs|@types/d3-force|htmlparser2|fflate|unpdf)/'] },
    },
    {
      name: 'core-tests-stay-in-core',
      comment: 'Tests beside core/ code test core: they may use vitest and Node, never the server or the browser code.',
      severity: 'error',
      from: { path: '^core/.+\\.test\\.ts$' },
      to: { path: `${SERVER}|^components/` },
    },
    {
      name: 'components-use-no-server-code',
      comment: 'The browser bundle imports core/ only, never the Worker, the storage layer, models or Durable Objects.',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: SERVER },
    },
    {
      name: 'workbench-parts-take-the-context',
      comment:
        "Nothing in components/ imports the <kg-workbench> element (workbench.ts), not even its types, but the two entries that export it: its controllers, render helpers and handlers take the workbench context (workbench/context.ts) or the element's shell (workbench/shell.ts), and elements inside it consume the context.",
      severity: 'error',
      from: { path: '^components/', pathNot: '^components/(kg-workbench|elements)\\.ts$' },
      to: { path: '^components/workbench/workbench\\.ts$' },
    },
    {
      name: 'server-uses-no-components',
      comment: 'The server imports nothing from components/ (shared rules live in core/).',
      severity: 'error',
      from: { path: SERVER },
      to: { path: '^components/' },
    },
    {
      name: 'storage-is-below-models-objects-and-worker',
      severity: 'error',
      from: { path: '^storage/' },
      to: { path: '^(worker|models|durable-objects)/' },
    },
    {
      name: 'only-storage-imports-the-schema-and-drizzle',
      comment:
        'storage/ is the only code that knows tables: the other product folders read and write D1 through its functions, never through the drizzle schema or drizzle-orm itself.',
      severity: 'error',
      from: { path: '^(core|components|models|durable-objects|worker)/' },
      to: { path: ['^storage/schema\\.ts$', '^node_modules/drizzle-orm/'] },
    },
    {
      name: 'models-are-below-objects-and-worker',
      severity: 'error',
      from: { path: '^models/' },
      to: { path: '^(worker|durable-objects)/' },
    },
    {
      name: 'durable-objects-import-no-worker',
      severity: 'error',
      from: { path: '^durable-objects/' },
      to: { path: '^worker/' },
    },
    {
      name: 'worker-reaches-documents-through-the-client',
      comment:
        "worker/ talks to a document's Durable Object only through durable-objects/client.ts; it never imports the object's internals (the entry point re-exports the class for wrangler).",
      severity: 'error',
      from: { path: '^worker/', pathNot: '^worker/index\\.ts$' },
      to: {
        path: [
          '^durable-objects/(document-do|task-runner|task-store|after-commit|progress-feed)\\.ts$',
          '^durable-objects/insights/(index|hook|store)\\.ts$',
        ],
      },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycle anywhere in the product code, type-only imports included (tsPreCompilationDeps): a cycle is two modules that can only be understood together.',
      severity: 'error',
      from: { path: '^(core|components|storage|models|durable-objects|worker)/' },
      to: { circular: true },
    },
  ],
  options: {
    // Packages stay in the graph as leaves (not followed, not excluded): rules on packages (core-is-pure, the schema
    // and drizzle rule) can only see an import of a package that is in the graph.
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.worker.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
