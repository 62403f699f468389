// A STAND-IN for the DSH harness's host services, written from docs/contracts/dsh-plugin.md (the harness itself is not
// published): the `webServer` service of the persistent bundle (`register({ kind: 'prefix', path, handler })` with
// Node req/res, docs/contracts/dsh-plugin.md#persistent-bundle), the `timer` service a dynamic host half injects, and the dynamic `harness.handle(name, fn)`
// global (docs/contracts/dsh-plugin.md#dynamic-plugin). The plugins load into a real Cordis context (the `cordis` package from npm); only these services
// are ours. The web server is a real Node HTTP server, and it can also serve static pages (the slot page).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Context, Service } from 'cordis';

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;
interface Route {
  kind: 'prefix';
  path: string;
  handler: Handler;
}

export interface StandIn {
  ctx: Context;
  base: string;
  /** The routes registered right now (a disposed plugin's are gone). */
  routes(): Route[];
  /** Serves a fixed file at an exact path (the stand-in slot page and its scripts). */
  serve(path: string, body: string | Buffer, type: string): void;
  /** Names registered through the dynamic `harness.handle` global. */
  handles: Map<string, (args: unknown) => unknown>;
  close(): Promise<void>;
}

export async function startStandIn(): Promise<StandIn> {
  const routes: Route[] = [];
  const files = new Map<string, { body: string | Buffer; type: string }>();
  const handles = new Map<string, (args: unknown) => unknown>();

  class WebServer extends Service {
    constructor(ctx: Context) {
      super(ctx, 'webServer');
    }
    register(route: Route): () => void {
      routes.push(route);
      return () => {
        const at = routes.indexOf(route);
        if (at >= 0) routes.splice(at, 1);
      };
    }
  }
  // The harness's timer service (ctx.interval / ctx.timeout in the seed); the host half only injects it.
  class Timer extends Service {
    constructor(ctx: Context) {
      super(ctx, 'timer');
    }
  }

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const file = files.get(path);
    if (file) {
      res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' });
      res.end(file.body);
      return;
    }
    // Longest prefix wins, as a router would.
    const route = routes
      .filter((r) => path === r.path || path.startsWith(`${r.path}/`))
      .sort((a, b) => b.path.length - a.path.length)[0];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('no route');
      return;
    }
    Promise.resolve(route.handler(req, res)).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  (globalThis as { harness?: unknown }).harness = {
    handle: (name: string, fn: (args: unknown) => unknown) => handles.set(name, fn),
  };
  const ctx = new Context();
  await ctx.plugin(WebServer as never, undefined as never);
  await ctx.plugin(Timer as never, undefined as never);

  return {
    ctx,
    base,
    routes: () => [...routes],
    serve: (path, body, type) => files.set(path, { body, type }),
    handles,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      delete (globalThis as { harness?: unknown }).harness;
    },
  };
}
