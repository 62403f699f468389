// Graph-query tests: a graph published straight through storage/graph-commit (the commit every extraction ends
// with), and POST /api/documents/:id/query through the real Worker.
import { env } from 'cloudflare:workers';
import type { GraphExport } from '../../core/export/graph-export';
import type { GraphQueryResult } from '../../core/query';
import { commitGraph } from '../../storage/graph-commit';
import { dbOf } from '../../storage/db';
import { documents } from '../../storage/schema';
import { json } from './helpers';

/** Publishes `graph` (an export's shape) as revision graph.revision of a new document row with its id. */
export async function publishGraph(graph: GraphExport): Promise<void> {
  const now = Date.now();
  await dbOf(env).insert(documents).values({
    id: graph.documentId,
    title: graph.title,
    owner: null,
    revision: 0,
    chars: graph.chars,
    model: graph.model,
    createdAt: now,
    updatedAt: now,
  });
  await commitGraph(env, {
    documentId: graph.documentId,
    revision: graph.revision,
    sourceId: graph.sourceId ?? 'src',
    graph: { summary: graph.summary, nodes: graph.nodes, edges: graph.edges, mentions: graph.mentions },
    units: graph.units,
    sections: graph.sections,
    audit: null,
    chars: graph.chars,
    now,
  });
}

export async function postQuery(documentId: string, body: unknown, headers: Record<string, string> = {}) {
  return json<GraphQueryResult & { error?: { code: string; message: string; currentRevision?: number } }>(
    `/api/documents/${documentId}/query`,
    {
      method: 'POST',
      json: body,
      headers,
    },
  );
}
