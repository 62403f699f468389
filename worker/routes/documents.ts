// /api/documents: thin handlers; validation here, work in the services.
import { Hono } from 'hono';
import { z } from 'zod';
import { KgError } from '../../core/errors';
import { GRAPH_VIEW_LIMIT, MAX_QUERY_CHARS, SECTION_ID_PATTERN } from '../../core/limits';
import { assertInputText } from '../../core/text/well-formed';
import { readJson, type AppEnv } from '../lib/http';
import { isMultipart, imageJsonRequest, readImageForm, readMultipartForm } from '../lib/image-body';
import { readFileForm, sendsFile } from '../lib/file-body';
import { createFileDocument } from '../services/file-documents';
import { enumParam, intParam, parseQuery, stringParam } from '../lib/query';
import { ModelIdField, TitleField } from '../lib/request-fields';
import { MAX_CREATE_BODY_BYTES, MAX_DOCUMENT_BODY_BYTES } from '../lib/body-sizes';
import { createImageDocument } from '../services/image-documents';
import {
  appendToDocument,
  createDocument,
  deleteDocument,
  getDocument,
  getDocumentRow,
  restoreDocument,
} from '../services/documents';
import { creatorOf } from '../auth/document-credentials';
import { listVisibleDocuments } from '../auth/document-listing';
import { HELD_CAPABILITIES_HEADER } from '../auth/held-documents';
import { assertMayCreateDocuments } from '../auth/document-creation';
import { readGraphView, readUnits } from '../services/graph';
import { estimateAppend, estimateCreate } from '../services/estimate';

export const CreateBody = z.strictObject({
  title: TitleField,
  // The length limit is checked in the service so that it answers 413, not 400. Optional beside images only.
  text: z.string().optional(),
  model: ModelIdField,
  /** 1–4 images as { name, mediaType, data: base64 }, each checked by core/images/admission.ts (typed errors). */
  images: z.array(z.unknown()).optional(),
  /** Only estimate the extraction (POST /api/estimate's answer): nothing is created. */
  dryRun: z.boolean().optional(),
});

export const AppendBody = z.strictObject({
  text: z.string(),
  model: ModelIdField,
  /** Refuse with 409 revision_conflict unless the document is still at this revision. */
  expectedRevision: z.number().int().nonnegative().optional(),
  /** Only estimate the append (batches, calls, prompt, tokens, cost): nothing is started. */
  dryRun: z.boolean().optional(),
});

export const ListQuery = z.object({
  limit: intParam({ min: 1, max: 100, fallback: 20 }),
  cursor: stringParam({ description: '`nextCursor` of the previous page.' }),
  deleted: enumParam(['0', '1'], {
    fallback: '0',
    description: '1: the deleted documents instead (restorable for 30 days), most recently deleted first.',
  }),
});

export const UnitsQuery = z.object({
  offset: intParam({ min: 0, fallback: 0 }),
  limit: intParam({ min: 1, max: 2000, fallback: 500 }),
});

export const GraphQuery = z.object({
  offset: intParam({ min: 0, fallback: 0 }),
  limit: intParam({ min: 1, max: GRAPH_VIEW_LIMIT, fallback: GRAPH_VIEW_LIMIT }),
  q: stringParam({
    maxChars: MAX_QUERY_CHARS,
    description: 'Matches by id, text, type or section, plus one-hop neighbours.',
  }),
  section: stringParam({ pattern: SECTION_ID_PATTERN, patternMeaning: 'a section id such as s3' }),
});

export const documentRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    assertMayCreateDocuments(c);
    const principal = c.get('principal');
    // A file (.txt/.md/.html/.pdf/.docx: worker/lib/file-body.ts) or images come as multipart form data, images
    // also as base64 JSON (worker/lib/image-body.ts), text as JSON.
    if (isMultipart(c)) {
      const form = await readMultipartForm(c);
      if (sendsFile(form))
        return c.json(await createFileDocument(c.env, await readFileForm(form), creatorOf(principal)), 202);
      return c.json(await createImageDocument(c.env, await readImageForm(form), creatorOf(principal)), 202);
    }
    const body = await readJson(c, CreateBody, MAX_CREATE_BODY_BYTES);
    if (body.dryRun && body.images !== undefined)
      throw new KgError('invalid_input', {
        en: 'dryRun: an estimate takes a text; images are transcribed first.',
        zh: 'dryRun：估算只接受文字；图片需先转写。',
      });
    if (body.images !== undefined)
      return c.json(
        await createImageDocument(c.env, imageJsonRequest({ ...body, images: body.images }), creatorOf(principal)),
        202,
      );
    if (body.text === undefined)
      throw new KgError('invalid_input', { en: 'text: send a text or images.', zh: '请先粘贴资料正文或上传图片。' });
    // Before the length limit and the hash: ill-formed or invisible-only text is refused (core/text/well-formed.ts).
    assertInputText(body.text);
    if (body.dryRun)
      return c.json(await estimateCreate(c.env, { title: body.title, text: body.text, model: body.model }));
    return c.json(
      await createDocument(c.env, { title: body.title, text: body.text, model: body.model }, creatorOf(principal)),
      202,
    );
  })
  .get('/', async (c) => {
    const { limit, cursor, deleted } = parseQuery(c, ListQuery);
    const held = c.req.header(HELD_CAPABILITIES_HEADER);
    const listing = deleted === '1' ? 'deleted' : 'live';
    return c.json(await listVisibleDocuments(c.env, c.get('principal'), held, cursor, limit, listing));
  })
  .get('/:id', async (c) => c.json(await getDocument(c.env, c.req.param('id'))))
  .post('/:id/append', async (c) => {
    const body = await readJson(c, AppendBody, MAX_DOCUMENT_BODY_BYTES);
    assertInputText(body.text);
    if (body.dryRun) return c.json(await estimateAppend(c.env, c.req.param('id'), body));
    return c.json(await appendToDocument(c.env, c.req.param('id'), body), 202);
  })
  .delete('/:id', async (c) => c.json(await deleteDocument(c.env, c.req.param('id'))))
  .post('/:id/restore', async (c) => c.json(await restoreDocument(c.env, c.req.param('id'))))
  .get('/:id/units', async (c) => {
    const { offset, limit } = parseQuery(c, UnitsQuery);
    const doc = await getDocumentRow(c.env, c.req.param('id'));
    const units = await readUnits(c.env, doc.id, offset, limit);
    return c.json({ documentId: doc.id, revision: doc.revision, units, total: doc.unitCount });
  })
  .get('/:id/graph', async (c) => {
    const query = parseQuery(c, GraphQuery);
    const doc = await getDocumentRow(c.env, c.req.param('id'));
    const view = await readGraphView(c.env, doc, query);
    return c.json({ documentId: doc.id, revision: doc.revision, summary: doc.summary, ...view });
  });
