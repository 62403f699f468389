// `wrangler dev` for the benches that go through the product as users run it: a fresh local state folder with the
// D1 migrations applied, its output drained (an unread pipe would fill and stall wrangler) and kept, so that a start
// that never becomes healthy says why. DEV_LOG=<file> appends all of wrangler's output to that file.
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyMigrations, freePort, startWranglerDev, stopProcess, waitForHealth } from '../scripts/lib/wrangler.mjs';

export interface DevServer {
  base: string;
  /** wrangler's pid, also the process group of the workerd it runs (a bench can read their CPU time in /proc). */
  pid: number;
  /** User + system CPU (ms, 10 ms resolution) the workerd processes of this server have used so far. */
  workerdCpuMs(): number;
  /** The same, split: `runtime` is the workerd that runs the Worker, its Durable Objects and miniflare's D1 and R2
   *  simulators; `proxy` is the one wrangler puts in front of it on the dev port (every request passes through it
   *  locally; a deployed Worker has no such hop). */
  workerdCpuByRole(): { runtime: number; proxy: number };
  stop(): Promise<void>;
}

export async function startDevServer(options: { vars?: Record<string, string> } = {}): Promise<DevServer> {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'kg-bench-'));
  applyMigrations(stateDir, { quiet: true });
  const port = await freePort();
  const child = startWranglerDev({ port, stateDir, vars: options.vars });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
    if (process.env.DEV_LOG) appendFileSync(process.env.DEV_LOG, chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  // wrangler runs in its own process group: stopping the bench (Ctrl+C, a timeout of scripts/bench.mjs) must stop it.
  const onSignal = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
    rmSync(stateDir, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const stop = async () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stopProcess(child);
    rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    // Generous: on a loaded 2-core machine a first start has taken 45 s.
    await waitForHealth(base, 180_000, child);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nwrangler said:\n${tail}`);
  }
  return {
    base,
    pid: child.pid!,
    workerdCpuMs: () => workerdCpuMs(child.pid!),
    workerdCpuByRole: () => {
      const split = { runtime: 0, proxy: 0 };
      for (const p of workerdProcesses(child.pid!))
        split[p.cmdline.includes(`entry=127.0.0.1:${port} `) ? 'proxy' : 'runtime'] += p.cpuMs;
      return split;
    },
    stop,
  };
}

/** User + system CPU (ms) of the workerd processes in wrangler's process group, from /proc (Linux clock ticks). */
export function workerdCpuMs(group: number): number {
  return workerdProcesses(group).reduce((sum, p) => sum + p.cpuMs, 0);
}

function workerdProcesses(group: number): Array<{ cmdline: string; cpuMs: number }> {
  const out: Array<{ cmdline: string; cpuMs: number }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the name: state(0) ppid(1) pgrp(2) … utime(11) stime(12). USER_HZ is 100 on Linux.
      if (!name.startsWith('workerd') || Number(fields[2]) !== group) continue;
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      out.push({ cmdline, cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 });
    } catch {
      /* the process ended */
    }
  }
  return out;
}
