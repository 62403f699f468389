// GET /api/documents/:id/path?from=&to=: the shortest path between two nodes, over typed relations first and then
// through the concept layer's mentions (core/query/path.ts), with its nodes, relations, mentions and steps.
import { Hono } from 'hono';
import { z } from 'zod';
import { QUERY_LIMITS } from '../../core/query/limits';
import { parsePathRequest } from '../../core/query/path';
import type { AppEnv } from '../lib/http';
import { parseQuery, stringParam } from '../lib/query';
import { documentPath } from '../services/path';

export const PathQuery = z.object({
  from: stringParam({ maxChars: QUERY_LIMITS.idChars, description: 'The id of the node the path starts at.' }),
  to: stringParam({ maxChars: QUERY_LIMITS.idChars, description: 'The id of the node the path ends at.' }),
});

export const pathRoutes = new Hono<AppEnv>().get('/:id/path', async (c) => {
  const query = parseQuery(c, PathQuery);
  const { from, to } = parsePathRequest(query.from, query.to);
  return c.json(await documentPath(c.env, c.req.param('id'), from, to), 200, { 'cache-control': 'no-store' });
});
