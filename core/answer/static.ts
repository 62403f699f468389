// The browser's static mode: an answer over an exported graph file, with the same retrieval (the graph query over
// the export in memory), the same source fallback, catalogue, admission and rendering as the server — answered by
// builtin:extractive, since a static page has no model. `request` is the raw body POST /answers would get.
import { isKgError } from '../errors';
import { MemoryQuerySource, type QueryableGraph } from '../query/memory-source';
import { runGraphQuery } from '../query/run';
import { extractiveDraft, BUILTIN_EXTRACTIVE_ID } from './extractive';
import { fallbackScanner } from './fallback';
import { finishAnswer, prepareAnswer } from './pipeline';
import { parseAnswerRequest } from './request';
import type { GraphAnswerResult } from './types';

export async function answerExportedGraph(
  graph: QueryableGraph,
  request: unknown,
  now: number,
): Promise<GraphAnswerResult> {
  const parsed = parseAnswerRequest(request);
  let retrieval = null;
  try {
    retrieval = graph.nodes.length > 0 ? await runGraphQuery(new MemoryQuerySource(graph), parsed.query) : null;
  } catch (error) {
    if (!isKgError(error) || error.code !== 'not_found') throw error;
  }
  const units = new Map(graph.units.map((u) => [u.n, u.text]));
  const scanner = fallbackScanner(parsed.question, new Set(retrieval?.sourceUnits.map((u) => u.paragraph) ?? []));
  if (retrieval) scanner.offer(graph.units);
  const prepared = prepareAnswer({
    question: parsed.question,
    documentId: graph.documentId,
    revision: graph.revision,
    retrieval,
    units,
    fallback: scanner.result(),
    fallbackEvaluated: retrieval !== null,
  });
  const draft =
    prepared.early === null
      ? extractiveDraft({ question: parsed.question, catalogue: prepared.catalogue, lang: prepared.lang })
      : null;
  return finishAnswer(prepared, draft, { model: BUILTIN_EXTRACTIVE_ID, answerer: 'extractive', createdAt: now });
}
