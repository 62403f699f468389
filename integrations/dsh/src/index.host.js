// kg-workbench for the DSH agent harness: the HOST half (Node). Plain JS, no imports, no build step, so that the
// dynamic install (docs/contracts/dsh-plugin.md#dynamic-plugin: `cordis_define` takes this function's body) and the persistent bundle
// (lib/index.js, docs/contracts/dsh-plugin.md#persistent-bundle) run the same code.
//
// It implements no rule of its own: every harness name under /api/dsh-knowledge-graph/* is forwarded to the
// kg-workbench Worker's HTTP API, mapping only names and shapes (the seed's wire conventions: errors as HTTP 200 with
// `{ error: { code, message } }`, tasks as `{ taskId }` + `task-status`). Configuration: `api` (the Worker's base URL)
// and `token` (a KG_API_TOKEN key, kept on the host), from the plugin config or the env KG_API / KG_API_TOKEN.
export default function hostPlugin() {
  const PREFIX = '/api/dsh-knowledge-graph';
  // The Worker's own API, passed through for the in-page <kg-workbench> (the token is added here, never sent to the page).
  const PASS_THROUGH = '/kg';
  const GET_NAMES = ['list-models', 'task-status', 'trajectory-status', 'document-load', 'config'];

  function settings(config) {
    const env = (typeof process !== 'undefined' && process.env) || {};
    const api = String(config?.api || env.KG_API || 'http://127.0.0.1:8787').replace(/\/+$/, '');
    const token = config?.token || env.KG_API_TOKEN || '';
    return { api, token, publicApi: config?.publicApi || '' };
  }

  const enc = (value) => encodeURIComponent(String(value ?? ''));

  /** One Worker call; answers `{ status, body }` with the Worker's JSON (or an error body for a network failure). */
  async function worker(cfg, method, path, body, bearer) {
    const headers = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const token = bearer || cfg.token;
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      const res = await fetch(cfg.api + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let json = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = { error: { code: 'bad_gateway', message: `the kg-workbench API answered ${res.status} without JSON` } };
      }
      return { status: res.status, body: json };
    } catch (error) {
      return {
        status: 0,
        body: {
          error: {
            code: 'unreachable',
            message: `cannot reach the kg-workbench API at ${cfg.api}: ${error?.message}`,
          },
        },
      };
    }
  }

  // Seed task shape: running (with progress) | succeeded (with result) | failed/cancelled (with error) | not_found.
  function taskShape(answer) {
    if (answer.status === 404) return { status: 'not_found' };
    const t = answer.body;
    if (!t || t.error) return t;
    if (t.status === 'succeeded')
      return {
        status: 'succeeded',
        result: {
          documentId: t.documentId,
          revision: t.revision,
          kind: t.kind,
          warnings: t.warnings || [],
          result: t.result,
        },
      };
    if (t.status === 'failed' || t.status === 'cancelled')
      return { status: t.status, error: t.error || { code: t.status, message: t.status } };
    return {
      status: 'running',
      progress: {
        stage: t.stage,
        done: t.progress?.done,
        total: t.progress?.total,
        elapsedMs: t.elapsedMs,
        model: t.model,
      },
      taskId: t.taskId,
      documentId: t.documentId,
    };
  }

  // Only the fields a Worker route accepts are sent (its zod schemas are strict); a missing id is the Worker's 404.
  const pick = (args, keys) => Object.fromEntries(keys.filter((k) => args[k] !== undefined).map((k) => [k, args[k]]));
  const doc = (args) => `/api/documents/${enc(args.documentId)}`;
  const body = (answer) => answer.body;

  /** The harness names and the Worker route each stands for. */
  const handlers = {
    config: async (cfg) => ({ api: cfg.publicApi }),
    'list-models': async (cfg) => body(await worker(cfg, 'GET', '/api/models')),
    extract: async (cfg, a) =>
      body(await worker(cfg, 'POST', '/api/documents', pick(a, ['title', 'text', 'model', 'images']))),
    append: async (cfg, a) =>
      body(
        await worker(
          cfg,
          'POST',
          `${doc(a)}/append`,
          pick(a, ['text', 'model', 'expectedRevision']),
          a.writeCapability,
        ),
      ),
    'task-status': async (cfg, a) => taskShape(await worker(cfg, 'GET', `/api/tasks/${enc(a.taskId)}`)),
    'trajectory-status': async (cfg, a) => taskShape(await worker(cfg, 'GET', `/api/tasks/${enc(a.taskId)}`)),
    'task-cancel': async (cfg, a) => {
      const answer = await worker(cfg, 'POST', `/api/tasks/${enc(a.taskId)}/cancel`, undefined, a.writeCapability);
      if (answer.status === 404) return { status: 'not_found' };
      if (answer.body?.error?.code === 'not_cancellable')
        return taskShape(await worker(cfg, 'GET', `/api/tasks/${enc(a.taskId)}`));
      return answer.body?.error ? answer.body : { status: 'cancelling' };
    },
    'document-load': async (cfg, a) => body(await worker(cfg, 'GET', doc(a))),
    'graph-query': async (cfg, a) => {
      const { documentId, ...rest } = a;
      return body(await worker(cfg, 'POST', `${doc({ documentId })}/query`, rest));
    },
    'answer-graph': async (cfg, a) => {
      const { documentId, ...rest } = a;
      return body(await worker(cfg, 'POST', `${doc({ documentId })}/answers`, rest));
    },
    'verify-graph': async (cfg, a) =>
      body(await worker(cfg, 'POST', `${doc(a)}/verify`, pick(a, ['mode', 'expectedRevision', 'model']))),
    'question-graph': async (cfg, a) =>
      body(
        await worker(cfg, 'POST', `${doc(a)}/questions`, pick(a, ['question', 'target', 'expectedRevision', 'model'])),
      ),
    'graph-commit': async (cfg, a) =>
      body(
        await worker(
          cfg,
          'POST',
          `${doc(a)}/commit`,
          pick(a, ['expectedRevision', 'operations', 'reportId']),
          a.writeCapability,
        ),
      ),
    // Agent traces: the session's events go as they are (POST /api/traces takes the harness's event shapes).
    'trajectory-extract': async (cfg, a) =>
      body(await worker(cfg, 'POST', '/api/traces', pick(a, ['title', 'events', 'model']))),
    'trajectory-append': async (cfg, a) =>
      body(
        await worker(
          cfg,
          'POST',
          `/api/traces/${enc(a.documentId)}/events`,
          pick(a, ['events', 'expectedRevision', 'model']),
          a.writeCapability,
        ),
      ),
  };

  async function call(cfg, name, args) {
    const handler = Object.hasOwn(handlers, name) ? handlers[name] : null;
    if (!handler) return null;
    return handler(cfg, args && typeof args === 'object' ? args : {});
  }

  // ---- persistent mode: a prefix route on the harness's webServer (node req/res) ----
  function readBody(req, limit) {
    return new Promise((resolve, reject) => {
      const chunks = [];
      let size = 0;
      req.on('data', (chunk) => {
        size += chunk.length;
        if (size > limit) {
          reject(Object.assign(new Error('body too large'), { code: 'input_too_large' }));
          req.destroy();
        } else chunks.push(chunk);
      });
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  }

  function send(res, status, payload) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(payload));
  }

  /** /api/dsh-knowledge-graph/kg/<path>: the Worker's API and component files, unchanged, with the host's token. */
  async function passThrough(cfg, req, res, rest) {
    const headers = {};
    for (const name of ['content-type', 'accept', 'accept-language', 'authorization', 'x-kg-capabilities'])
      if (req.headers[name]) headers[name] = req.headers[name];
    if (!headers.authorization && cfg.token) headers.authorization = `Bearer ${cfg.token}`;
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const upstream = await fetch(cfg.api + rest, {
      method: req.method,
      headers,
      body: hasBody ? await readBody(req, 8 * 1024 * 1024) : undefined,
    });
    const out = {};
    for (const name of ['content-type', 'cache-control', 'content-disposition', 'retry-after', 'x-kg-layout-cache']) {
      const value = upstream.headers.get(name);
      if (value) out[name] = value;
    }
    res.writeHead(upstream.status, out);
    res.end(Buffer.from(await upstream.arrayBuffer()));
  }

  function httpHandler(cfg) {
    return async (req, res) => {
      try {
        const url = new URL(req.url, 'http://host.invalid');
        const rest = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : url.pathname;
        if (rest.startsWith(`${PASS_THROUGH}/`))
          return await passThrough(cfg, req, res, rest.slice(PASS_THROUGH.length) + url.search);
        const name = rest.replace(/^\/+/, '');
        let args;
        if (GET_NAMES.includes(name) && req.method === 'GET') args = Object.fromEntries(url.searchParams);
        else if (req.method === 'POST') {
          const raw = (await readBody(req, 24 * 1024 * 1024)).toString('utf8');
          try {
            args = raw ? JSON.parse(raw) : {};
          } catch {
            return send(res, 200, { error: { code: 'invalid_input', message: 'the body is not JSON' } });
          }
        } else return send(res, 404, { error: { code: 'not_found', message: 'unknown endpoint' } });
        const answer = await call(cfg, name, args);
        if (answer === null) return send(res, 404, { error: { code: 'not_found', message: 'unknown endpoint' } });
        return send(res, 200, answer);
      } catch (error) {
        return send(res, error && error.code === 'input_too_large' ? 413 : 500, {
          error: {
            code: error && error.code === 'input_too_large' ? 'input_too_large' : 'internal',
            message: String(error?.message),
          },
        });
      }
    };
  }

  return {
    inject: ['timer'],
    names: Object.keys(handlers),
    /** Dynamic mode (cordis_define / cordis_run): the harness's global `harness.handle(name, fn)`. */
    apply(_ctx, config) {
      const cfg = settings(config);
      if (!cfg.publicApi) cfg.publicApi = cfg.api;
      for (const name of Object.keys(handlers)) globalThis.harness.handle(name, (args) => call(cfg, name, args));
    },
    /** Persistent mode (lib/index.js): prefix routes on the harness's webServer service, removed with the plugin. */
    applyPersistent(ctx, config) {
      const cfg = settings(config);
      // The page reaches the Worker through this host by default, so the token never leaves it.
      if (!cfg.publicApi) cfg.publicApi = PREFIX + PASS_THROUGH;
      ctx.effect(
        () => ctx.webServer.register({ kind: 'prefix', path: PREFIX, handler: httpHandler(cfg) }),
        'kg-workbench routes',
      );
    },
  };
}
