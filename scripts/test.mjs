// `npm test`: everything, on a fresh machine. Installs Chromium if missing, builds, type-checks, checks formatting and
// lint (Biome), unused exports (knip) and the import boundaries (dependency-cruiser), bundles the Worker with
// `wrangler deploy --dry-run` (size against the limits), runs every vitest project (core in Node, worker inside
// workerd, browser in real Chromium against `wrangler dev`) and prints a plain "N passed, N failed" line for CI.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { biomeCheck, knipCheck } from './lib/lint.mjs';
import { ROOT } from './lib/wrangler.mjs';

const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const step = (label, cmd, args) => {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  return r.status ?? 1;
};

ensureChromium();
if (step('build', process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')]) !== 0) process.exit(1);
const typecheck = step('typecheck', bin('tsc'), ['-b']);
// Formatting and lint (Biome), then exports, files and dependencies nothing uses (knip): each a failed test when
// it fails.
console.log('\n▶ format and lint');
const lint = biomeCheck(ROOT);
console.log('\n▶ unused exports');
const unused = knipCheck(ROOT);
// Import boundaries (.dependency-cruiser.cjs: core pure, the layers, no folder circles); a violation counts as a failed test.
const boundaries = step('import boundaries', bin('depcruise'), [
  'core',
  'components',
  'storage',
  'models',
  'durable-objects',
  'worker',
  '--config',
  '.dependency-cruiser.cjs',
]);
// The Worker bundled as `wrangler deploy` would upload it (dry run: offline, no login), held to the Workers size limit.
const deploy = step('deploy dry run', process.execPath, [path.join(ROOT, 'scripts', 'deploy-check.mjs')]);

mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
const report = path.join(ROOT, 'test-results', 'vitest.json');
const extra = process.argv.slice(2);
const vitest = step('vitest', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
]);
// The light benchmarks (small sizes, ~2 minutes): a figure that misses its goal by more than its measured noise
// fails the run like the type check does. Skipped when vitest is given a selection of tests.
const bench =
  extra.length > 0
    ? 0
    : step('light benchmarks', process.execPath, [path.join(ROOT, 'scripts', 'bench.mjs'), '--light']);

let passed = 0;
let failed = 0;
// CI shows only the tail of the output: the failed tests are named again here, next to the count.
const failedNames = [];
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = (json.numFailedTests ?? 0) + (json.numFailedTestSuites ?? 0);
  for (const file of json.testResults ?? []) {
    const rel = path.relative(ROOT, file.name ?? '');
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      failedNames.push(
        `${rel}: ${String(file.message ?? 'failed outside its tests')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed')
        failedNames.push(
          `${rel} > ${t.fullName}: ${String(t.failureMessages?.[0] ?? '')
            .split('\n')[0]
            .slice(0, 300)}`,
        );
    }
  }
} catch {
  failed += 1;
}
const notes = [];
if (typecheck !== 0) {
  failed += 1;
  notes.push('the type check');
}
// Vitest can fail a run with every test green (an unhandled error, a failing setup): count that too.
if (vitest !== 0 && failed === 0) {
  failed += 1;
  notes.push('errors vitest reported outside the tests');
}
if (bench !== 0) {
  failed += 1;
  notes.push('the light benchmarks');
}
if (lint !== 0) {
  failed += 1;
  notes.push('the format and lint check');
}
if (unused !== 0) {
  failed += 1;
  notes.push('the unused exports');
}
if (boundaries !== 0) {
  failed += 1;
  notes.push('the import boundaries');
}
if (deploy !== 0) {
  failed += 1;
  notes.push('the deploy dry run');
}
if (failedNames.length) console.log(`\nFailed:\n${failedNames.map((n) => `  ✗ ${n}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${notes.length ? ` (including ${notes.join(' and ')})` : ''}`);
process.exit(
  vitest !== 0 ||
    typecheck !== 0 ||
    lint !== 0 ||
    unused !== 0 ||
    boundaries !== 0 ||
    deploy !== 0 ||
    bench !== 0 ||
    failed > 0
    ? 1
    : 0,
);
