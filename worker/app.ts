// The Hono app: middleware, API routes, typed errors for everything else. Static files (demo, component bundle) come
// from the assets binding through this app too (run_worker_first), so they get the API's security and CORS headers.
import { Hono } from 'hono';
import { toErrorResponse, type AppEnv } from './lib/http';
import { limitBodies } from './middleware/body-limits';
import { guardBodyStream } from './middleware/body-stream';
import { cdnHeaders, PUBLIC_CODE_PATHS, publicCodeHeaders } from './middleware/cdn-headers';
import { corsFromConfig } from './middleware/cors';
import { extensionOriginGate } from './middleware/extension-origins';
import { apiFallback } from './middleware/method-not-allowed';
import { resolvePrincipal } from './middleware/principal';
import { rateLimit } from './middleware/rate-limit';
import { securityHeaders } from './middleware/security-headers';
import { limitUrlLength } from './middleware/url-length';
import { documentRoutes } from './routes/documents';
import { imageRoutes } from './routes/images';
import { documentLayoutRoutes, layoutRoutes } from './routes/layout';
import { exportRoutes } from './routes/export';
import { insightRoutes } from './routes/insights';
import { commitRoutes } from './routes/commit';
import { queryRoutes } from './routes/query';
import { pathRoutes } from './routes/path';
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
import { mcpRoutes } from './routes/mcp';

export function createApp() {
  const app = new Hono<AppEnv>();
  // The request path, outermost first (worker/middleware/): each step wraps the later ones, so every answer, refusals
  // and errors included, passes back out through the earlier ones. Headers go on every answer (the public code's CORS
  // and CORP, and the CDN file's caching, last, so they win); extension origins are gated before CORS; a long URL is refused before anything reads
  // it; preflights are answered before a key is asked for; the caller is known before it is counted (a keyed caller by
  // its key); only callers let through may send a body (one that breaks off is the client's 400); then document access
  // and the route.
  app.use('/cdn/*', cdnHeaders());
  for (const path of PUBLIC_CODE_PATHS) app.use(path, publicCodeHeaders());
  app.use(securityHeaders());
  app.use(extensionOriginGate());
  app.use(limitUrlLength());
  app.use(corsFromConfig());
  app.use('/api/*', resolvePrincipal());
  app.use('/mcp', resolvePrincipal());
  app.use('/api/*', rateLimit());
  app.use('/api/*', guardBodyStream());
  app.use('/api/*', limitBodies());
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
  app.route('/api/documents', pathRoutes);
  app.route('/api/documents', answerRoutes);
  app.route('/api/documents', verifyRoutes);
  app.route('/api/documents', questionRoutes);
  app.route('/api/documents', factCheckRoutes);
  app.route('/api/documents', candidateRoutes);
  app.route('/api/documents', overviewRoutes);
  app.route('/api/traces', traceRoutes);
  app.route('/api/tasks', taskRoutes);
  app.route('/api/tasks', taskEventRoutes);
  app.route('/mcp', mcpRoutes(app));
  app.all('/api/*', apiFallback(app));
  app.all('*', (c) => c.env.ASSETS.fetch(c.req.raw));
  app.onError((error, c) => toErrorResponse(c, error));
  return app;
}
