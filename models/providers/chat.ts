// One streamed chat call: system + user prompt in, the message content out. Provider failures become typed errors
// (rate_limited, provider_error) that say whether a retry can help; nothing from the provider's body or the key
// is echoed.
import { APICallError, streamText, type LanguageModel, type OutputInterface } from 'ai';
import { KgError, isKgError } from '../../core/errors';
import type { ChatPrompt } from '../../core/extract/prompt';
import type { ModelConfig } from '../config';
import { languageModelFor } from './language-model';

export interface ChatOptions {
  signal: AbortSignal;
  /** Characters of content received so far in this call. */
  onText?: (chars: number) => void;
  /**
   * The caller's language model, built once for many calls: building one compiles the provider's chunk schemas,
   * which cost more CPU than streaming a whole answer.
   */
  model?: () => LanguageModel;
}

/** A provider error, with whether retrying the same call may succeed. */
export class ProviderFailure extends KgError {
  constructor(
    code: 'rate_limited' | 'provider_error',
    detail: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(code, detail);
  }
}

/**
 * Asks for a JSON answer (response_format json) without the SDK's partial parsing of every delta: the pipeline
 * parses the finished answer strictly, once.
 */
const RAW_JSON: OutputInterface<string, undefined, never> = {
  name: 'raw-json',
  responseFormat: Promise.resolve({ type: 'json' }),
  parseCompleteOutput: async ({ text }) => text,
  parsePartialOutput: async () => undefined,
  createElementStreamTransform: () => undefined,
};

export async function streamChat(env: Env, config: ModelConfig, prompt: ChatPrompt, options: ChatOptions): Promise<string> {
  if (config.provider === 'service') return callService(config, prompt, options);
  const result = streamText({
    model: options.model?.() ?? languageModelFor(env, config),
    system: prompt.system,
    prompt: prompt.user,
    temperature: 0,
    // We retry ourselves, within the task's deadline and with typed outcomes.
    maxRetries: 0,
    abortSignal: options.signal,
    // Errors arrive as stream parts below and become typed failures; the SDK's default would log them.
    onError: () => undefined,
    ...(config.provider === 'openai-compatible' && config.jsonMode ? { output: RAW_JSON } : {}),
  });
  let text = '';
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') {
      text += part.text;
      options.onText?.(text.length);
    } else if (part.type === 'error') {
      throw toProviderFailure(part.error, config);
    }
  }
  return text;
}

/** A pluggable extractor service: POST the batch prompt, get the wire-format JSON back as the body. */
async function callService(config: ModelConfig, prompt: ChatPrompt, options: ChatOptions): Promise<string> {
  let response: Response;
  try {
    response = await fetch(config.baseUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({ model: config.model, system: prompt.system, prompt: prompt.user }),
      signal: options.signal,
    });
  } catch (error) {
    throw toProviderFailure(error, config);
  }
  if (!response.ok) throw statusFailure(response.status, config, response.headers.get('retry-after'));
  const text = await response.text();
  options.onText?.(text.length);
  return text;
}

export function toProviderFailure(error: unknown, config: ModelConfig): KgError {
  if (isKgError(error)) return error;
  if (APICallError.isInstance(error) && error.statusCode !== undefined) {
    return statusFailure(error.statusCode, config, error.responseHeaders?.['retry-after'] ?? null);
  }
  const message = error instanceof Error ? error.message : String(error);
  // Connection refused, reset, DNS: the provider may come back.
  return new ProviderFailure('provider_error', `${config.id}: ${message.slice(0, 200)}`, true);
}

function statusFailure(status: number, config: ModelConfig, retryAfter: string | null): ProviderFailure {
  const seconds = retryAfter ? Number(retryAfter) : NaN;
  const retryAfterMs = Number.isFinite(seconds) ? Math.max(0, seconds * 1000) : undefined;
  if (status === 429) return new ProviderFailure('rate_limited', `${config.id} answered 429.`, true, retryAfterMs);
  const retryable = status === 408 || status >= 500;
  return new ProviderFailure('provider_error', `${config.id} answered HTTP ${status}.`, retryable, retryAfterMs);
}
