// The ask panel over an exported graph loaded in the browser (static `src` mode, no server): structured search runs
// the very query code the Worker runs (core/query over the graph in memory), and questions are answered by the
// offline extractive answerer through the same admission and rendering as the Worker's answer task (core/answer).
// Both engines are loaded on first use (dynamic import: a chunk of their own), so a page that never searches a static
// graph does not download them (issue 5's first-load budget).
import type { GraphExport } from '../../core/export/graph-export';
import type { AskBackend } from './ask-backend';
import { readAnswer } from './ask-types';

export function staticAskBackend(data: GraphExport): AskBackend {
  return {
    kind: 'static',
    documentId: data.documentId,
    client: null,
    questionsUnavailable: null,
    query: async (request) => (await import('../../core/query/memory-source')).queryExportedGraph(data, request),
    startAnswer: async (request) => {
      const { answerExportedGraph } = await import('../../core/answer/static');
      const result = readAnswer(await answerExportedGraph(data, request, Date.now()));
      if (!result) throw new Error('The extractive answerer returned no answer.');
      return { kind: 'answer', result };
    },
  };
}
