// The models the worker tests can pick: every behaviour of the scripted server, each listed as a model of the
// Worker under test. Small batches so that a short text makes several batches; a short deadline so that stalls
// and hangs end quickly.
export const SCRIPTED_SCENARIOS = [
  'ok',
  'ok@prompt',
  'ok@resume',
  'ok@append',
  'fenced',
  'slow-800',
  'slow-800@cancel',
  'slow-400',
  'not-json',
  'not-json@give-up',
  'not-json-once',
  'schema-invalid',
  'paraphrase',
  'dup-ids',
  'forged-endpoint',
  'stall',
  'hang',
  '429',
  '429-once',
  '500',
  '500-once',
  // A model fooled by a source that closes its own frame (test/worker/frame-closing.test.ts).
  'gullible',
  // Answer tasks (test/worker/answers*.test.ts; replies from test/support/scripted-answers.mjs).
  'ok@answer',
  'hang@answer',
  'hang@answer-timeout',
  'not-json@answer',
  '500-once@answer',
  // Model review and questions (test/worker/review-questions.test.ts; replies from test/support/scripted-trust.mjs).
  'ok@review-forged',
  'ok@review-verifier',
  'ok@review-verifier-broken',
  'ok@question-supported-fix',
  'ok@question-contradicted-fix',
  'hang@question',
  'not-json@question',
  // Fact-check judges (test/worker/fact-check*.test.ts; replies from test/support/scripted-fact-check.mjs).
  'ok@fact',
  'ok@fact-quote-missing',
  'ok@fact-unknown-evidence',
  'ok@fact-extract-quote',
  'ok@fact-extra-claim',
  'slow-800@fact-cancel',
  // The explanation-coverage review (test/worker/coverage-review.test.ts; replies from test/support/scripted-review.mjs).
  'review',
] as const;

/** Models that take images (the scripted server transcribes image requests, then extracts as "ok" or the rest). */
export const VISION_SCENARIOS = [
  'vision',
  'vision@scan',
  'vision@other',
  'vision@json',
  'vision-slow-800@resume',
  'vision-omit-image@t',
  'vision-not-json@t',
] as const;

export const TEST_MODEL_TIMEOUT_MS = 1500;

export function scriptedModelBindings(llmUrl: string): Record<string, string> {
  const models = SCRIPTED_SCENARIOS.map((model) => ({
    provider: 'openai-compatible',
    model,
    baseUrl: llmUrl,
    label: `Scripted ${model}`,
    image: false,
    batchChars: 400,
    concurrency: 3,
  }));
  // The same server speaks the Anthropic Messages API; the key comes from the secret the entry names.
  models.push({
    provider: 'anthropic',
    model: 'ok@anthropic',
    baseUrl: llmUrl,
    label: 'Scripted Anthropic',
    image: false,
    batchChars: 400,
    concurrency: 3,
    apiKeySecret: 'TEST_ANTHROPIC_KEY',
  } as never);
  // Vision models (test/worker/images-*.test.ts): image input declared, or unknown (the provider then decides).
  for (const model of VISION_SCENARIOS) {
    models.push({
      provider: 'openai-compatible',
      model,
      baseUrl: llmUrl,
      label: `Scripted ${model}`,
      image: !model.startsWith('vision-refuse'),
      batchChars: 400,
      concurrency: 3,
    } as never);
  }
  models.push({
    provider: 'openai-compatible',
    model: 'vision-refuse-images@unknown',
    baseUrl: llmUrl,
    label: 'Scripted unknown capability',
    image: 'unknown',
    batchChars: 400,
    concurrency: 3,
  } as never);
  models.push({
    provider: 'anthropic',
    model: 'vision@anthropic',
    baseUrl: llmUrl,
    label: 'Scripted Anthropic vision',
    image: true,
    batchChars: 400,
    concurrency: 3,
    apiKeySecret: 'TEST_ANTHROPIC_KEY',
  } as never);
  return {
    KG_MODELS: JSON.stringify(models),
    TEST_ANTHROPIC_KEY: 'sk-ant-test',
    KG_MODEL_TIMEOUT_MS: String(TEST_MODEL_TIMEOUT_MS),
    SCRIPTED_LLM_URL: llmUrl,
  };
}

/** Wikipedia retrieval deadline in the worker tests: the scripted server's WIKISLOW answers after 3 s. */
export const TEST_WIKIPEDIA_TIMEOUT_MS = 600;

/** The fact-check's Wikipedia provider pointed at the scripted MediaWiki server (test/support/scripted-mediawiki.mjs). */
export function scriptedWikiBindings(wikiUrl: string): Record<string, string> {
  return {
    KG_WIKIPEDIA_API: `${wikiUrl}/{lang}/w/api.php`,
    KG_WIKIPEDIA_TIMEOUT_MS: String(TEST_WIKIPEDIA_TIMEOUT_MS),
    SCRIPTED_WIKI_URL: wikiUrl,
  };
}
