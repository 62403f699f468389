// Starts the scripted OpenAI-compatible server (in Node) for the worker tests; the Worker reaches it over real HTTP.
import type { TestProject } from 'vitest/node';
import { startScriptedLlm } from '../support/scripted-llm.mjs';


export default async function setup(project: TestProject) {
  const llm = await startScriptedLlm();
  project.provide('llmUrl', llm.url);
  return () => llm.close();
}
