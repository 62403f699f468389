// Asking a model for a JSON object: up to `attempts` calls while the answer cannot be parsed; a timeout, a provider
// failure or a cancel ends at once with its own code — a cancelled call is never reported as an unparseable answer.
import { KgError, type ErrorDetail } from '../errors';
import type { ChatPrompt } from '../extract/prompt';
import { abortReason } from '../scheduler';
import { isOutputFailure, parseJsonObject } from './json';

export type Ask = (prompt: ChatPrompt, budgetMs: number, signal: AbortSignal) => Promise<string>;

export interface AskJsonOptions {
  budgetMs: number;
  signal: AbortSignal;
  attempts: number;
  /** The schema_invalid detail when every attempt failed to parse. */
  failure: ErrorDetail;
}

export async function askJsonObject(
  ask: Ask,
  prompt: ChatPrompt,
  options: AskJsonOptions,
): Promise<Record<string, unknown>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return parseJsonObject(await ask(prompt, options.budgetMs, options.signal));
    } catch (error) {
      if (options.signal.aborted) throw abortReason(options.signal);
      if (!isOutputFailure(error)) throw error;
      if (attempt >= options.attempts) throw new KgError('schema_invalid', options.failure);
    }
  }
}
