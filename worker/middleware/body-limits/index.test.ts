// limitBodies on its own: each route's limit (worker/lib/body-sizes.ts, LAYOUT_LIMITS), refused with 413 and the
// route's code before the handler reads a byte, whether the size is declared or the body streams without one.
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MAX_SMALL_BODY_BYTES } from '../../lib/body-sizes';
import { toErrorResponse, type AppEnv } from '../../lib/http';
import { LAYOUT_LIMITS } from '../../services/layout/limits';
import { limitBodies } from '.';

let handlerRan = 0;
const echo = async (c: { req: { text(): Promise<string> }; json: (v: unknown) => Response }) => {
  handlerRan++;
  return c.json({ bytes: (await c.req.text()).length });
};
const app = new Hono<AppEnv>()
  .use('/api/*', limitBodies())
  .post('/api/documents', echo)
  .post('/api/documents/:id/verify', echo)
  .post('/api/layout', echo)
  .onError((error, c) => toErrorResponse(c, error));
const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  app.request(path, { method: 'POST', body, headers }, env);

async function errorCode(res: Response) {
  return (await res.json<{ error: { code: string } }>()).error.code;
}

/** A body that streams without a declared length. */
function streamed(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(16 * 1024).fill(97);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

describe('limitBodies', () => {
  it('gives small routes MAX_SMALL_BODY_BYTES: at the limit passes, one byte over is 413 input_too_large', async () => {
    const ok = await post('/api/documents/d/verify', 'a'.repeat(MAX_SMALL_BODY_BYTES));
    expect(ok.status).toBe(200);
    const before = handlerRan;
    const over = await post('/api/documents/d/verify', 'a'.repeat(MAX_SMALL_BODY_BYTES + 1));
    expect(over.status).toBe(413);
    expect(await errorCode(over)).toBe('input_too_large');
    expect(handlerRan).toBe(before);
  });

  it('gives document creation its own, larger limit', async () => {
    expect((await post('/api/documents', 'a'.repeat(MAX_SMALL_BODY_BYTES * 4))).status).toBe(200);
  });

  it('refuses a streamed body once it passes the limit, without a Content-Length', async () => {
    const before = handlerRan;
    const res = await post('/api/documents/d/verify', streamed(MAX_SMALL_BODY_BYTES * 8));
    expect(res.status).toBe(413);
    expect(handlerRan).toBe(before);
  });

  it('answers a graph too large to lay out with layout_too_large, as the layout route does', async () => {
    const res = await post('/api/layout', 'a'.repeat(LAYOUT_LIMITS.bodyBytes + 1));
    expect(res.status).toBe(413);
    expect(await errorCode(res)).toBe('layout_too_large');
  });
});
