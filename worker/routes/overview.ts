// The whole-document overview (GET, so read access: a read capability of an embedding page may use it):
//   GET /api/documents/:id/overview                          every node's id, type, section, x, y, degree and the
//                                                            relations (core/layout/overview-data.ts); ETag by revision
//   GET /api/documents/:id/overview/labels?revision=&ords=   label texts by ord (≤ 800)
//   GET /api/documents/:id/overview/nodes?revision=&ords=    the full nodes at those ords and the relations among them
import { Hono, type Context } from 'hono';
import { KgError } from '../../core/errors';
import { OVERVIEW_MAX_ORDS } from '../../core/layout/overview-data';
import { intQuery, type AppEnv } from '../lib/http';
import { getDocumentRow } from '../services/documents';
import { overviewEtag, readOverview, readOverviewLabels, readOverviewNodes } from '../services/overview';

/** `ords=3,17,18`: distinct whole numbers, at most OVERVIEW_MAX_ORDS. */
function ordsQuery(c: Context): number[] {
  const raw = c.req.query('ords') ?? '';
  if (!/^\d{1,9}(,\d{1,9})*$/.test(raw)) {
    throw new KgError('invalid_input', {
      en: 'ords must be a comma-separated list of whole numbers.',
      zh: 'ords 须为逗号分隔的非负整数。',
    });
  }
  const ords = [...new Set(raw.split(',').map(Number))];
  if (ords.length > OVERVIEW_MAX_ORDS) {
    throw new KgError('limit_exceeded', {
      en: `At most ${OVERVIEW_MAX_ORDS} ords.`,
      zh: `最多 ${OVERVIEW_MAX_ORDS} 个序号。`,
    });
  }
  return ords;
}

const revisionQuery = (c: Context) => intQuery(c, 'revision', -1, 0, Number.MAX_SAFE_INTEGER);

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
    return c.json(await readOverviewLabels(c.env, doc, revisionQuery(c), ordsQuery(c)));
  })
  .get('/:id/overview/nodes', async (c) => {
    const doc = await getDocumentRow(c.env, c.req.param('id'));
    return c.json(await readOverviewNodes(c.env, doc, revisionQuery(c), ordsQuery(c)));
  });
