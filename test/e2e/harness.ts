// The product as users run it: `wrangler dev` (local D1, R2, Durable Objects) in a state folder of its own, pointed
// at the scripted OpenAI-compatible server over real HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import {
  applyMigrations,
  freePort,
  startWranglerDev,
  stopProcess,
  waitForHealth,
} from '../../scripts/lib/wrangler.mjs';

export interface Dev {
  base: string;
  stateDir: string;
  child: ChildProcess;
  log: () => string;
}

export function newStateDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kg-e2e-'));
  applyMigrations(dir, { quiet: true });
  return dir;
}

export async function startDev(stateDir: string, vars: Record<string, string>): Promise<Dev> {
  const port = await freePort();
  const child = startWranglerDev({ port, stateDir, vars });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, 90_000, child);
  } catch (error) {
    await stopProcess(child);
    throw new Error(`${(error as Error).message}\n${log.slice(-3000)}`);
  }
  return { base, stateDir, child, log: () => log };
}

export const stopDev = (dev: Dev | undefined, signal?: NodeJS.Signals) => stopProcess(dev?.child, signal);
export const removeState = (dir: string) => rmSync(dir, { recursive: true, force: true });

export async function api<T = any>(
  base: string,
  pathname: string,
  init?: RequestInit & { json?: unknown },
): Promise<{ status: number; body: T }> {
  const headers = new Headers(init?.headers);
  let body = init?.body;
  if (init?.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const res = await fetch(`${base}${pathname}`, { ...init, headers, body });
  return { status: res.status, body: (await res.json()) as T };
}

export async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function scriptedModels(llmUrl: string, models: string[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify(
    models.map((model) => ({ provider: 'openai-compatible', model, baseUrl: llmUrl, batchChars: 400, ...extra })),
  );
}
