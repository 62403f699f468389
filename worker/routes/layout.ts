// Layout routes: POST /api/layout lays out a graph the caller sends; GET /api/documents/:id/layout lays out a
// document's graph window. Both answer { width, height, nodes, edges } plus the revision, and say in
// X-KG-Layout-Cache whether the answer came from the cache.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { KgError } from '../../core/errors';
import { DEFAULT_DIRECTION } from '../../core/layout/layered';
import { GRAPH_VIEW_LIMIT } from '../../core/limits';
import { parseJsonText, parseWith, readJsonText, type AppEnv } from '../lib/http';
import { enumParam, intParam, parseQuery } from '../lib/query';
import type { CachedLayout } from '../../durable-objects/layout/cache';
import { LAYOUT_LIMITS } from '../services/layout/limits';
import { layoutDocumentWindow, layoutPostedGraph } from '../services/layout/service';

const DIRECTIONS = ['RIGHT', 'DOWN'] as const;
const Direction = z.enum(DIRECTIONS);

// Shapes only; sizes beyond the limits are `layout_too_large` (checked in the service), not malformed input.
const Box = z.number().positive().max(LAYOUT_LIMITS.boxSide);
const Id = z.string().min(1).max(LAYOUT_LIMITS.idChars);
export const LayoutBody = z.strictObject({
  nodes: z.array(
    z.strictObject({
      id: Id,
      width: Box.optional(),
      height: Box.optional(),
      label: z.string().optional(),
      type: z.string().max(40).optional(),
    }),
  ),
  edges: z.array(z.strictObject({ id: Id, source: Id, target: Id, label: z.string().optional() })),
  options: z.strictObject({ direction: Direction.optional() }).optional(),
});

function answer(c: Context, result: CachedLayout): Response {
  c.header('X-KG-Layout-Cache', result.cache);
  if (result.tier) c.header('X-KG-Layout-Cache-Tier', result.tier);
  return c.body(result.body, 200, { 'content-type': 'application/json; charset=utf-8' });
}

export const layoutRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const raw = await readBody(c);
  return answer(
    c,
    await layoutPostedGraph(c.env, raw, () => {
      const { options, ...graph } = parseWith(LayoutBody, parseJsonText(raw));
      return { graph, options: { direction: options?.direction ?? DEFAULT_DIRECTION } };
    }),
  );
});

/** The JSON body's text, bounded: beyond the byte limit the graph is `layout_too_large` (read as readJson reads). */
function readBody(c: Context): Promise<string> {
  return readJsonText(
    c,
    LAYOUT_LIMITS.bodyBytes,
    () => new KgError('layout_too_large', `The body exceeds ${LAYOUT_LIMITS.bodyBytes} bytes.`),
  );
}

export const DocumentLayoutQuery = z.object({
  algorithm: enumParam(['layered'], {
    fallback: 'layered',
    blankIsAbsent: false,
    message: (name) => `${name} must be layered (force, circle and radial layouts run in the browser).`,
  }),
  offset: intParam({ min: 0, fallback: 0 }),
  limit: intParam({ min: 1, max: GRAPH_VIEW_LIMIT, fallback: GRAPH_VIEW_LIMIT }),
  direction: enumParam(DIRECTIONS, {
    fallback: DEFAULT_DIRECTION,
    blankIsAbsent: false,
    normalize: (raw) => raw.toUpperCase(),
  }),
});

/** Mounted at /api/documents/:id/layout. */
export const documentLayoutRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { offset, limit, direction } = parseQuery(c, DocumentLayoutQuery);
  const documentId = c.req.param('id') ?? '';
  return answer(c, await layoutDocumentWindow(c.env, documentId, { offset, limit }, { direction }));
});
