// Layout routes: POST /api/layout lays out a graph the caller sends; GET /api/documents/:id/layout lays out a
// document's graph window. Both answer { width, height, nodes, edges } plus the revision, and say in
// X-KG-Layout-Cache whether the answer came from the cache.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { isKgError, KgError } from '../../core/errors';
import { intQuery, readJson, type AppEnv } from '../lib/http';
import type { CachedLayout } from '../services/layout/cache';
import { LAYOUT_LIMITS } from '../services/layout/limits';
import { layoutDocumentWindow, layoutGraph, type LayoutRequestOptions } from '../services/layout/service';

const WINDOW_LIMIT = 800;
const Direction = z.enum(['RIGHT', 'DOWN']);

// Shapes only; sizes beyond the limits are `layout_too_large` (checked in the service), not malformed input.
const Box = z.number().positive().max(LAYOUT_LIMITS.boxSide);
const Id = z.string().min(1).max(LAYOUT_LIMITS.idChars);
const LayoutBody = z.strictObject({
  nodes: z.array(z.strictObject({ id: Id, width: Box.optional(), height: Box.optional(), label: z.string().optional(), type: z.string().max(40).optional() })),
  edges: z.array(z.strictObject({ id: Id, source: Id, target: Id, label: z.string().optional() })),
  options: z.strictObject({ direction: Direction.optional() }).optional(),
});

function answer(c: Context, result: CachedLayout): Response {
  c.header('X-KG-Layout-Cache', result.cache);
  if (result.tier) c.header('X-KG-Layout-Cache-Tier', result.tier);
  return c.body(result.body, 200, { 'content-type': 'application/json; charset=utf-8' });
}

function directionQuery(c: Context): LayoutRequestOptions['direction'] {
  const raw = c.req.query('direction') ?? 'RIGHT';
  const parsed = Direction.safeParse(raw.toUpperCase());
  if (!parsed.success) throw new KgError('invalid_input', 'direction must be RIGHT or DOWN.');
  return parsed.data;
}

export const layoutRoutes = new Hono<AppEnv>().post('/', async (c) => {
  let body: z.infer<typeof LayoutBody>;
  try {
    body = await readJson(c, LayoutBody, LAYOUT_LIMITS.bodyBytes);
  } catch (error) {
    if (isKgError(error) && error.code === 'input_too_large') throw new KgError('layout_too_large', error.detail);
    throw error;
  }
  const { options, ...graph } = body;
  return answer(c, await layoutGraph(graph, { direction: options?.direction ?? 'RIGHT' }));
});

/** Mounted at /api/documents/:id/layout. */
export const documentLayoutRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const algorithm = c.req.query('algorithm') ?? 'layered';
  if (algorithm !== 'layered') {
    throw new KgError('invalid_input', 'algorithm must be layered (force, circle and radial layouts run in the browser).');
  }
  const offset = intQuery(c, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  const limit = intQuery(c, 'limit', WINDOW_LIMIT, 1, WINDOW_LIMIT);
  const documentId = c.req.param('id') ?? '';
  return answer(c, await layoutDocumentWindow(c.env, documentId, { offset, limit }, { direction: directionQuery(c) }));
});
