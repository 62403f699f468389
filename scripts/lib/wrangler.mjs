// Running wrangler locally with no hangs and no outbound lookups (see docs/testing.md#running-wrangler-locally).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WRANGLER = path.join(ROOT, 'node_modules', '.bin', 'wrangler');

export const WRANGLER_ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CI: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  NO_D1_WARNING: 'true',
};
// wrangler dev drains a body the Worker left unread before the answer leaves; without that, the request after every
// refused body fails with its proxy's 503 (docs/testing.md, "What the local runtime answers"), so it stays on.
delete WRANGLER_ENV.WRANGLER_DISABLE_REQUEST_BODY_DRAINING;

/** Applies the D1 migrations to the local state folder. */
export function applyMigrations(stateDir, { quiet = false } = {}) {
  const result = spawnSync(WRANGLER, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir], {
    cwd: ROOT,
    env: WRANGLER_ENV,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(
      `wrangler d1 migrations apply failed (${result.status})\n${result.stdout ?? ''}${result.stderr ?? ''}`,
    );
  }
}

/** Vars every local run gets: rate limits count local callers in one bucket, since a client may send any
 * cf-connecting-ip to `wrangler dev` (docs/fair-use.md, "Rate limits"). */
export const LOCAL_VARS = { KG_CALLER_ADDRESS: 'local' };

/**
 * Starts `wrangler dev` on 127.0.0.1:port with local D1/R2/DO state in stateDir.
 * vars: extra Worker vars and secrets (over LOCAL_VARS). They go through a private env file (mode 0600, removed when
 * wrangler exits), not the command line, so keys never show in the process list.
 */
export function startWranglerDev({ port, stateDir, vars = {}, stdio = 'pipe' }) {
  const args = [
    'dev',
    '--local',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--persist-to',
    stateDir,
    '--show-interactive-dev-session=false',
  ];
  const entries = Object.entries({ ...LOCAL_VARS, ...vars }).filter(([, value]) => value !== undefined && value !== '');
  let envDir;
  if (entries.length > 0) {
    envDir = mkdtempSync(path.join(tmpdir(), 'kg-vars-'));
    const file = path.join(envDir, 'worker.env');
    const lines = entries.map(([key, value]) => {
      if (!/^[A-Z][A-Z0-9_]*$/.test(key) || /[\r\n]/.test(String(value)))
        throw new Error(`Cannot pass ${key} to wrangler: bad name or a line break in its value.`);
      return `${key}=${value}`;
    });
    writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
    args.push('--env-file', file);
  }
  const child = spawn(WRANGLER, args, { cwd: ROOT, env: WRANGLER_ENV, stdio, detached: process.platform !== 'win32' });
  if (envDir) child.once('exit', () => rmSync(envDir, { recursive: true, force: true }));
  return child;
}

export async function waitForHealth(baseUrl, timeoutMs = 60_000, child) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
      lastError = `status ${res.status}`;
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not become healthy at ${baseUrl}: ${lastError}`);
}

/** Stops a detached child and its process group. */
export async function stopProcess(child, signal = 'SIGTERM') {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
