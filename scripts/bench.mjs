// `npm run bench`: runs every benchmark in bench/, one at a time, and prints one table of their figures against
// their goals. Each bench prints `BENCH {json}` lines (bench/report.ts); the rest of its output passes through.
//   npm run bench                      all benchmarks at full size
//   npm run bench -- --light           small sizes only (the CI step of `npm test`, about 2 minutes on a quiet machine)
//   npm run bench -- ui-graph layout   only the named benchmarks
// Verdicts: "ok" meets the goal; "ok (noise)" misses it by no more than the noise the bench measured (the spread
// (max − min) / median of its runs); "MISS" misses it by more; "—" has no goal. The exit code is 1 when a figure is
// a MISS or a bench failed, else 0. The table is also written to test-results/bench[-light].json.
// In the light run a figure whose goal is an open issue's target not yet reached is held to its `gate` instead (a
// regression bound, shown as "CI …" beside the goal); the load stress bench runs only in full runs.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/wrangler.mjs';

const BENCHES = [
  { name: 'segment', file: 'bench/segment.bench.ts' },
  // Files in: 1M characters of .txt, .md, .html, .docx and .pdf through core/files (issue 31: < 5 s each).
  { name: 'files', file: 'bench/files.bench.ts' },
  { name: 'heuristic', file: 'bench/heuristic.bench.ts' },
  { name: 'mine-offline', file: 'bench/mine/mine-offline.ts' },
  // The concept layer's connectivity on every fixture text (computed, not timed: the same texts in light runs).
  { name: 'connectivity', file: 'bench/connectivity.bench.ts' },
  { name: 'model-pipeline', file: 'bench/model-pipeline.bench.ts' },
  { name: 'ui-graph', file: 'bench/ui-graph.bench.ts' },
  { name: 'layout', file: 'bench/layout.bench.ts' },
  { name: 'extract-e2e', file: 'bench/extract-e2e.bench.ts' },
  { name: 'insights', file: 'bench/insights.bench.ts', optional: true },
  // Graph query over HTTP at 2k / 20k / 100k nodes (loading 100k nodes into local D1 takes minutes): full runs only.
  { name: 'query', file: 'bench/query.bench.ts', full: true },
  { name: 'verify', file: 'bench/verify.bench.ts' },
  // An agent's 10-event appends as its trace grows to 2,000 events, through wrangler dev: full runs only.
  { name: 'trace-append', file: 'bench/trace-append.bench.ts', full: true },
  // The 15,000-node overview against Cytoscape.js in Chromium (Cytoscape's first frame alone takes minutes): full runs only.
  { name: 'overview', file: 'bench/overview.bench.ts', full: true },
  // A stress run (three 1M-character extractions and three maximum layouts at once, minutes long): full runs only.
  { name: 'load', file: 'bench/load.bench.ts', optional: true, full: true },
];

const args = process.argv.slice(2);
const light = args.includes('--light');
const wanted = args.filter((a) => !a.startsWith('--'));
const unknown = wanted.filter((w) => !BENCHES.some((b) => b.name === w));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
const chosen = BENCHES.filter(
  (b) =>
    (wanted.length === 0 || wanted.includes(b.name)) &&
    !(b.optional && !existsSync(path.join(ROOT, b.file))) &&
    !(light && b.full && !wanted.includes(b.name)),
);
/** A bench that runs longer than this is stopped and counted as failed. */
const TIMEOUT_MS = (light ? 10 : 30) * 60_000;
const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');

let current = null;
// Ctrl+C (or a SIGTERM) stops the running bench too (it runs in its own process group, with wrangler or Chromium under it).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    if (current?.exitCode === null) process.kill(-current.pid, 'SIGTERM');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

/** Runs one bench, passing its output through; resolves with its BENCH figures, exit code and duration. */
function run(bench) {
  return new Promise((resolve) => {
    const started = Date.now();
    const load = loadavg()[0];
    const child = spawn(tsx, [bench.file, ...(light ? ['--light'] : [])], {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    current = child;
    const figures = [];
    let pending = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) collect(line, figures);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    }, TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      collect(pending, figures);
      resolve({
        bench: bench.name,
        code: timedOut ? 'timeout' : code,
        seconds: (Date.now() - started) / 1000,
        load,
        figures,
      });
    });
  });
}

