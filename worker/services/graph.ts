// Graph reads for the routes: which storage reader answers (a query, a section window or a plain window), and the
// units with their node types.
import type { GraphView } from '../../core/schema';
import { readQuery } from '../../storage/graph-query';
import { readSectionWindow, readWindow, type GraphTotals } from '../../storage/graph-window';
import type { DocumentRow } from '../../storage/document-rows';

export interface GraphViewRequest {
  q?: string;
  section?: string;
  offset: number;
  limit: number;
}

export async function readGraphView(env: Env, doc: DocumentRow, request: GraphViewRequest): Promise<GraphView> {
  const totals: GraphTotals = {
    documentId: doc.id,
    sourceId: doc.sourceId,
    nodeCount: doc.nodeCount,
    edgeCount: doc.edgeCount,
  };
  const { q, section, offset, limit } = request;
  if (q?.trim()) return readQuery(env, totals, q, offset, limit, section);
  if (section) return readSectionWindow(env, totals, section, offset, limit);
  return readWindow(env, totals, offset, limit);
}

export { readUnits } from '../../storage/units-read';
