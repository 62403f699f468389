// /api/traces: an agent's execution trace becomes a document (worker/services/traces.ts). Thin handlers. An event
// whose text has nothing visible counts as empty (core/trace/events.ts), like every text (core/text/well-formed.ts).
import { Hono } from 'hono';
import { z } from 'zod';
import { TraceEventsInput } from '../../core/trace';
import { creatorOf } from '../auth/document-credentials';
import { assertMayCreateDocuments } from '../auth/document-creation';
import { readJson, type AppEnv } from '../lib/http';
import { ModelIdField, TitleField } from '../lib/request-fields';
import { MAX_TRACE_BODY_BYTES } from '../lib/body-sizes';
import { appendTraceEvents, createTrace, readTraceEvents } from '../services/traces';

/** A trace file's content as read (traceEventsFromFile tells its format from the content; the name is for the title). */
const TraceFileField = z.strictObject({ name: z.string().max(300).optional(), text: z.string().min(1) });

export const CreateBody = z
  .strictObject({
    title: TitleField,
    events: TraceEventsInput.optional(),
    file: TraceFileField.optional(),
    model: ModelIdField,
  })
  .refine((b) => (b.events === undefined) !== (b.file === undefined), {
    message: 'Send either events or a trace file, not both.',
    path: ['events'],
  });

export const AppendBody = z.strictObject({
  events: TraceEventsInput,
  /** Refuse with 409 revision_conflict unless the trace is still at this revision. */
  expectedRevision: z.number().int().nonnegative().optional(),
  model: ModelIdField,
});

export const traceRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    assertMayCreateDocuments(c);
    const principal = c.get('principal');
    const body = await readJson(c, CreateBody, MAX_TRACE_BODY_BYTES);
    return c.json(await createTrace(c.env, body, creatorOf(principal)), 202);
  })
  .post('/:id/events', async (c) => {
    const body = await readJson(c, AppendBody, MAX_TRACE_BODY_BYTES);
    return c.json(await appendTraceEvents(c.env, c.req.param('id'), body), 202);
  })
  .get('/:id/events', async (c) => c.json(await readTraceEvents(c.env, c.req.param('id'))));
