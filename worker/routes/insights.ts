// GET /api/documents/:id/insights?type=&minScore=&format=json|markdown&lang=en|zh
import { Hono } from 'hono';
import { KgError } from '../../core/errors';
import { INSIGHT_TYPES } from '../../core/insights';
import { langOf, type AppEnv } from '../lib/http';
import { getInsights, insightsMarkdown, isInsightType } from '../services/insights';

export const insightRoutes = new Hono<AppEnv>().get('/:id/insights', async (c) => {
  const type = c.req.query('type') || undefined;
  if (type !== undefined && !isInsightType(type))
    throw new KgError('invalid_input', `type must be one of: ${INSIGHT_TYPES.join(', ')}.`);
  const rawScore = c.req.query('minScore');
  let minScore: number | undefined;
  if (rawScore !== undefined && rawScore !== '') {
    minScore = /^\d*\.?\d+$/.test(rawScore.trim()) ? Number(rawScore) : NaN;
    if (!(minScore >= 0 && minScore <= 1))
      throw new KgError('invalid_input', 'minScore must be a number between 0 and 1.');
  }
  const format = c.req.query('format') || 'json';
  if (format !== 'json' && format !== 'markdown')
    throw new KgError('invalid_input', 'format must be json or markdown.');
  const langParam = c.req.query('lang');
  if (langParam !== undefined && langParam !== 'en' && langParam !== 'zh')
    throw new KgError('invalid_input', 'lang must be en or zh.');
  const lang = langParam ?? langOf(c);

  const answer = await getInsights(c.env, c.req.param('id'), { type, minScore, lang });
  if (format === 'markdown')
    return c.body(insightsMarkdown(answer, lang), 200, { 'content-type': 'text/markdown; charset=utf-8' });
  return c.json(answer);
});
