// A model-backed extractor: builds the batch prompt, calls the model under a wall-clock deadline, and retries
// transient provider failures (429, 5xx, connection errors) with backoff. The pipeline parses and gates the answer.
import { withDeadline } from '../../core/extract/deadline';
import type { BatchRequest, Extractor } from '../../core/extract/extractor';
import { buildPrompt } from '../../core/extract/prompt';
import type { ModelConfig } from '../config';
import type { LanguageModel } from 'ai';
import { ProviderFailure, streamChat } from './chat';
import { languageModelFor } from './language-model';

const TRANSIENT_RETRIES = 2;
const BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 10_000;

export function createModelExtractor(env: Env, config: ModelConfig): Extractor {
  // One language model for the task's calls (see ChatOptions.model); built on the first call, so that a missing
  // binding or key still fails that call as before.
  let languageModel: LanguageModel | undefined;
  const model = () => (languageModel ??= languageModelFor(env, config));
  return {
    id: config.id,
    kind: config.provider === 'service' ? 'service' : 'model',
    batchChars: config.batchChars,
    async extractBatch(request: BatchRequest): Promise<string> {
      const prompt = buildPrompt({
        title: request.title,
        units: request.units,
        existingNodes: request.existingNodes,
        feedback: request.feedback,
        previousAnswer: request.previousAnswer,
        trace: (request.unitEvents?.size ?? 0) > 0,
      });
      for (let retry = 0; ; retry++) {
        try {
          return await withDeadline(
            (signal) => streamChat(env, config, prompt, { signal, onText: request.onOutput, model }),
            {
              timeoutMs: config.timeoutMs,
              signal: request.signal,
              scheduler: request.scheduler,
            },
          );
        } catch (error) {
          if (!(error instanceof ProviderFailure) || !error.retryable || retry >= TRANSIENT_RETRIES) throw error;
          await request.scheduler.sleep(
            Math.min(MAX_BACKOFF_MS, error.retryAfterMs ?? BACKOFF_MS * 2 ** retry),
            request.signal,
          );
        }
      }
    },
  };
}
