// One JSON-answer model call for the read-only model tasks (review, verifier pass, questions): the model a task
// names must be a language model (the built-in heuristic extractor is not one: `model_required`, never a made-up
// verdict), every call runs under a wall-clock deadline (its own budget, lowered by KG_MODEL_TIMEOUT_MS), and
// transient provider failures (429, 5xx, connection errors) are retried as every model call is (transient-retry.ts).
import type { ChatPrompt } from '../core/extract/prompt';
import { KgError } from '../core/errors';
import type { Scheduler } from '../core/scheduler';
import type { ModelConfig } from './config';
import { streamChat } from './providers/chat';
import { withTransientRetry } from './providers/transient-retry';
import { BUILTIN_HEURISTIC_ID, resolveModel } from './registry';

/** The configured language model a request names, or the default one; `model_required` when there is none. */
export function requireLanguageModel(env: Env, id?: string): ModelConfig {
  const model = resolveModel(env, id);
  if (model.id === BUILTIN_HEURISTIC_ID || !model.config) {
    throw new KgError(
      'model_required',
      id === BUILTIN_HEURISTIC_ID
        ? 'The built-in heuristic extractor cannot judge a graph.'
        : 'No language model is configured as the default; name one with "model".',
    );
  }
  return model.config;
}

export interface AskOptions {
  /** The call's own budget (seed: review 360 s, verifier 240 s, question 180 s); KG_MODEL_TIMEOUT_MS caps it. */
  budgetMs: number;
  signal: AbortSignal;
  scheduler: Scheduler;
  onText?: (chars: number) => void;
}

export async function askModel(
  env: Env,
  config: ModelConfig,
  prompt: ChatPrompt,
  options: AskOptions,
): Promise<string> {
  return withTransientRetry((signal) => streamChat(env, config, prompt, { signal, onText: options.onText }), {
    timeoutMs: Math.min(options.budgetMs, config.timeoutMs),
    signal: options.signal,
    scheduler: options.scheduler,
  });
}
