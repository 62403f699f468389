// The HTTP client: base URL, bearer token, typed errors from the API's { error: { code, message } } envelope.
import { CliError } from './errors.mjs';

export class Client {
  /** @param {string} base @param {string | undefined} token */
  constructor(base, token) {
    this.base = base.replace(/\/+$/, '');
    this.token = token || undefined;
  }

  /**
   * @param {string} method @param {string} path
   * @param {{ json?: unknown, form?: FormData, headers?: Record<string, string>, token?: string, raw?: boolean }} [init]
   */
  async request(method, path, init = {}) {
    const headers = { accept: 'application/json', ...init.headers };
    const token = init.token ?? this.token;
    if (token) headers.authorization = `Bearer ${token}`;
    let body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form !== undefined) body = init.form; // fetch sets the multipart type and its boundary
    let res;
    try {
      res = await fetch(`${this.base}${path}`, { method, headers, body });
    } catch (error) {
      throw new CliError('network', `Cannot reach ${this.base}: ${error?.cause?.code ?? error?.message ?? error}`);
    }
    if (!res.ok) {
      const text = await res.text();
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not the envelope */
      }
      const error = parsed?.error;
      if (error && typeof error.code === 'string') {
        const { code, message, ...details } = error;
        throw new CliError(code, message, {
          status: res.status,
          details: Object.keys(details).length ? details : undefined,
        });
      }
      throw new CliError('http_error', `${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`, {
        status: res.status,
      });
    }
    if (init.raw) return res;
    return res.json();
  }

  get(path, init) {
    return this.request('GET', path, init);
  }
  post(path, json, init = {}) {
    return this.request('POST', path, { ...init, json });
  }
}

export const enc = encodeURIComponent;