function collect(line, figures) {
  const at = line.indexOf('BENCH {');
  if (at < 0) return;
  try {
    figures.push(JSON.parse(line.slice(at + 6)));
  } catch {
    console.error(`(unreadable BENCH line: ${line})`);
  }
}

/** What a figure is judged against: its goal, or in the light CI run its gate when it has one (bench/report.ts). */
const bound = (f) => (light && f.gate !== undefined ? f.gate : f.goal);

/** ok / ok (noise) / MISS / — for one figure. */
function verdict(f) {
  const target = bound(f);
  if (target === null || target === undefined) return '—';
  const lower = f.better !== 'higher';
  const tag = target === f.goal ? '' : ' (gate)';
  if (lower ? f.value <= target : f.value >= target) return `ok${tag}`;
  const allowed = lower ? target * (1 + f.noise) : target * (1 - f.noise);
  return (lower ? f.value <= allowed : f.value >= allowed) ? `ok (noise)${tag}` : `MISS${tag}`;
}

const num = (v) => (Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : Number(v.toPrecision(3)).toString());
const withUnit = (v, unit) => (unit ? `${num(v)} ${unit}` : num(v));

const results = [];
const t0 = Date.now();
for (const bench of chosen) {
  console.log(`\n▶ bench ${bench.name}${light ? ' (light)' : ''}: ${bench.file}`);
  results.push(await run(bench));
}

const rows = [];
for (const r of results) {
  for (const f of r.figures) rows.push({ bench: r.bench, ...f, verdict: verdict(f) });
  if (r.code !== 0)
    rows.push({ bench: r.bench, name: `${r.bench}: the bench failed (exit ${r.code})`, verdict: 'ERROR' });
  else if (r.figures.length === 0)
    rows.push({ bench: r.bench, name: `${r.bench}: printed no BENCH line`, verdict: 'ERROR' });
}

const table = rows.map((row) => [
  row.name,
  row.value === undefined ? '' : withUnit(row.value, row.unit),
  row.goal === null || row.goal === undefined
    ? '—'
    : `${row.better === 'higher' ? '≥' : '≤'} ${withUnit(row.goal, row.unit)}${light && row.gate !== undefined ? ` (CI ${withUnit(row.gate, row.unit)})` : ''}`,
  row.noise === undefined ? '' : `${Math.round(row.noise * 100)} %`,
  row.runs === undefined ? '' : String(row.runs),
  row.verdict,
  row.note ?? '',
]);
const header = ['figure', 'value', 'goal', 'noise', 'runs', 'verdict', 'note'];
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
const line = (cells) =>
  cells
    .map((c, i) => (i === 1 || i === 2 || i === 3 || i === 4 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
    .join('  ')
    .trimEnd();
const count = (v) => rows.filter((r) => r.verdict.replace(' (gate)', '') === v).length;
const seconds = (Date.now() - t0) / 1000;

console.log(
  `\n${light ? 'Light benchmarks' : 'Benchmarks'}: ${results.map((r) => `${r.bench} ${Math.round(r.seconds)} s (load ${r.load.toFixed(1)})`).join(', ')}`,
);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const t of table) console.log(line(t));
const misses = count('MISS');
const errors = count('ERROR');
console.log(
  `\n${rows.length - errors} figures: ${count('ok')} ok, ${count('ok (noise)')} within noise, ${misses} missed, ${count('—')} without a goal` +
    `${errors ? `; ${errors} bench(es) failed` : ''}; ${Math.round(seconds)} s in all`,
);

mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
writeFileSync(
  path.join(ROOT, 'test-results', light ? 'bench-light.json' : 'bench.json'),
  `${JSON.stringify({ light, seconds, results, rows }, null, 2)}\n`,
);
process.exit(misses > 0 || errors > 0 ? 1 : 0);
