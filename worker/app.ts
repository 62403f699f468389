// The Hono app: access middleware, the API routes, typed errors for everything else. Static files (the demo and
// the component bundle) are served by the assets binding before the Worker runs, except under /api/*.
import { Hono } from 'hono';
import { KgError } from '../core/errors';
import { bearerAuth, corsFromConfig } from './lib/access';
import { errorResponse, toErrorResponse, type AppEnv } from './lib/http';
import { documentRoutes } from './routes/documents';
import { documentLayoutRoutes, layoutRoutes } from './routes/layout';
import { exportRoutes } from './routes/export';
import { insightRoutes } from './routes/insights';
import { metaRoutes } from './routes/meta';
import { taskRoutes } from './routes/tasks';

export function createApp() {
  const app = new Hono<AppEnv>();
  app.use('/api/*', corsFromConfig());
  app.use('/api/*', bearerAuth());
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
  });
  app.route('/api', metaRoutes);
  app.route('/api/documents/:id/layout', documentLayoutRoutes);
  app.route('/api/documents', documentRoutes);
  app.route('/api/layout', layoutRoutes);
  app.route('/api/documents', exportRoutes);
  app.route('/api/documents', insightRoutes);
  app.route('/api/tasks', taskRoutes);
  app.all('/api/*', (c) => errorResponse(c, new KgError('not_found', `No route for ${c.req.method} ${c.req.path}.`)));
  app.all('*', (c) => c.env.ASSETS.fetch(c.req.raw));
  app.onError((error, c) => toErrorResponse(c, error));
  return app;
}
