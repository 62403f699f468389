// The static graph file's JSON Schema, from its zod schema (core/export/graph-export-schema.ts, composed of the
// graph's schemas in core/schema) with zod 4's z.toJSONSchema: the TypeScript module is bundled by esbuild into the
// build's scratch folder and run there, so the schema shipped is what the code validates with.
import { build } from 'esbuild';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export async function graphJsonSchema(root, staging) {
  const outfile = path.join(staging, 'graph-export-schema.mjs');
  await build({
    entryPoints: [path.join(root, 'core', 'export', 'graph-export-schema.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'warning',
  });
  const { graphExportJsonSchema } = await import(pathToFileURL(outfile).href);
  return Buffer.from(`${JSON.stringify(graphExportJsonSchema(), null, 2)}\n`);
}
