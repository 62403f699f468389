/** The CDN single file (scripts/lib/cdn-file.mjs). */
export interface CdnInfo {
  version?: string;
  path: string;
  integrity: string;
  bytes?: number;
  gzip?: number;
}
export function cdnPath(version: string): string;
export function cdnHeader(version: string, license: string): string;
export function buildCdnFile(
  root: string,
  version: string,
  license: string,
): Promise<{ rel: string; contents: Buffer; metafile: unknown; info: Required<CdnInfo> }>;
export function cdnSnippet(info: Pick<CdnInfo, 'path' | 'integrity'>, origin?: string): string;
export const SNIPPET_START: string;
export const SNIPPET_END: string;
