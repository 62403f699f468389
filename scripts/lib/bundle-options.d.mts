import type { BuildOptions, Metafile, OutputFile } from 'esbuild';

export const ENTRY_NAME: string;
export const CHUNK_DIR: string;
/** The served, code-split build of the component (scripts/lib/bundle-options.mjs); pass `outdir`. */
export function workbenchBundleOptions(root: string): BuildOptions;
/** The npm package's build: entries kg-workbench (defines) and elements (does not) over shared chunks; pass `outdir`. */
export function npmBundleOptions(root: string): BuildOptions;
/** The CDN single file (no splitting); pass `outfile`. */
export function cdnBundleOptions(root: string): BuildOptions;

export interface WeighedFile {
  file: string;
  bytes: number;
  gzip: number;
  inputs: Record<string, { bytesInOutput: number }>;
}
/** The entry and its static imports (what a page loads first) and the lazy chunks, paths relative to outdir. */
export function weighSplitBuild(
  metafile: Metafile,
  outputFiles: OutputFile[],
  outdir: string,
): { entry: string; firstLoad: WeighedFile[]; lazy: WeighedFile[]; firstLoadBytes: number; firstLoadGzip: number };
/** The esbuild plugin resolving `kg:layout-worker` to the layout worker's bundle, inlined as a string. */
export function layoutWorkerPlugin(root: string): import('esbuild').Plugin;
