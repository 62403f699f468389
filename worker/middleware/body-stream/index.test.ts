// guardBodyStream on its own: a body passes through byte for byte, and one that breaks off mid-way reaches whoever
// reads it (here Hono's body-limit middleware, which reads a body without Content-Length itself, and a route) as the
// typed 400 of an incomplete body, in the reader's language.
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBodyBytes, toErrorResponse, type AppEnv } from '../../lib/http';
import { guardBodyStream } from '.';

const app = new Hono<AppEnv>()
  .use(guardBodyStream())
  .use('/limited', bodyLimit({ maxSize: 1024 }))
  .post('/*', async (c) => c.json({ bytes: [...(await readBodyBytes(c))] }))
  .onError((error, c) => toErrorResponse(c, error));

function stream(chunks: Uint8Array[], thenFail: boolean): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) return controller.enqueue(chunks[i++]!);
      if (thenFail) return controller.error(new TypeError('Network connection lost.'));
      controller.close();
    },
  });
}

const post = (path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  app.request(path, { method: 'POST', body, headers, duplex: 'half' } as RequestInit, env);

describe('guardBodyStream', () => {
  afterEach(() => vi.restoreAllMocks());

  it('passes a whole body through unchanged', async () => {
    const res = await post('/limited', stream([new Uint8Array([1, 2]), new Uint8Array([3, 0xff])], false));
    expect(await res.json()).toEqual({ bytes: [1, 2, 3, 0xff] });
  });

  it('turns a body that breaks off into 400 invalid_input, logged once as a client error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const path of ['/limited', '/route']) {
      const res = await post(path, stream([new Uint8Array([1, 2])], true), { 'accept-language': 'zh-CN' });
      expect(res.status).toBe(400);
      const body = await res.json<{ error: { code: string; message: string } }>();
      expect(body.error).toEqual({ code: 'invalid_input', message: '请求内容无效。请求体未完整送达（连接中断）。' });
    }
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      'client error: the request body ended early',
      'client error: the request body ended early',
    ]);
    expect(error).not.toHaveBeenCalled();
  });
});
