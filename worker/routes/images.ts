// Images of a document made from images: its visual source, and each original image (read access; never cached,
// since a capability may be revoked and the bytes are the user's own).
import { Hono } from 'hono';
import type { AppEnv } from '../lib/http';
import { readImage, readVisualSource } from '../services/image-documents';

export const imageRoutes = new Hono<AppEnv>()
  .get('/:id/images', async (c) =>
    c.json(await readVisualSource(c.env, c.req.param('id')), 200, { 'cache-control': 'no-store' }),
  )
  .get('/:id/images/:imageId', async (c) => {
    const { image, bytes } = await readImage(c.env, c.req.param('id'), c.req.param('imageId'));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': image.attachment.mediaType,
      'cache-control': 'no-store',
      pragma: 'no-cache',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    });
  });
