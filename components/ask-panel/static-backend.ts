// The ask panel over an exported graph loaded in the browser (static `src` mode, no server): structured search runs
// the very query code the Worker runs (core/query, over the graph in memory), so both answer alike.
import type { GraphExport } from '../../core/export/graph-export';
import { queryExportedGraph } from '../../core/query/memory-source';
import type { AskBackend } from './ask-backend';

export function staticAskBackend(data: GraphExport): AskBackend {
  return {
    kind: 'static',
    documentId: data.documentId,
    client: null,
    // Questions need an answerer: until core offers the extractive one for an exported graph, they are unavailable.
    questionsUnavailable: 'staticNoAnswerer',
    query: (request) => queryExportedGraph(data, request),
    startAnswer: async () => {
      throw new Error('No answerer in static mode.');
    },
  };
}
