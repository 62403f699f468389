// A model-backed extractor: builds the batch prompt, calls the model under a wall-clock deadline, and retries
// transient provider failures (429, 5xx, connection errors) as every model call does (transient-retry.ts). The
// pipeline parses and gates the answer.
import type { BatchRequest, Extractor, ReviewRequest } from '../../core/extract/extractor';
import { buildReviewPrompt } from '../../core/extract/review-prompt';
import { buildPrompt } from '../../core/extract/prompt';
import type { ModelConfig } from '../config';
import type { LanguageModel } from 'ai';
import { streamChat } from './chat';
import { languageModelFor } from './language-model';
import { withTransientRetry } from './transient-retry';

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
      return withTransientRetry(
        (signal) => streamChat(env, config, prompt, { signal, onText: request.onOutput, model }),
        {
          timeoutMs: config.timeoutMs,
          signal: request.signal,
          scheduler: request.scheduler,
        },
      );
    },
    async reviewCoverage(request: ReviewRequest): Promise<string> {
      const prompt = buildReviewPrompt(request);
      return withTransientRetry(
        (signal) => streamChat(env, config, prompt, { signal, onText: request.onOutput, model }),
        { timeoutMs: config.timeoutMs, signal: request.signal, scheduler: request.scheduler },
      );
    },
  };
}
