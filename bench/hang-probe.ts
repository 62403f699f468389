// Probe for the "hang under load" (issue 10), through `wrangler dev` as users run it: three 20,000-character
// extractions and three 300-node layouts posted at once, while two loops read /api/health and GET /api/tasks/:id one
// after another (50 ms apart, so each reuses its keep-alive connection), every line timestamped, the workerd
// processes' CPU sampled every 2 s. Not a benchmark (nothing is judged): it prints what happened to each request.
// Seen on the 2-core build machine (docs/fair-use.md): reads wait while ELK runs (one thread), and a
// read sent right after a ~9 s block sometimes never answers (90 s timeout) while every process idles.
// Run: npx tsx bench/hang-probe.ts
import { execSync } from 'node:child_process';
import { sampleKnowledgeGraph } from '../core/layout/sample-graphs';
import { mixedText } from '../test/support/texts';
import { startDevServer } from './dev-server';

const dev = await startDevServer();
const base = dev.base;
const t0 = Date.now();
const ts = () => ((Date.now() - t0) / 1000).toFixed(1).padStart(5);
const log = (s: string) => console.log(`${ts()} ${s}`);
function cpu() {
  try {
    return execSync(`ps -C workerd -o pid=,pcpu=,etimes= | tr -s ' '`).toString().trim().replace(/\n/g, ' | ');
  } catch {
    return '?';
  }
}
async function timed(label: string, url: string, init?: RequestInit) {
  const s = Date.now();
  try {
    const res = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(90_000) });
    const body = await res.text();
    log(`${label} -> ${res.status} in ${Date.now() - s} ms ${body.slice(0, 80).replace(/\s+/g, ' ')}`);
    return body;
  } catch (e) {
    log(`${label} -> FAILED after ${Date.now() - s} ms ${(e as Error).message}`);
    return '';
  }
}
const sampler = setInterval(() => log(`cpu ${cpu()}`), 2000);
const tasks: string[] = [];
const posts = [1, 2, 3].map(async (seed) => {
  const text = `${seed}\n\n${mixedText(20_000 - 10)}`.slice(0, 20_000);
  const body = await timed(`create ${seed}`, '/api/documents', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  try {
    tasks.push(JSON.parse(body).taskId);
  } catch {}
});
const layouts = [1, 2, 3].map((seed) => {
  const g = sampleKnowledgeGraph(300, { seed, crossLinks: 1 });
  const graph = { nodes: g.nodes.map((n) => ({ ...n, label: n.label?.slice(0, 200) })), edges: g.edges };
  return timed(`layout ${seed}`, '/api/layout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(graph),
  });
});
let stop = false;
const reads = Promise.all([
  (async () => {
    let i = 0;
    while (!stop) {
      await timed(`health#${i++}`, '/api/health');
      await new Promise((r) => setTimeout(r, 50));
    }
  })(),
  (async () => {
    let i = 0;
    while (!stop) {
      if (tasks.length)
        await timed(`status#${i} ${tasks[i % tasks.length].slice(-4)}`, `/api/tasks/${tasks[i % tasks.length]}`);
      i++;
      await new Promise((r) => setTimeout(r, 50));
    }
  })(),
]);
await Promise.all([...posts, ...layouts]);
log('heavy requests answered');
await new Promise((r) => setTimeout(r, 30_000));
stop = true;
await reads;
clearInterval(sampler);
await dev.stop();
process.exit(0);
