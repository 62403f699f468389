// What `wrangler dev` answers before, or instead of, the Worker (docs/testing.md, "What the local runtime answers"):
// wrangler's proxy (a workerd running its ProxyWorker on the dev port) forwards every request over HTTP to miniflare's
// workerd, which runs the Worker wrapped in wrangler's dev middleware. Not a benchmark: each case prints the status,
// content type, time to the first byte and the start of the body, from raw sockets where the exact bytes matter.
// --no-drain: start wrangler with WRANGLER_DISABLE_REQUEST_BODY_DRAINING=true. --load N: N rounds of a 1M-character
// create while two 1M-character creates and two maximum layouts run (looking for the 503 seen once under load).
// --gaps: creates after idle gaps of 4.6-5.3 s. DEV_LOG=<file> keeps wrangler's output.
// Run: npx tsx bench/local-runtime-probe.ts [--no-drain] [--load 5] [--gaps]
import net from 'node:net';
import { sampleKnowledgeGraph } from '../core/layout/sample-graphs';
import { WRANGLER_ENV } from '../scripts/lib/wrangler.mjs';
import { mixedText } from '../test/support/texts';
import { startDevServer } from './dev-server';

const args = process.argv.slice(2);
// Off for this probe only: every other run keeps wrangler's draining (scripts/lib/wrangler.mjs).
if (args.includes('--no-drain')) WRANGLER_ENV.WRANGLER_DISABLE_REQUEST_BODY_DRAINING = 'true';
const loadRounds = args.includes('--load') ? Number(args[args.indexOf('--load') + 1] || 5) : 0;

const dev = await startDevServer();
const port = Number(new URL(dev.base).port);
const t0 = Date.now();
const log = (s: string) => console.log(`${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} ${s}`);

interface Raw {
  status: string;
  type: string;
  firstByteMs: number | null;
  body: string;
}

/** One request on its own connection, `head` and `body` written as given (a body shorter than declared stalls). */
function raw(head: string, body = '', waitMs = 30_000): Promise<Raw> {
  return new Promise((resolve) => {
    const start = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let got = '';
    let first: number | null = null;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const [headers = '', rest = ''] = got.split('\r\n\r\n');
      resolve({
        status: headers.split('\r\n')[0] || '(no answer)',
        type: /content-type: *([^\r]*)/i.exec(headers)?.[1] ?? '',
        firstByteMs: first,
        body: rest.slice(0, 160).replace(/\s+/g, ' '),
      });
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (d) => {
      first ??= Date.now() - start;
      got += d.toString('latin1');
      // One answer is enough once its body has arrived (the server may keep the connection open).
      const length = /content-length: *(\d+)/i.exec(got)?.[1];
      const split = got.indexOf('\r\n\r\n');
      if (length && split >= 0 && got.length - split - 4 >= Number(length)) done();
    });
    socket.on('end', done);
    socket.on('error', done);
    socket.on('connect', () => socket.write(head + body));
  });
}

const show = (label: string, r: Raw) =>
  log(`${label}: ${r.status} [${r.type}] first byte ${r.firstByteMs ?? '-'} ms | ${r.body}`);
const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}\r\n`;
const post = (path: string, length: number, method = 'POST') =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

async function fetched(label: string, path: string, init?: RequestInit) {
  const start = Date.now();
  try {
    const res = await fetch(`${dev.base}${path}`, { ...init, signal: AbortSignal.timeout(120_000) });
    const body = (await res.text()).slice(0, 160).replace(/\s+/g, ' ');
    log(`${label}: ${res.status} [${res.headers.get('content-type')}] in ${Date.now() - start} ms | ${body}`);
    return res.status;
  } catch (error) {
    log(`${label}: failed after ${Date.now() - start} ms: ${(error as Error).message}`);
    return 0;
  }
}

/** A body streamed without a declared length (chunked). */
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

const create = (text: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ text }),
});

// 1. Sizes: the Worker answers 414 over 8 KiB; the runtimes' HTTP servers stop at 128 KiB of request head.
for (const kib of [9, 63, 64, 127])
  show(`URL of ${kib} KiB`, await raw(get(`/api/health?q=${'x'.repeat(kib * 1024)}`)));
for (const kib of [100, 127, 129, 200])
  show(`header of ${kib} KiB`, await raw(get('/api/health', `X-Big: ${'y'.repeat(kib * 1024)}\r\n`)));

// 2. A declared 60 MB body that stalls after 1 KB: the Worker refuses it at once (Content-Length over the limit).
show('60 MB declared, stalled', await raw(post('/api/documents', 60_000_000), `{"text":"${'a'.repeat(1000)}`, 25_000));

await fetched('  the create after it', '/api/documents', create('Alpha is a beta.'));
// 2b. A body over the route's limit, declared and sent whole (the Worker answers 413 without reading it), then a create.
for (let i = 0; i < 3; i++) {
  await fetched(`declared 2 MB to a 64 KiB route #${i}`, '/api/documents/x/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: 'a'.repeat(2_000_000),
  });
  await fetched(`  the create after it #${i}`, '/api/documents', create(`Alpha is a beta number ${i}.`));
}

