// A request body that breaks off (the client disconnected, or stalled until its connection was dropped) is the
// client's failure: whoever reads the body — the body-limit middleware (worker/middleware/body-limits/) or a route
// (worker/lib/http.ts readBodyBytes) — gets a typed 400 invalid_input, logged as a client error, never a 500.
import type { MiddlewareHandler } from 'hono';
import { isKgError } from '../../../core/errors';
import { incompleteBody, type AppEnv } from '../../lib/http';

export function guardBodyStream(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (body) c.req.raw = new Request(c.req.raw, { body: failingAsClientError(body) });
    return next();
  };
}

/** The same bytes; a read that fails becomes the typed refusal of an incomplete body. */
export function failingAsClientError(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(isKgError(error) ? error : incompleteBody(error));
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
