// One model call of an answer task: the prompt in, the raw answer out, under the configured wall-clock deadline
// (connection and stream; it holds even when a provider ignores its abort signal), with transient provider failures
// (429, 5xx, connection errors) retried with backoff — the same policy as a model extractor's batch call.
import type { ChatPrompt } from '../../core/extract/prompt';
import { withDeadline } from '../../core/extract/deadline';
import type { Scheduler } from '../../core/scheduler';
import type { ModelConfig } from '../config';
import { ProviderFailure, streamChat } from './chat';

const TRANSIENT_RETRIES = 2;
const BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 10_000;

export interface AnswerCallOptions {
  signal: AbortSignal;
  scheduler: Scheduler;
  onText?: (chars: number) => void;
}

export async function callAnswerModel(
  env: Env,
  config: ModelConfig,
  prompt: ChatPrompt,
  options: AnswerCallOptions,
): Promise<string> {
  for (let retry = 0; ; retry++) {
    try {
      return await withDeadline((signal) => streamChat(env, config, prompt, { signal, onText: options.onText }), {
        timeoutMs: config.timeoutMs,
        signal: options.signal,
        scheduler: options.scheduler,
      });
    } catch (error) {
      if (!(error instanceof ProviderFailure) || !error.retryable || retry >= TRANSIENT_RETRIES) throw error;
      await options.scheduler.sleep(
        Math.min(MAX_BACKOFF_MS, error.retryAfterMs ?? BACKOFF_MS * 2 ** retry),
        options.signal,
      );
    }
  }
}
