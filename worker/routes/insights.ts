// GET /api/documents/:id/insights?type=&minScore=&format=json|markdown&lang=en|zh
import { Hono } from 'hono';
import { z } from 'zod';
import { INSIGHT_TYPES } from '../../core/insights';
import { langOf, type AppEnv } from '../lib/http';
import { enumParam, numberParam, parseQuery } from '../lib/query';
import { getInsights, insightsMarkdown } from '../services/insights';

export const InsightsQuery = z.object({
  type: enumParam(INSIGHT_TYPES),
  minScore: numberParam({ min: 0, max: 1 }),
  format: enumParam(['json', 'markdown'], { fallback: 'json', description: 'markdown: text/markdown for agents.' }),
  lang: enumParam(['en', 'zh'], { blankIsAbsent: false }),
});

export const insightRoutes = new Hono<AppEnv>().get('/:id/insights', async (c) => {
  const { type, minScore, format, lang: langParam } = parseQuery(c, InsightsQuery);
  const lang = langParam ?? langOf(c);

  const answer = await getInsights(c.env, c.req.param('id'), { type, minScore, lang });
  if (format === 'markdown')
    return c.body(insightsMarkdown(answer, lang), 200, { 'content-type': 'text/markdown; charset=utf-8' });
  return c.json(answer);
});
