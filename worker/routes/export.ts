// GET /api/documents/:id/export?format=json|nodes.csv|edges.csv: the whole canonical graph as a download.
import { Hono } from 'hono';
import { z } from 'zod';
import { EXPORT_FORMATS } from '../../core/export/graph-export';
import type { AppEnv } from '../lib/http';
import { enumParam, parseQuery } from '../lib/query';
import { exportDocument } from '../services/export';

export const ExportQuery = z.object({ format: enumParam(EXPORT_FORMATS, { fallback: 'json', blankIsAbsent: false }) });

export const exportRoutes = new Hono<AppEnv>().get('/:id/export', async (c) => {
  const { format } = parseQuery(c, ExportQuery);
  const file = await exportDocument(c.env, c.req.param('id'), format);
  return c.body(file.body, 200, {
    'content-type': file.contentType,
    'content-disposition': contentDisposition(file.fileName),
  });
});

/** ASCII fallback plus the RFC 5987 UTF-8 name, so Chinese titles survive. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]+/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
