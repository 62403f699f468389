// export DOC --format json|csv|nodes.csv|edges.csv|mentions.csv|graphml|cytoscape.json|cypher|png [--out FILE]: GET /api/documents/:id/export, the whole graph.
import { writeFileSync } from 'node:fs';
import { enc } from '../lib/client.mjs';
import { oneOf } from '../lib/options.mjs';
import { renderPng } from '../lib/png.mjs';
import { requireDoc, tokenFor, userPath } from './shared.mjs';

const FORMATS = ['json', 'csv', 'nodes.csv', 'edges.csv', 'mentions.csv', 'graphml', 'cytoscape.json', 'cypher', 'png'];

async function download(ctx, id, format) {
  const res = await ctx.client.request('GET', `/api/documents/${enc(id)}/export?format=${enc(format)}`, {
    token: tokenFor(ctx, id),
    raw: true,
  });
  return Buffer.from(await res.arrayBuffer());
}

function written(id, format, files) {
  return {
    json: { documentId: id, format, files: files.map(([path, bytes]) => ({ path, bytes: bytes.length })) },
    output: files.map(([path, bytes]) => `wrote ${path} (${bytes.length} bytes)\n`).join(''),
  };
}

export async function exportGraph(ctx) {
  const id = requireDoc(ctx.args[0]);
  const format = oneOf(ctx.values, 'format', FORMATS, 'json');
  const out = ctx.values.out;
  if (format === 'csv') {
    const prefix = out ?? id;
    const files = [];
    for (const part of ['nodes', 'edges']) {
      const bytes = await download(ctx, id, `${part}.csv`);
      writeFileSync(userPath(ctx, `${prefix}.${part}.csv`), bytes);
      files.push([`${prefix}.${part}.csv`, bytes]);
    }
    return written(id, format, files);
  }
  if (format === 'png') {
    const file = out ?? `${id}.png`;
    const bytes = await renderPng(ctx, id, tokenFor(ctx, id));
    writeFileSync(userPath(ctx, file), bytes);
    return written(id, format, [[file, bytes]]);
  }
  const bytes = await download(ctx, id, format);
  if (!out) return { raw: bytes };
  writeFileSync(userPath(ctx, out), bytes);
  return written(id, format, [[out, bytes]]);
}
