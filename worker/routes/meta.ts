import { Hono } from 'hono';
import type { AppEnv } from '../lib/http';
import { listModels } from '../services/models';

export const metaRoutes = new Hono<AppEnv>()
  .get('/health', (c) => c.json({ ok: true, version: c.env.KG_VERSION }))
  .get('/models', (c) => {
    const { models, warnings } = listModels(c.env);
    return c.json(warnings.length ? { models, warnings } : { models });
  });
