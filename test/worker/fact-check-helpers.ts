// Helpers of the fact-check worker tests: a document extracted by the built-in extractor, a fact-check started and
// awaited, and the requests the scripted MediaWiki server saw (test/support/scripted-mediawiki.mjs).
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { FactCheckReport } from '../../core/fact-check/types';
import type { TaskStatus } from '../../core/schema';
import type { ScriptedWikiCall } from '../support/scripted-mediawiki.mjs';
import { extractAndWait, json, waitForTask, type GraphBody } from './helpers';
import { modelId } from './model-helpers';

export async function factDocument(text: string) {
  const { documentId, task } = await extractAndWait(text);
  expect(task.status).toBe('succeeded');
  const graph = (await json<GraphBody>(`/api/documents/${documentId}/graph?limit=500`)).body;
  return { documentId, graph };
}

export function startFactCheck(documentId: string, body: Record<string, unknown>) {
  return json<TaskStatus>(`/api/documents/${documentId}/fact-check`, { method: 'POST', json: body });
}

/** Starts a fact-check with a scripted judge and waits for it to succeed; answers the task and its report. */
export async function factCheck(documentId: string, scenario: string, body: Record<string, unknown> = {}) {
  const started = await startFactCheck(documentId, { model: modelId(scenario), ...body });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body).toMatchObject({ kind: 'fact_check', documentId });
  const task = await waitForTask(started.body.taskId);
  expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
  return { task, report: task.result as FactCheckReport };
}

export async function wikiCalls(contains: string): Promise<ScriptedWikiCall[]> {
  const base = (env as unknown as { SCRIPTED_WIKI_URL: string }).SCRIPTED_WIKI_URL;
  return (await (await fetch(`${base}/__calls?contains=${encodeURIComponent(contains)}`)).json()) as ScriptedWikiCall[];
}
