import type { BuildOptions } from 'esbuild';

/** The esbuild options of the component bundle (scripts/lib/bundle-options.mjs). */
export function workbenchBundleOptions(root: string): BuildOptions;
