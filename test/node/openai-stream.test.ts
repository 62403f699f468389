// The OpenAI-compatible streaming client (models/providers/openai-stream.ts) against a real HTTP server on
// 127.0.0.1: what it sends, how it reassembles text split anywhere (mid-line, mid-character), and how every failure
// becomes the typed error streamChat promises.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamChat } from '../../models/providers/chat';
import type { ModelConfig } from '../../models/config';

interface Seen {
  url: string;
  authorization?: string;
  body: Record<string, unknown>;
}

const seen: Seen[] = [];
let reply: (res: http.ServerResponse) => void = () => undefined;
let server: http.Server;
let baseUrl = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw) });
      reply(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const config = (extra: Partial<ModelConfig> = {}): ModelConfig => ({
  id: 'openai-compatible:test',
  provider: 'openai-compatible',
  model: 'test-model',
  label: 'test',
  image: false,
  default: true,
  baseUrl,
  jsonMode: true,
  concurrency: 1,
  batchChars: 8000,
  timeoutMs: 10_000,
  ...extra,
});

const chat = (cfg: ModelConfig, onText?: (n: number) => void) =>
  streamChat({} as Env, cfg, { system: 'sys', user: 'usr' }, { signal: new AbortController().signal, onText });

const sse = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

/** Writes the bytes in pieces of `size`, so that lines and UTF-8 characters are split across network reads. */
function streamBytes(res: http.ServerResponse, text: string, size: number) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const bytes = Buffer.from(text);
  let at = 0;
  const next = () => {
    if (at >= bytes.length) return res.end();
    const from = at;
    at += size;
    res.write(bytes.subarray(from, at));
    setTimeout(next, 1);
  };
  next();
}

describe('OpenAI-compatible streaming client', () => {
  it('posts the chat completion with the key, JSON mode and temperature 0, and joins the deltas', async () => {
    reply = (res) => streamBytes(res, `${sse('{"nodes":')}${sse(' []}')}data: [DONE]\n\n`, 1000);
    const progress: number[] = [];
    expect(await chat(config({ apiKey: 'sk-test' }), (n) => progress.push(n))).toBe('{"nodes": []}');
    const call = seen.at(-1)!;
    expect(call.url).toBe('/v1/chat/completions');
    expect(call.authorization).toBe('Bearer sk-test');
    expect(call.body).toMatchObject({
      model: 'test-model',
      stream: true,
      temperature: 0,
      response_format: { type: 'json_object' },
    });
    expect(call.body.messages).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'usr' },
    ]);
    expect(progress).toEqual([9, 13]);
  });

  it('sends no key and no response_format when none is configured', async () => {
    reply = (res) => streamBytes(res, `${sse('ok')}data: [DONE]\n\n`, 1000);
    expect(await chat(config({ jsonMode: false }))).toBe('ok');
    expect(seen.at(-1)!.authorization).toBeUndefined();
    expect(seen.at(-1)!.body).not.toHaveProperty('response_format');
  });

  it('reassembles text split mid-line and mid-character across reads', async () => {
    const text = '知识图谱把文本变成可核对的结构。Knowledge graphs — grounded.';
    const body = `${[...text].map((ch) => sse(ch)).join('')}data: [DONE]\n\n`;
    reply = (res) => streamBytes(res, body, 7);
    expect(await chat(config())).toBe(text);
  });

  it('maps 429 with Retry-After to a retryable rate_limited error, and a 400 to a final provider_error', async () => {
    reply = (res) => res.writeHead(429, { 'retry-after': '3' }).end('{"error":"slow down, key sk-secret"}');
    await expect(chat(config())).rejects.toMatchObject({ code: 'rate_limited', retryable: true, retryAfterMs: 3000 });
    reply = (res) => res.writeHead(400).end('{"error":"bad key sk-secret"}');
    const error = (await chat(config()).catch((e: unknown) => e)) as Error;
    expect(error).toMatchObject({ code: 'provider_error', retryable: false });
    expect(error.message).not.toContain('sk-secret');
  });

  it('fails typed when the stream reports an error mid-answer or sends a chunk that is not JSON', async () => {
    reply = (res) => streamBytes(res, `${sse('{"no')}data: {"error":{"message":"overloaded"}}\n\n`, 1000);
    await expect(chat(config())).rejects.toMatchObject({
      code: 'provider_error',
      message: expect.stringContaining('overloaded'),
    });
    reply = (res) => streamBytes(res, `${sse('{"no')}data: {not json\n\n`, 1000);
    await expect(chat(config())).rejects.toMatchObject({ code: 'provider_error' });
  });

  it('fails typed when nothing listens at the base URL', async () => {
    await expect(chat(config({ baseUrl: 'http://127.0.0.1:9/v1' }))).rejects.toMatchObject({
      code: 'provider_error',
      retryable: true,
    });
  });

  it('keeps reasoning_content out of the answer (it counts as progress) and refuses a stop at the token limit', async () => {
    const thought = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { reasoning_content: '{"draft":1}' } }] })}\n\n`;
    reply = (res) => streamBytes(res, `${thought}${sse('{"a":1}')}data: [DONE]\n\n`, 1000);
    const progress: number[] = [];
    expect(await chat(config(), (n) => progress.push(n))).toBe('{"a":1}');
    expect(progress).toEqual([11, 18]);
    const stop = `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'length' }] })}\n\n`;
    reply = (res) => streamBytes(res, `${sse('{"nodes":[{"id"')}${stop}data: [DONE]\n\n`, 1000);
    await expect(chat(config())).rejects.toMatchObject({ code: 'model_output_truncated' });
  });

  it('asks once more without response_format when the server refuses it, and not again for that model', async () => {
    let calls = 0;
    reply = (res) => {
      calls++;
      if (seen.at(-1)!.body.response_format)
        res.writeHead(400).end('{"error":{"message":"response_format is not supported"}}');
      else streamBytes(res, `${sse('ok')}data: [DONE]\n\n`, 1000);
    };
    const cfg = config({ model: 'refuses-json-mode' });
    const events: unknown[] = [];
    const call = () =>
      streamChat(
        {} as Env,
        cfg,
        { system: 's', user: 'u' },
        { signal: new AbortController().signal, onEvent: (e) => events.push(e) },
      );
    expect(await call()).toBe('ok');
    expect(await call()).toBe('ok');
    expect(calls).toBe(3);
    expect(events).toEqual([{ kind: 'json_mode_refused' }]);
  });

  it('reads a context-length 400 as context_too_long, without echoing the body', async () => {
    reply = (res) =>
      res
        .writeHead(400)
        .end(
          '{"error":{"message":"This model\'s maximum context length is 4096 tokens (sk-secret)","code":"context_length_exceeded"}}',
        );
    const error = (await chat(config()).catch((e: unknown) => e)) as Error;
    expect(error).toMatchObject({ code: 'context_too_long' });
    expect(error.message).not.toContain('sk-secret');
  });
});
