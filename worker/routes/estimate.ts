// POST /api/estimate: what extracting a text would take (batches, calls, prompt size and tokens, answer tokens,
// cost), before any run; nothing is stored. An append's estimate is `dryRun` on POST /api/documents/:id/append.
import { Hono } from 'hono';
import { z } from 'zod';
import { assertInputText } from '../../core/text/well-formed';
import { readJson, type AppEnv } from '../lib/http';
import { MAX_DOCUMENT_BODY_BYTES } from '../lib/body-sizes';
import { ModelIdField, TitleField } from '../lib/request-fields';
import { estimateCreate } from '../services/estimate';

export const EstimateBody = z.strictObject({
  text: z.string(),
  title: TitleField,
  model: ModelIdField,
});

export const estimateRoutes = new Hono<AppEnv>().post('/estimate', async (c) => {
  const body = await readJson(c, EstimateBody, MAX_DOCUMENT_BODY_BYTES);
  assertInputText(body.text);
  return c.json(await estimateCreate(c.env, body));
});
