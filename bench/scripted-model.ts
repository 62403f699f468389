// The project's scripted OpenAI-compatible model server (test/support/scripted-llm.mjs) for the benches that go
// through a model: a separate process, so that its CPU time is never counted as ours; its stats count requests,
// prompt characters and concurrency, and its call log says when each call arrived and ended.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, ROOT } from '../scripts/lib/wrangler.mjs';
import type { CallSpan } from './call-timeline';

export interface ScriptedModelStats {
  requests: number;
  promptChars: number;
  maxInFlight: number;
  serviceMs: number;
}

export async function startScriptedModel() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'test/support/scripted-llm.mjs'), '--port', String(port)], {
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${origin}/__stats`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const stats = async () => (await (await fetch(`${origin}/__stats`)).json()) as ScriptedModelStats;
  const reset = () => fetch(`${origin}/__reset`, { method: 'POST' });
  /** When each call since the last reset arrived and ended (server clock = this machine's epoch milliseconds). */
  const spans = async () =>
    ((await (await fetch(`${origin}/__calls`)).json()) as CallSpan[]).map(({ at, done }) => ({ at, done }));
  return { url: `${origin}/v1`, child, stats, reset, spans };
}
