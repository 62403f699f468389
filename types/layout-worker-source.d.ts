// The layout worker's bundled source (components/graph-view/layout-worker.entry.ts), inlined as a string by the
// esbuild plugin in scripts/lib/bundle-options.mjs.
declare module 'kg:layout-worker' {
  const source: string;
  export default source;
}
