// Graph query (POST /api/documents/:id/query): the canonical graph is read from D1 by the document id alone — a
// graph or text in the request is never used — through the D1 candidate source, with the algorithm of core/query.
// The reads of one query are several D1 statements, so a commit could land between them: the revision is read
// again at the end, and a query that straddled two revisions is run once more (on the new one) rather than
// answered from a mix of both.
import { KgError } from '../../core/errors';
import { RevisionConflict, runGraphQuery, type GraphQueryResult, type QueryRequest } from '../../core/query';
import { readRevision } from '../../storage/document-rows';
import { D1QuerySource } from '../../storage/graph-query-source';

export async function queryDocumentGraph(
  env: Env,
  documentId: string,
  request: QueryRequest,
): Promise<GraphQueryResult> {
  for (let attempt = 0; ; attempt++) {
    const result = await runGraphQuery(new D1QuerySource(env, documentId), request);
    const now = await readRevision(env, documentId);
    if (now === null) throw new KgError('not_found', 'No such document.');
    if (now === result.revision) return result;
    if (attempt >= 1) throw new RevisionConflict(now);
  }
}
