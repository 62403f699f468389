import { AppendBody, CreateBody, GraphQuery, ListQuery, UnitsQuery } from '../../routes/documents';
import { ExportQuery } from '../../routes/export';
import { op } from '../registry';
import * as S from '../schemas';

const DOC = 'Documents';
const createdExample = {
  documentId: '3f0c8a52-5b1e-4d5e-9a52-0c3e7a1b2c3d',
  taskId: 'task_w7rr7cg3tfcxg6jm',
  revision: 0,
  writeCapability: 'kgw_3f0c….…',
};

export const documentOperations = [
  op({
    method: 'post',
    path: '/api/documents',
    tag: DOC,
    access: 'create',
    summary: 'Create a document and start its extraction',
    description:
      "Text 1–1,000,000 characters (UTF-16 code units); or 1–4 images as base64 JSON `images: [{ name, mediaType, data }]` or multipart form data (`images` files, `title`, `text`, `model`); or one file as multipart form data (`file`, `title`, `model`): .txt, .md, .html, .pdf or .docx, at most 16 MiB, whose text (at most 1,000,000 characters) is extracted like a pasted text — headings become sections, lists, tables and code blocks units, and a PDF's units carry their `page`. Answers at once with the extraction task; follow it with GET /api/tasks/{taskId}. Open mode adds the document's write capability, given once.",
    body: CreateBody,
    bodyExample: { title: 'Graphs', text: 'Graphs link concepts. A concept is an idea.' },
    responses: {
      200: {
        description: 'With `dryRun: true`: the estimate only (as POST /api/estimate).',
        schema: S.RunEstimateSchema,
      },
      202: { description: 'The document and its extraction task.', schema: S.DocumentCreated, example: createdExample },
    },
    errors: [
      'invalid_input',
      'input_too_large',
      'unknown_model',
      'forbidden',
      'image_limit',
      'image_too_large',
      'image_type_unsupported',
      'image_invalid',
      'model_image_unsupported',
      'file_too_large',
      'file_unsupported',
      'file_type_mismatch',
      'file_corrupt',
      'file_encrypted',
      'pdf_no_text',
    ],
  }),
  op({
    method: 'get',
    path: '/api/documents',
    tag: DOC,
    access: 'any',
    summary: "The caller's documents, newest first (or, with deleted=1, the deleted ones)",
    description:
      "Keyset paged. In open mode, send the held write capabilities in `X-KG-Capabilities` (comma-separated, at most 100) to list the documents they open. `deleted=1` lists the caller's deleted documents instead, most recently deleted first, each with `deletedAt` and `purgeAt` (30 days on); any past `purgeAt` is purged as it is found. A capability (Authorization: Bearer kgc_/kgw_) lists no deleted document.",
    query: ListQuery,
    responses: { 200: { description: 'One page of documents.', schema: S.DocumentList } },
    errors: ['invalid_input'],
  }),
  op({
    method: 'get',
    path: '/api/documents/:id',
    tag: DOC,
    access: 'read',
    summary: 'A document: counts, summary, sections, generation audit, active task',
    responses: { 200: { description: 'The document.', schema: S.DocumentDetailSchema } },
    errors: [],
  }),
  op({
    method: 'delete',
    path: '/api/documents/:id',
    tag: DOC,
    access: 'write',
    summary: 'Delete a document: restorable for 30 days, then purged',
    description:
      'Soft delete: a running task is cancelled and the document is not found by any route but POST …/restore and GET /api/documents?deleted=1. Its rows, objects and Durable Object storage are kept until `purgeAt` (30 days on), when its Durable Object removes them all.',
    responses: {
      200: {
        description: 'Deleted; restorable until purgeAt.',
        schema: S.Deleted,
        example: {
          deleted: true,
          documentId: '3f0c8a52-5b1e-4d5e-9a52-0c3e7a1b2c3d',
          deletedAt: 1796041802458,
          purgeAt: 1798633802458,
        },
      },
    },
    errors: [],
  }),
  op({
    method: 'post',
    path: '/api/documents/:id/restore',
    tag: DOC,
    access: 'write',
    summary: 'Restore a deleted document (within 30 days of its deletion)',
    description:
      'Brings the document back at the revision it had, with its graph, reports, audit log and capabilities. Write access as for any change, checked against the deleted document. A document that is not deleted answers `restored: false`; one past its 30 days is purged and answers 404.',
    responses: {
      200: {
        description: 'Restored (or not deleted).',
        schema: S.Restored,
        example: { restored: true, documentId: '3f0c8a52-5b1e-4d5e-9a52-0c3e7a1b2c3d', revision: 1 },
      },
    },
    errors: [],
  }),
  op({
    method: 'post',
    path: '/api/documents/:id/append',
    tag: DOC,
    access: 'write',
    summary: 'Extract more text onto the graph as the next revision',
    body: AppendBody,
    bodyExample: { text: 'More text about graphs.', expectedRevision: 1 },
    responses: {
      200: {
        description: "With `dryRun: true`: the append's estimate only; nothing starts.",
        schema: S.RunEstimateSchema,
      },
      202: { description: 'The append task.', schema: S.TaskStarted },
    },
    errors: ['invalid_input', 'input_too_large', 'unknown_model', 'busy', 'revision_conflict'],
  }),
  op({
    method: 'get',
    path: '/api/documents/:id/units',
    tag: DOC,
    access: 'read',
    summary: 'Content units (the numbered source text), paged',
    query: UnitsQuery,
    responses: {
      200: { description: 'A page of units, each with the types of the nodes anchored to it.', schema: S.UnitsPage },
    },
    errors: ['invalid_input'],
  }),
  op({
    method: 'get',
    path: '/api/documents/:id/graph',
    tag: DOC,
    access: 'read',
    summary: 'A window of the graph (≤ 800 nodes), one section, or a search subgraph',
    query: GraphQuery,
    responses: { 200: { description: 'Nodes and edges of the view.', schema: S.GraphViewSchema } },
    errors: ['invalid_input'],
  }),
  op({
    method: 'get',
    path: '/api/documents/:id/images',
    tag: DOC,
    access: 'read',
    summary: 'The visual source of an image-derived revision (null for text)',
    responses: { 200: { description: 'The visual source.', schema: S.VisualSourceAnswer } },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/api/documents/:id/images/:imageId',
    tag: DOC,
    access: 'read',
    summary: 'An original image (only an id the revision lists; never cached)',
    responses: { 200: { description: 'The image bytes.', contentType: 'image/*' } },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/api/documents/:id/export',
    tag: DOC,
    access: 'read',
    summary: 'The whole canonical graph as a download (JSON graph file, CSV, GraphML, Cytoscape.js JSON or Cypher)',
    description:
      'Not limited by any window; streamed. The JSON file is what `<kg-workbench src>` loads; it also carries the latest verification reports, the latest fact-check and visualSource. graphml (yEd, Gephi, Cytoscape desktop), cytoscape.json (Cytoscape.js, .cyjs) and cypher (a Neo4j script) hold the nodes, relations and mentions.',
    query: ExportQuery,
    responses: {
      200: {
        description:
          'format=json: the graph file (with the concept layer: mentions, counts.mentions); format=nodes.csv, edges.csv or mentions.csv: CSV with a header row; format=graphml: GraphML; format=cytoscape.json: Cytoscape.js JSON; format=cypher: a Cypher script (text/plain).',
        schema: S.GraphExportSchema,
        alternatives: ['text/csv', 'application/graphml+xml', 'text/plain'],
      },
    },
    errors: ['invalid_input'],
  }),
];