// 3. A GET with a body, abandoned by its client mid-body, then an ordinary request on a new connection.
await new Promise<void>((resolve) => {
  const socket = net.connect(port, '127.0.0.1', () =>
    socket.write(post('/api/health', 100_000, 'GET') + 'a'.repeat(1000)),
  );
  socket.on('error', () => undefined);
  setTimeout(() => {
    socket.destroy();
    resolve();
  }, 1000);
});
show('the request after an abandoned GET with a body', await raw(get('/api/health', 'Connection: close\r\n')));

// 4. A streamed body refused half-way (413 once it passes the route's 64 KiB), then an ordinary create.
for (let i = 0; i < 3; i++) {
  await fetched(`streamed 2 MB to a 64 KiB route #${i}`, '/api/documents/x/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: streamed(2_000_000),
    duplex: 'half',
  } as RequestInit);
  await fetched(`  the create after it #${i}`, '/api/documents', create(`Alpha is a beta number ${i}.`));
}

// 5. A create whose client gives up mid-upload, then an ordinary create.
for (let i = 0; i < 3; i++) {
  const abort = new AbortController();
  const upload = fetch(`${dev.base}/api/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: streamed(4_000_000),
    duplex: 'half',
    signal: abort.signal,
  } as RequestInit).catch(() => undefined);
  setTimeout(() => abort.abort(), 50);
  await upload;
  await fetched(
    `the create after an abandoned upload #${i}`,
    '/api/documents',
    create(`Gamma is a delta number ${i}.`),
  );
}

// 6. Under load: a 1M-character create while other heavy work runs.
const graph = sampleKnowledgeGraph(400, { seed: 3 });
const statuses = new Map<number, number>();
for (let round = 0; round < loadRounds; round++) {
  const heavy = [
    fetched(`load ${round}: background create A`, '/api/documents', create(`${round}A\n${mixedText(1_000_000 - 4)}`)),
    fetched(`load ${round}: background create B`, '/api/documents', create(`${round}B\n${mixedText(1_000_000 - 4)}`)),
    ...[1, 2].map((seed) =>
      fetched(`load ${round}: layout ${seed}`, '/api/layout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...graph,
          nodes: graph.nodes.map((n) => ({ ...n, label: `${n.label ?? n.id} ${round}${seed}` })),
        }),
      }),
    ),
  ];
  await new Promise((r) => setTimeout(r, 300));
  const status = await fetched(
    `load ${round}: measured 1M create`,
    '/api/documents',
    create(`${round}M\n${mixedText(1_000_000 - 4)}`),
  );
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  await Promise.all(heavy);
}
if (loadRounds) log(`measured creates under load: ${JSON.stringify(Object.fromEntries(statuses))}`);

// 7. Idle gaps around 5 s between creates (kj's HTTP server closes an idle kept-alive connection after 5 s; a
// client that reuses it at that moment loses the request).
if (args.includes('--gaps')) {
  const seen = new Map<number, number>();
  for (let i = 0; i < 24; i++) {
    const gap = 4_600 + (i % 8) * 100;
    await new Promise((r) => setTimeout(r, gap));
    const status = await fetched(`create after ${gap} ms idle`, '/api/documents', create(`Epsilon is a zeta ${i}.`));
    seen.set(status, (seen.get(status) ?? 0) + 1);
  }
  log(`creates after idle gaps: ${JSON.stringify(Object.fromEntries(seen))}`);
}
await dev.stop();
process.exit(0);
