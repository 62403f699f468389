import { Hono } from 'hono';
import type { AppEnv } from '../lib/http';
import { listAnswerers, listModels } from '../services/models';

export const metaRoutes = new Hono<AppEnv>()
  .get('/health', (c) => c.json({ ok: true, version: c.env.KG_VERSION }))
  .get('/models', (c) => {
    const { models, warnings } = listModels(c.env);
    // Answerers (POST /answers) are listed apart: builtin:extractive answers offline and is never a model.
    const answerers = listAnswerers(c.env);
    return c.json(warnings.length ? { models, answerers, warnings } : { models, answerers });
  });
