// One streamed chat call: system + user prompt in, the message content out. Provider failures become typed errors
// (provider-failure.ts) that say whether a retry can help; nothing from the provider's body or the key is echoed.
import type { LanguageModel } from 'ai';
import { KgError } from '../../core/errors';
import type { ModelEvent } from '../../core/extract/extractor';
import type { ChatPrompt } from '../../core/extract/prompt';
import type { ModelConfig } from '../config';
import { languageModelFor } from './language-model';
import { OpenAIStreamError, streamOpenAICompatible, type StreamedAnswer } from './openai-stream';
import { statusFailure, toProviderFailure } from './provider-failure';

export interface ChatOptions {
  signal: AbortSignal;
  /** Characters received so far in this call (reasoning included), and the answer's text so far. */
  onText?: (chars: number, answer: string) => void;
  /**
   * The caller's language model, built once for many calls: building one compiles the provider's chunk schemas,
   * which cost more CPU than streaming a whole answer.
   */
  model?: () => LanguageModel;
  /** What was recovered from on the way (JSON mode refused, reasoning only): the task's warnings say so. */
  onEvent?: (event: ModelEvent) => void;
}

/**
 * OpenAI-compatible servers that refused response_format (a 400 about JSON mode), by base URL and model: asked once,
 * then never again while this isolate lives, so that every later call of every task goes straight through.
 */
const jsonModeRefused = new Set<string>();
const jsonModeKey = (config: ModelConfig) => `${config.baseUrl ?? ''}|${config.model}`;

/** A provider's own language model (every provider here implements the v3 specification). */
type ChatModel = Extract<LanguageModel, { specificationVersion: 'v3' }>;
type StreamPart = Awaited<ReturnType<ChatModel['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

/**
 * One call. OpenAI-compatible models go through openai-stream.ts (fetch and an SSE parser; JSON mode asks for
 * response_format json_object). The others go straight through the provider's doStream: streamText's orchestration
 * (prompt validation, steps, tools, telemetry, five more stream stages per chunk) cost about as much CPU as the
 * provider's request and parsing, and a plain text answer needs none of it. Every error (HTTP status, connection, a
 * stream error part) becomes a typed failure. The pipeline parses the finished answer strictly, once.
 */
export async function streamChat(
  env: Env,
  config: ModelConfig,
  prompt: ChatPrompt,
  options: ChatOptions,
): Promise<string> {
  if (config.provider === 'service') return callService(config, prompt, options);
  if (config.provider === 'openai-compatible')
    return answerOf(await openAICompatible(config, prompt, options), config, options);
  const model = (options.model?.() ?? languageModelFor(env, config)) as ChatModel;
  let reader: ReadableStreamDefaultReader<StreamPart> | undefined;
  let text = '';
  try {
    const { stream } = await model.doStream({
      prompt: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: [{ type: 'text', text: prompt.user }] },
      ],
      temperature: 0,
      abortSignal: options.signal,
    });
    reader = stream.getReader();
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) return text;
      if (part.type === 'text-delta') {
        text += part.delta;
        options.onText?.(text.length, text);
      } else if (part.type === 'finish') {
        const reason = part.finishReason as unknown as { unified?: string } | string;
        if ((typeof reason === 'string' ? reason : reason?.unified) === 'length') throw truncated(config);
      } else if (part.type === 'error') {
        throw part.error;
      }
    }
  } catch (error) {
    reader?.cancel().catch(() => undefined);
    throw toProviderFailure(error, config);
  }
}

/** One OpenAI-compatible call; a refusal of JSON mode is remembered and the call made once more without it. */
async function openAICompatible(
  config: ModelConfig,
  prompt: ChatPrompt,
  options: ChatOptions,
): Promise<StreamedAnswer> {
  const jsonMode = config.jsonMode && !jsonModeRefused.has(jsonModeKey(config));
  try {
    return await streamOpenAICompatible(config, prompt, options.signal, { jsonMode, onText: options.onText });
  } catch (error) {
    if (!(error instanceof OpenAIStreamError && error.about === 'json_mode' && jsonMode))
      throw toProviderFailure(error, config);
  }
  jsonModeRefused.add(jsonModeKey(config));
  options.onEvent?.({ kind: 'json_mode_refused' });
  try {
    return await streamOpenAICompatible(config, prompt, options.signal, { jsonMode: false, onText: options.onText });
  } catch (error) {
    throw toProviderFailure(error, config);
  }
}

/** The answer of a finished call: a stop at the token limit is never an answer; reasoning alone is said so. */
function answerOf(answer: StreamedAnswer, config: ModelConfig, options: ChatOptions): string {
  if (answer.finishReason === 'length') throw truncated(config);
  if (!answer.text.trim() && answer.reasoningChars > 0) options.onEvent?.({ kind: 'reasoning_only' });
  return answer.text;
}

function truncated(config: ModelConfig): KgError {
  return new KgError('model_output_truncated', `${config.id} stopped at its token limit (finish_reason "length").`);
}

/** A pluggable extractor service: POST the batch prompt, get the wire-format JSON back as the body. */
async function callService(config: ModelConfig, prompt: ChatPrompt, options: ChatOptions): Promise<string> {
  let response: Response;
  try {
    response = await fetch(config.baseUrl!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: config.model, system: prompt.system, prompt: prompt.user }),
      signal: options.signal,
    });
  } catch (error) {
    throw toProviderFailure(error, config);
  }
  if (!response.ok) throw statusFailure(response.status, config, response.headers.get('retry-after'));
  const text = await response.text();
  options.onText?.(text.length, text);
  return text;
}
