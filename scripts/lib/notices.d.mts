/** THIRD_PARTY_NOTICES.txt (scripts/lib/notices.mjs). */
export const NOTICES_FILE: string;
export const OUTPUTS: Record<'browser' | 'cdn' | 'npm' | 'worker', string>;
export function bundledPackageDirs(root: string, metafile: { inputs: Record<string, unknown> }): Set<string>;
export function noticesText(
  root: string,
  version: string,
  bundles: Partial<Record<keyof typeof OUTPUTS, Array<{ inputs: Record<string, unknown> }>>>,
): Buffer;
export function workerMetafile(root: string): Promise<{ inputs: Record<string, unknown> }>;
export function layoutWorkerMetafile(root: string): Promise<{ inputs: Record<string, unknown> }>;
