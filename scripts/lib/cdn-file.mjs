// The CDN single file: the whole component in one minified ES module (no chunks: a page on any site loads one URL,
// and its Subresource Integrity hash covers all the code), served by the Worker under a versioned path with
// long-lived immutable caching (worker/middleware/cdn-headers/). The build writes it to public/cdn/ and its facts to
// dist/cdn.json; test/node/cdn-readme.test.ts checks that the README's snippet names this file and hash.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { cdnBundleOptions } from './bundle-options.mjs';

/** Where the file is served: /cdn/<version>/kg-workbench.js (relative to public/). */
export const cdnPath = (version) => `cdn/${version}/kg-workbench.js`;

/**
 * The licence header the file starts with (`/*!` survives minifiers): the project's licence, and where the notices of
 * the bundled third-party code are (the Worker serves public/THIRD_PARTY_NOTICES.txt at its root).
 */
export function cdnHeader(version, license) {
  return `/*! kg-workbench ${version} | ${license} License | Copyright (c) 2026 the kg-workbench contributors | bundled third-party code and its licences (lit BSD-3-Clause, d3-force ISC, ...): /THIRD_PARTY_NOTICES.txt */`;
}

export async function buildCdnFile(root, version, license) {
  const rel = cdnPath(version);
  const result = await build({
    ...cdnBundleOptions(root),
    banner: { js: cdnHeader(version, license) },
    outfile: path.join(root, 'public', rel),
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const contents = Buffer.from(result.outputFiles[0].contents);
  return {
    rel,
    contents,
    metafile: result.metafile,
    info: {
      version,
      path: `/${rel}`,
      integrity: `sha384-${createHash('sha384').update(contents).digest('base64')}`,
      bytes: contents.length,
      gzip: gzipSync(contents).length,
    },
  };
}

/** The README's CDN snippet for a deployed Worker at `origin` (the part between the cdn-snippet markers). */
export function cdnSnippet(info, origin = 'https://kg-workbench.example.workers.dev') {
  return [
    '```html',
    `<script type="module" src="${origin}${info.path}"`,
    `        integrity="${info.integrity}" crossorigin="anonymous"></script>`,
    `<kg-workbench api="${origin}" document-id="…"></kg-workbench>`,
    '```',
  ].join('\n');
}

export const SNIPPET_START = '<!-- cdn-snippet: written by `npm run readme:cdn` from dist/cdn.json; do not edit -->';
export const SNIPPET_END = '<!-- /cdn-snippet -->';
