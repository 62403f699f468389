import { Hono } from 'hono';
import type { AppEnv } from '../lib/http';
import { cancelTask, getTask } from '../services/tasks';

export const taskRoutes = new Hono<AppEnv>()
  .get('/:taskId', async (c) => c.json(await getTask(c.env, c.req.param('taskId'))))
  .post('/:taskId/cancel', async (c) => c.json(await cancelTask(c.env, c.req.param('taskId'))));
