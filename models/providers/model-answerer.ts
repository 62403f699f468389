// One model call of an answer task: the prompt in, the raw answer out, under the configured wall-clock deadline
// (connection and stream; it holds even when a provider ignores its abort signal), with transient provider failures
// (429, 5xx, connection errors) retried as every model call is (transient-retry.ts).
import type { ChatPrompt } from '../../core/extract/prompt';
import type { Scheduler } from '../../core/scheduler';
import type { ModelConfig } from '../config';
import { streamChat } from './chat';
import { withTransientRetry } from './transient-retry';

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
  return withTransientRetry((signal) => streamChat(env, config, prompt, { signal, onText: options.onText }), {
    timeoutMs: config.timeoutMs,
    signal: options.signal,
    scheduler: options.scheduler,
  });
}
