// The Hono app: request limits, headers and access middleware, the API routes, typed errors for everything else.
// Static files (the demo and the component bundle) come from the assets binding through this app too
// (run_worker_first = true), so they carry the same security and CORS headers as the API.
import { Hono } from 'hono';
import { corsFromConfig, resolvePrincipal } from './lib/access';
import { toErrorResponse, type AppEnv } from './lib/http';
import { apiFallback } from './lib/method-not-allowed';
import { limitBodies, limitUrlLength } from './lib/request-limits';
import { securityHeaders } from './lib/security-headers';
import { cdnHeaders } from './lib/cdn-headers';
import { rateLimit } from './rate-limit/middleware';
import { documentRoutes } from './routes/documents';
import { imageRoutes } from './routes/images';
import { documentLayoutRoutes, layoutRoutes } from './routes/layout';
import { exportRoutes } from './routes/export';
import { insightRoutes } from './routes/insights';
import { commitRoutes } from './routes/commit';
import { queryRoutes } from './routes/query';
import { answerRoutes } from './routes/answers';
import { verifyRoutes } from './routes/verify';
import { questionRoutes } from './routes/questions';
import { factCheckRoutes } from './routes/fact-check';
import { candidateRoutes } from './routes/candidates';
import { overviewRoutes } from './routes/overview';
import { metaRoutes } from './routes/meta';
import { openApiRoutes } from './openapi/routes';
import { taskEventRoutes } from './routes/task-events';
import { taskRoutes } from './routes/tasks';
import { traceRoutes } from './routes/traces';
import { documentAccess, taskAccess } from './auth/document-access';
import { capabilityRoutes } from './routes/capabilities';
import { keyRoutes } from './routes/keys';
import { extensionOriginGate } from './middleware/extension-origins';

export function createApp() {
  const app = new Hono<AppEnv>();
  // Outermost first: headers wrap every answer (errors included), then limits, CORS, the caller, the body.
  // The CDN single file's caching and CORS win over the defaults below (worker/lib/cdn-headers.ts).
  app.use('/cdn/*', cdnHeaders());
  app.use(securityHeaders());
  // Browser-extension origins: only configured ones, only on the extract and task routes (seed-contracts §10.3).
  app.use(extensionOriginGate());
  app.use(limitUrlLength());
  app.use(corsFromConfig());
  app.use('/api/*', resolvePrincipal());
  app.use('/api/*', rateLimit());
  app.use('/api/*', limitBodies());
  // Every document and task route passes the document's access check (worker/auth/document-access.ts).
  app.use('/api/documents/:id/*', documentAccess(app));
  app.use('/api/traces/:id/*', documentAccess(app));
  app.use('/api/tasks/:taskId/*', taskAccess(app));
  app.route('/api/keys', keyRoutes);
  app.route('/api/documents', capabilityRoutes);
  app.route('/api', metaRoutes);
  app.route('/api', openApiRoutes);
  app.route('/api/documents/:id/layout', documentLayoutRoutes);
  app.route('/api/documents', documentRoutes);
  app.route('/api/documents', imageRoutes);
  app.route('/api/layout', layoutRoutes);
  app.route('/api/documents', exportRoutes);
  app.route('/api/documents', insightRoutes);
  app.route('/api/documents', commitRoutes);
  app.route('/api/documents', queryRoutes);
  app.route('/api/documents', answerRoutes);
  app.route('/api/documents', verifyRoutes);
  app.route('/api/documents', questionRoutes);
  app.route('/api/documents', factCheckRoutes);
  app.route('/api/documents', candidateRoutes);
  app.route('/api/documents', overviewRoutes);
  app.route('/api/traces', traceRoutes);
  app.route('/api/tasks', taskRoutes);
  app.route('/api/tasks', taskEventRoutes);
  app.all('/api/*', apiFallback(app));
  app.all('*', (c) => c.env.ASSETS.fetch(c.req.raw));
  app.onError((error, c) => toErrorResponse(c, error));
  return app;
}
