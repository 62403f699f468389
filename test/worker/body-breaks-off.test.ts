// A client that disconnects mid-body (issue 32): whoever reads the body — the body-limit middleware, which reads a body
// without Content-Length itself, or a route — answers 400 invalid_input and logs a client error, never an "unhandled
// error" 500 (worker/middleware/body-stream/, worker/lib/http.ts readBodyBytes). The Worker is called in-process, so
// the stream's failure reaches it as a failed read, as a dropped connection does under wrangler dev.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { expectError } from './helpers';

const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

/** A body that sends `sent` and then fails, as a client that disconnects mid-body does. */
function breakingOff(sent: string): ReadableStream<Uint8Array> {
  let first = true;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!first) return controller.error(new TypeError('Network connection lost.'));
      first = false;
      controller.enqueue(new TextEncoder().encode(sent));
    },
  });
}

describe('a body that breaks off', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is a 400 invalid_input logged as a client error, whoever reads it (with and without Content-Length)', async () => {
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    for (const [path, length] of [
      ['/api/documents', undefined],
      ['/api/documents', '4096'],
      ['/api/traces', '4096'],
      ['/api/layout', undefined],
    ] as const) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (length) headers['content-length'] = length;
      const request = new Request(`http://kg.test${path}`, {
        method: 'POST',
        headers,
        body: breakingOff('{"text": "Alice founded'),
        duplex: 'half',
      } as RequestInit);
      const res = await app.fetch(request, env, ctx);
      const body = { status: res.status, body: (await res.json()) as any };
      expectError(body, 400, 'invalid_input');
      expect(body.body.error.message).toMatch(/ended before it was complete/);
    }
    expect(errors.mock.calls.filter((c) => c[0] === 'unhandled error')).toEqual([]);
    expect(warnings.mock.calls.filter((c) => String(c[0]).startsWith('client error')).length).toBe(4);
  });
});
