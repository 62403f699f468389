// GET /api/tasks/:taskId/events: the task's progress pushed over a WebSocket by the document's Durable Object
// (durable-objects/progress-feed.ts). Access was checked by the /api middleware (the token may come as a
// subprotocol, worker/lib/feed-token.ts); here the task must exist before anything is upgraded.
import { Hono } from 'hono';
import { KgError } from '../../core/errors';
import { documentObject } from '../../durable-objects/client';
import { errorResponse, type AppEnv } from '../lib/http';
import { documentOfTask } from '../services/tasks';

export const taskEventRoutes = new Hono<AppEnv>().get('/:taskId/events', async (c) => {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
    const refused = errorResponse(c, new KgError('upgrade_required', 'Send Upgrade: websocket (subprotocol kg.v1).'));
    refused.headers.set('Upgrade', 'websocket');
    return refused;
  }
  const taskId = c.req.param('taskId');
  const documentId = await documentOfTask(c.env, taskId);
  return documentObject(c.env, documentId).taskEvents(c.req.raw);
});
