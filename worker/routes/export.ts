// GET /api/documents/:id/export?format=json|nodes.csv|edges.csv: the whole canonical graph as a download.
import { Hono } from 'hono';
import { KgError } from '../../core/errors';
import { EXPORT_FORMATS, isExportFormat } from '../../core/export/graph-export';
import type { AppEnv } from '../lib/http';
import { exportDocument } from '../services/export';

export const exportRoutes = new Hono<AppEnv>().get('/:id/export', async (c) => {
  const format = c.req.query('format') ?? 'json';
  if (!isExportFormat(format))
    throw new KgError('invalid_input', `format must be one of: ${EXPORT_FORMATS.join(', ')}.`);
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
