// The esbuild options of the component bundle, one home for the build (scripts/build.mjs) and the benchmark that
// weighs it (bench/ui-graph.bench.ts), so the figure printed is the size of what is served.
import path from 'node:path';
import { cssMinify } from './css-minify.mjs';

export function workbenchBundleOptions(root) {
  return {
    entryPoints: [path.join(root, 'components', 'kg-workbench.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    // Chinese strings as UTF-8 (3 bytes a character) rather than \uXXXX escapes (6): module scripts are always
    // decoded as UTF-8.
    charset: 'utf8',
    plugins: [cssMinify],
    // The client config sets useDefineForClassFields: false and experimentalDecorators, as Lit expects.
    tsconfig: path.join(root, 'tsconfig.client.json'),
  };
}
