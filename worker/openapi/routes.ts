// GET /api/openapi.json (the OpenAPI 3.1 description), GET /api/docs (the reference page) and its stylesheet.
import { Hono } from 'hono';
import type { AppEnv } from '../lib/http';
import { DOCS_CSS, renderDocsPage } from './docs-page';
import { openApiDocument } from './spec';

let page: { version: string; html: string } | undefined;

export const openApiRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) => c.json(openApiDocument(c.env.KG_VERSION, new URL(c.req.url).origin)))
  .get('/docs', (c) => {
    if (page?.version !== c.env.KG_VERSION)
      page = { version: c.env.KG_VERSION, html: renderDocsPage(openApiDocument(c.env.KG_VERSION)) };
    return c.html(page.html);
  })
  .get('/docs/style.css', (c) => c.body(DOCS_CSS, 200, { 'content-type': 'text/css; charset=utf-8' }));
