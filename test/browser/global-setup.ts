// Starts the product as users run it (`wrangler dev` with local D1, R2 and Durable Objects in a fresh state
// folder) for the browser tests, and stops it afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  applyMigrations,
  freePort,
  startWranglerDev,
  stopProcess,
  waitForHealth,
} from '../../scripts/lib/wrangler.mjs';

export default async function setup(project: TestProject) {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'kg-state-'));
  applyMigrations(stateDir, { quiet: true });
  const port: number = await freePort();
  const child = startWranglerDev({ port, stateDir });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, 90_000, child);
  } catch (error) {
    await stopProcess(child);
    throw new Error(`${(error as Error).message}\n${log.slice(-4000)}`);
  }
  project.provide('baseUrl', baseUrl);
  return async () => {
    await stopProcess(child);
    rmSync(stateDir, { recursive: true, force: true });
  };
}
