// A `wrangler dev` of a test file's own (a model configured, a CORS origin named …), where the shared one of
// test/browser/global-setup.ts will not do: fresh local state with the migrations applied, a free port, its log
// kept for the error when it does not come up, and a stop that removes the state.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  applyMigrations,
  freePort,
  startWranglerDev,
  stopProcess,
  waitForHealth,
} from '../../scripts/lib/wrangler.mjs';

export interface OwnWorker {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts the Worker with `vars` and waits for its health check (90 s); the state folder is named after `name`. */
export async function startOwnWorker(name: string, vars: Record<string, string>): Promise<OwnWorker> {
  const stateDir = mkdtempSync(path.join(tmpdir(), `kg-state-${name}-`));
  applyMigrations(stateDir, { quiet: true });
  const port: number = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const wrangler: ChildProcess = startWranglerDev({ port, stateDir, vars });
  let log = '';
  wrangler.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  wrangler.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const stop = async () => {
    await stopProcess(wrangler);
    rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, 90_000, wrangler);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${log.slice(-3000)}`);
  }
  return { baseUrl, stop };
}
