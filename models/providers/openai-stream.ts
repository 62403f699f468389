// One streamed OpenAI-compatible chat completion, read with fetch and eventsource-parser. The AI SDK's provider
// validates every chunk against its zod schemas and passes it through five stream stages; for a plain text answer
// that cost twice the CPU of the call itself (6 ms against 3 ms a call on the scripted server, bench/model-pipeline),
// and a book is hundreds of calls. This path does the same request and keeps only the text deltas.
import { createParser } from 'eventsource-parser';
import type { ChatPrompt } from '../../core/extract/prompt';
import type { ModelConfig } from '../config';

/**
 * A failure the caller maps to a typed error: an HTTP status (with Retry-After, and what a 4xx body said it was
 * about: JSON mode refused, or the prompt too long for the context) or an error the stream reported.
 */
export class OpenAIStreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryAfter: string | null = null,
    readonly about?: RefusalKind,
  ) {
    super(message);
  }
}

export type RefusalKind = 'json_mode' | 'context';

/** What a 4xx body says the refusal is about: read, classified, never passed on (it may echo the request). */
export function refusalKind(status: number, body: string, jsonModeSent: boolean): RefusalKind | undefined {
  if (![400, 413, 422].includes(status)) return undefined;
  if (jsonModeSent && /response_format|json[_ ]?(object|mode|schema)/i.test(body)) return 'json_mode';
  if (
    /context[_ ]length|context[_ ]window|context size|maximum context|too many tokens|prompt is too long|exceeds the (available )?context|reduce the length/i.test(
      body,
    )
  )
    return 'context';
  return undefined;
}

/** The text of one call, how it ended, and how much reasoning (never the answer) came beside it. */
export interface StreamedAnswer {
  text: string;
  /** The provider's finish_reason ("stop", "length", …), when it sent one. */
  finishReason?: string;
  reasoningChars: number;
}

export interface StreamOptions {
  /** Send response_format json_object (config.jsonMode, unless the server refused it before). */
  jsonMode: boolean;
  /** Characters received so far in this call: answer and reasoning (progress, not the answer). */
  onText?: (chars: number, answer: string) => void;
}

interface ChunkChoice {
  delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null };
  finish_reason?: string | null;
}

interface StreamChunk {
  choices?: ChunkChoice[];
  error?: { message?: string };
}

/** The first few KB of an error body (enough to classify it). */
async function headOf(response: Response): Promise<string> {
  try {
    return (await response.text()).slice(0, 4000);
  } catch {
    return '';
  }
}

function chatCompletionsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
}

export async function streamOpenAICompatible(
  config: ModelConfig,
  prompt: ChatPrompt,
  signal: AbortSignal,
  options: StreamOptions,
): Promise<StreamedAnswer> {
  const { onText } = options;
  const response = await fetch(chatCompletionsUrl(config.baseUrl!), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: config.model,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
      temperature: 0,
      stream: true,
      ...(options.jsonMode ? { response_format: { type: 'json_object' } } : {}),
    }),
    signal,
  });
  if (!response.ok || !response.body) {
    // The body may hold the provider's message, or echo the request; it is read only to classify a refusal, never
    // passed on.
    const body = response.status >= 400 && response.status < 500 ? await headOf(response) : '';
    await response.body?.cancel().catch(() => undefined);
    const about = refusalKind(response.status, body, options.jsonMode);
    throw new OpenAIStreamError(`HTTP ${response.status}`, response.status, response.headers.get('retry-after'), about);
  }
  let text = '';
  let reasoningChars = 0;
  let finishReason: string | undefined;
  let failure: OpenAIStreamError | undefined;
  let finished = false;
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') {
        finished = true;
        return;
      }
      let chunk: StreamChunk;
      try {
        chunk = JSON.parse(event.data) as StreamChunk;
      } catch {
        failure ??= new OpenAIStreamError('the stream sent a chunk that is not JSON');
        return;
      }
      if (chunk.error) {
        failure ??= new OpenAIStreamError(
          `the stream reported an error: ${String(chunk.error.message ?? 'unknown').slice(0, 200)}`,
        );
        return;
      }
      const choice = chunk.choices?.[0];
      if (choice?.finish_reason) finishReason = choice.finish_reason;
      // DeepSeek's reasoner (reasoning_content) and others (reasoning) stream their thinking beside the answer: it
      // counts as progress, never as the answer.
      const thought = choice?.delta?.reasoning_content ?? choice?.delta?.reasoning;
      if (thought) {
        reasoningChars += thought.length;
        onText?.(text.length + reasoningChars, text);
      }
      const delta = choice?.delta?.content;
      if (delta) {
        text += delta;
        onText?.(text.length + reasoningChars, text);
      }
    },
  });
  // Bytes are decoded and parsed in this loop rather than through more stream stages: one step per network read.
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (failure) throw failure;
      if (finished) break;
    }
    parser.feed(decoder.decode());
    if (failure) throw failure;
    return { text, finishReason, reasoningChars };
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
