// POST /api/documents/:id/query: bounded structured retrieval over the document's canonical graph (docs/contracts/graph-query.md).
// The body is validated by core/query's parser (zod-free, so the browser's static mode runs the very same
// checks); zod only checks here that it is a JSON object. Keys a client might send to substitute a graph
// (graph, text, sourceText, documentId) are accepted and ignored.
import { Hono } from 'hono';
import { z } from 'zod';
import { parseQueryRequest } from '../../core/query';
import { readJson, type AppEnv } from '../lib/http';
import { MAX_SMALL_BODY_BYTES } from '../lib/body-sizes';
import { queryDocumentGraph } from '../services/query';

const QueryBody = z.record(z.string(), z.unknown());

export const queryRoutes = new Hono<AppEnv>().post('/:id/query', async (c) => {
  const request = parseQueryRequest(await readJson(c, QueryBody, MAX_SMALL_BODY_BYTES));
  return c.json(await queryDocumentGraph(c.env, c.req.param('id'), request), 200, { 'cache-control': 'no-store' });
});
