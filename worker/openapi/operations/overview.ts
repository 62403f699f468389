// Descriptions of the whole-document overview routes (worker/routes/overview.ts, core/layout/overview-data.ts).
import { z } from 'zod';
import { KgEdgeSchema, KgNodeSchema } from '../../../core/schema/graph';
import { ByOrdsQuery } from '../../routes/overview';
import { op } from '../registry';

const READ = 'Reading';
const nums = z.array(z.number());

/** Columnar: index i of every array is the node of canonical order i. */
const OverviewData = z.object({
  version: z.number().int(),
  documentId: z.string(),
  revision: z.number().int().nonnegative(),
  count: z.number().int(),
  width: z.number(),
  height: z.number(),
  typeNames: z.array(z.string()),
  ids: z.array(z.string()),
  type: nums,
  section: nums,
  x: nums,
  y: nums,
  degree: nums,
  edges: nums.describe('Relations as index pairs, flat: [from0, to0, from1, to1, …].'),
  sections: z.array(
    z.object({
      id: z.string().nullable(),
      title: z.string(),
      x: z.number(),
      y: z.number(),
      w: z.number(),
      h: z.number(),
      count: z.number().int(),
    }),
  ),
  labels: z.object({ index: nums, text: z.array(z.string()) }),
});

export const overviewOperations = [
  op({
    method: 'get',
    path: '/api/documents/:id/overview',
    tag: READ,
    access: 'read',
    summary: 'Every node of the document laid out for a whole-document overview (columnar)',
    description: 'ETag by revision: send If-None-Match to get 304 while the document has not changed.',
    responses: {
      200: {
        description: 'Positions, types, sections, degrees and relations of every node; labels of the best-connected.',
        schema: OverviewData,
      },
      304: { description: "Not modified (If-None-Match matched the revision's ETag).", contentType: 'none' },
    },
    errors: ['invalid_input'],
  }),
  op({
    method: 'get',
    path: '/api/documents/:id/overview/labels',
    tag: READ,
    access: 'read',
    summary: 'Label texts of overview nodes by ord',
    query: ByOrdsQuery,
    responses: {
      200: {
        description: 'Texts by ord (clipped).',
        schema: z.object({ revision: z.number().int(), texts: z.record(z.string(), z.string()) }),
      },
    },
    errors: ['invalid_input', 'limit_exceeded', 'revision_conflict'],
  }),
  op({
    method: 'get',
    path: '/api/documents/:id/overview/nodes',
    tag: READ,
    access: 'read',
    summary: 'The full nodes at these ords and the relations among them',
    query: ByOrdsQuery,
    responses: {
      200: {
        description: 'Nodes and relations.',
        schema: z.object({ revision: z.number().int(), nodes: z.array(KgNodeSchema), edges: z.array(KgEdgeSchema) }),
      },
    },
    errors: ['invalid_input', 'limit_exceeded', 'revision_conflict'],
  }),
];
