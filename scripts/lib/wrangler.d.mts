import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const WRANGLER_ENV: NodeJS.ProcessEnv;
export const LOCAL_VARS: Readonly<Record<string, string>>;
export function applyMigrations(stateDir: string, options?: { quiet?: boolean }): void;
export function startWranglerDev(options: {
  port: number;
  stateDir: string;
  vars?: Record<string, string | undefined>;
  stdio?: 'pipe' | 'inherit' | 'ignore';
}): ChildProcess;
export function waitForHealth(baseUrl: string, timeoutMs?: number, child?: ChildProcess): Promise<void>;
export function stopProcess(child: ChildProcess | undefined, signal?: NodeJS.Signals): Promise<void>;
export function freePort(): Promise<number>;
