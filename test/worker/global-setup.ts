// Starts the scripted OpenAI-compatible server (in Node) for the worker tests; the Worker reaches it over real HTTP.
import type { TestProject } from 'vitest/node';
import { startScriptedLlm } from '../support/scripted-llm.mjs';
import { startScriptedMediaWiki } from '../support/scripted-mediawiki.mjs';

export default async function setup(project: TestProject) {
  const llm = await startScriptedLlm();
  project.provide('llmUrl', llm.url);
  // The scripted MediaWiki Action API the fact-check tests retrieve Wikipedia evidence from (issue 14).
  const wiki = await startScriptedMediaWiki();
  project.provide('wikiUrl', wiki.url);
  return async () => {
    await wiki.close();
    await llm.close();
  };
}
