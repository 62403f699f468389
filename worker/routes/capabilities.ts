// Read capabilities for embedding one document (README "Access"). Mounted at /api/documents; the document access
// middleware has already required write access to the document (its owner's key, an admin key, or in open mode
// the document's write capability), so a read capability can never mint or rotate.
import { Hono } from 'hono';
import { z } from 'zod';
import { readJson, type AppEnv } from '../lib/http';
import { CAPABILITY_TTL, issueReadCapability, rotateCapabilities } from '../auth/capability-issuer';

export const IssueBody = z.strictObject({
  scope: z.literal('read'),
  revision: z.number().int().nonnegative().optional(),
  ttlSeconds: z.number().int().min(CAPABILITY_TTL.min).max(CAPABILITY_TTL.max).optional(),
});

export const capabilityRoutes = new Hono<AppEnv>()
  .post('/:id/capabilities', async (c) => {
    const body = await readJson(c, IssueBody, 4096);
    const issued = await issueReadCapability(c.env, c.req.param('id'), {
      revision: body.revision,
      ttlSeconds: body.ttlSeconds ?? CAPABILITY_TTL.default,
    });
    return c.json(issued, 201);
  })
  .post('/:id/capabilities/rotate', async (c) => c.json(await rotateCapabilities(c.env, c.req.param('id'))));
