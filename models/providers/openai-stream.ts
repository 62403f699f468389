// One streamed OpenAI-compatible chat completion, read with fetch and eventsource-parser. The AI SDK's provider
// validates every chunk against its zod schemas and passes it through five stream stages; for a plain text answer
// that cost twice the CPU of the call itself (6 ms against 3 ms a call on the scripted server, bench/model-pipeline),
// and a book is hundreds of calls. This path does the same request and keeps only the text deltas.
import { createParser } from 'eventsource-parser';
import type { ChatPrompt } from '../../core/extract/prompt';
import type { ModelConfig } from '../config';

/** A failure the caller maps to a typed error: an HTTP status (with Retry-After) or an error the stream reported. */
export class OpenAIStreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryAfter: string | null = null,
  ) {
    super(message);
  }
}

interface ChunkChoice {
  delta?: { content?: string | null };
}

interface StreamChunk {
  choices?: ChunkChoice[];
  error?: { message?: string };
}

function chatCompletionsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
}

export async function streamOpenAICompatible(
  config: ModelConfig,
  prompt: ChatPrompt,
  signal: AbortSignal,
  onText?: (chars: number) => void,
): Promise<string> {
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
      ...(config.jsonMode ? { response_format: { type: 'json_object' } } : {}),
    }),
    signal,
  });
  if (!response.ok || !response.body) {
    // The body may hold the provider's message, or echo the request; it is never passed on.
    await response.body?.cancel().catch(() => undefined);
    throw new OpenAIStreamError(`HTTP ${response.status}`, response.status, response.headers.get('retry-after'));
  }
  let text = '';
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
      const delta = chunk.choices?.[0]?.delta?.content;
      if (delta) {
        text += delta;
        onText?.(text.length);
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
    return text;
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
