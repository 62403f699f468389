// The whole-document overview (GET, so read access: a read capability of an embedding page may use it):
//   GET /api/documents/:id/overview                          every node's id, type, section, x, y, degree and the
//                                                            relations (core/layout/overview-data.ts); ETag by revision
//   GET /api/documents/:id/overview/labels?revision=&ords=   label texts by ord (≤ 800)
//   GET /api/documents/:id/overview/nodes?revision=&ords=    the full nodes at those ords and the relations among them
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { KgError } from '../../core/errors';
import { OVERVIEW_MAX_ORDS } from '../../core/layout/overview-data';
import type { AppEnv } from '../lib/http';
import { intParam, parseQuery, queryParam, refuse } from '../lib/query';
import { getDocumentRow } from '../services/documents';
import { overviewEtag, readOverview, readOverviewLabels, readOverviewNodes } from '../services/overview';

const ORDS = /^\d{1,9}(,\d{1,9})*$/;

/** `ords=3,17,18`: distinct whole numbers, at most OVERVIEW_MAX_ORDS. */
const ordsParam = queryParam(
  z.string().regex(ORDS).describe(`Comma-separated node ords (canonical order), at most ${OVERVIEW_MAX_ORDS}.`),
  (raw) => {
    if (!ORDS.test(raw ?? ''))
      return refuse(
        () =>
          new KgError('invalid_input', {
            en: 'ords must be a comma-separated list of whole numbers.',
            zh: 'ords 须为逗号分隔的非负整数。',
          }),
      );
    const ords = [...new Set(raw!.split(',').map(Number))];
    if (ords.length > OVERVIEW_MAX_ORDS)
      return refuse(
        () =>
          new KgError('limit_exceeded', {
            en: `At most ${OVERVIEW_MAX_ORDS} ords.`,
            zh: `最多 ${OVERVIEW_MAX_ORDS} 个序号。`,
          }),
      );
    return ords;
  },
);

export const ByOrdsQuery = z.object({
  revision: intParam({ min: 0, description: 'The revision of the overview the ords came from.' }),
  ords: ordsParam,
});

/** The revision and ords asked for; a request without the revision cannot match the current one (409). */
function byOrds(c: Context) {
  const { revision, ords } = parseQuery(c, ByOrdsQuery);
  return [revision ?? -1, ords] as const;
}

export const overviewRoutes = new Hono<AppEnv>()
  .get('/:id/overview', async (c) => {
    const doc = await getDocumentRow(c.env, c.req.param('id'));
    const etag = overviewEtag(doc);
    // API answers are never stored by shared caches (security-headers.ts sets no-store); a client that keeps the
    // overview revalidates it with If-None-Match and gets 304 while the revision stands.
    const headers = { etag };
    if ((c.req.header('if-none-match') ?? '').split(/\s*,\s*/).includes(etag)) return c.body(null, 304, headers);
    const result = await readOverview(c.env, doc);
    return c.body(result.body, 200, {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'x-kg-overview-cache': result.cache,
    });
  })
  .get('/:id/overview/labels', async (c) => {
    const doc = await getDocumentRow(c.env, c.req.param('id'));
    return c.json(await readOverviewLabels(c.env, doc, ...byOrds(c)));
  })
  .get('/:id/overview/nodes', async (c) => {
    const doc = await getDocumentRow(c.env, c.req.param('id'));
    return c.json(await readOverviewNodes(c.env, doc, ...byOrds(c)));
  });
