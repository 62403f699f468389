// Where the ask panel's searches and questions go: the Worker (a stored document: graph-query is a request, a
// question is a task followed through the task feed) or the exported graph loaded in the browser (static `src`
// mode: the same query code from core runs here; questions only when core offers an offline answerer).
import type { ApiClient } from '../shared/api-client';
import type { AnswerRequest, GraphAnswerResult, GraphQueryRequest, GraphQueryResult } from './ask-types';

export type AnswerStart = { kind: 'task'; taskId: string } | { kind: 'answer'; result: GraphAnswerResult };

export interface AskBackend {
  readonly kind: 'api' | 'static';
  readonly documentId: string;
  /** The client that follows and cancels answer tasks (API mode only). */
  readonly client: ApiClient | null;
  /** Why questions cannot be asked here, as an i18n key of askPanel (null: they can). */
  readonly questionsUnavailable: 'staticNoAnswerer' | null;
  query(request: GraphQueryRequest, signal: AbortSignal): Promise<GraphQueryResult>;
  startAnswer(request: AnswerRequest, signal: AbortSignal): Promise<AnswerStart>;
}

export function apiAskBackend(client: ApiClient, documentId: string): AskBackend {
  return {
    kind: 'api',
    documentId,
    client,
    questionsUnavailable: null,
    query: (request, signal) => client.queryGraph<GraphQueryResult>(documentId, request, signal),
    startAnswer: async (request, signal) => ({
      kind: 'task',
      taskId: (await client.startAnswer(documentId, request, signal)).taskId,
    }),
  };
}
