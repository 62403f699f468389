// A tool's call of the Worker's own HTTP API, in-process (app.fetch: no network), carrying the MCP request's
// credential and language: the API's principal, document access, creation gate, rate limits, body limits and typed
// errors apply to the tool exactly as to any program calling the API.
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../lib/http';

export interface ApiAnswer {
  ok: boolean;
  status: number;
  text: string;
  json: unknown;
}

export type ApiCall = (
  path: string,
  init?: { method?: string; json?: unknown; lang?: string; capabilities?: string[] },
) => Promise<ApiAnswer>;

/** The MCP request's headers a tool call carries on. */
const CARRIED = ['authorization', 'x-kg-capabilities', 'accept-language', 'origin'];

export function apiCallFor(app: Hono<AppEnv>, c: Context<AppEnv>): ApiCall {
  const base = new URL(c.req.url).origin;
  return async (path, init = {}) => {
    const headers = new Headers();
    for (const name of CARRIED) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    if (init.lang) headers.set('accept-language', init.lang);
    // Open mode lists the documents whose capabilities the caller holds (worker/auth/held-documents.ts).
    if (init.capabilities) headers.set('x-kg-capabilities', init.capabilities.join(','));
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const request = new Request(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const res = await app.fetch(request, c.env, c.executionCtx);
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { ok: res.ok, status: res.status, text, json };
  };
}
