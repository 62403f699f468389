// `npm run deploy:check` (a step of `npm test`): `wrangler deploy --dry-run` bundles the Worker exactly as a deploy
// would, offline and without logging in, and writes it to a scratch folder; this prints the upload size (total and
// gzipped: the limit is on the gzipped script) against the Workers limits and fails above the Free plan's.
// The static files in public/ are uploaded beside the script as assets and do not count towards it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, WRANGLER_ENV } from './lib/wrangler.mjs';

/** Workers script size limits, gzipped (https://developers.cloudflare.com/workers/platform/limits/#worker-size). */
const LIMITS = { free: 3 * 1024 * 1024, paid: 10 * 1024 * 1024 };

const outdir = mkdtempSync(path.join(tmpdir(), 'kg-deploy-dry-'));
try {
  const wrangler = path.join(ROOT, 'node_modules', '.bin', 'wrangler');
  const run = spawnSync(wrangler, ['deploy', '--dry-run', '--outdir', outdir], {
    cwd: ROOT,
    env: WRANGLER_ENV,
    encoding: 'utf8',
  });
  const log = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  if (run.status !== 0) {
    console.error(log);
    console.error(`wrangler deploy --dry-run failed (${run.status})`);
    process.exit(1);
  }
  // What wrangler reports, and the same measured from the files it wrote (every module it would upload).
  const reported = /Total Upload: ([\d.]+ KiB) \/ gzip: ([\d.]+ KiB)/.exec(log);
  const modules = readdirSync(outdir).filter((f) => /\.(m?js|wasm|bin|txt|html)$/.test(f));
  const bytes = modules.reduce((s, f) => s + readFileSync(path.join(outdir, f)).length, 0);
  const gzip = modules.reduce((s, f) => s + gzipSync(readFileSync(path.join(outdir, f)), { level: 9 }).length, 0);
  const kib = (b) => `${(b / 1024).toFixed(1)} KiB`;
  const mib = (b) => `${(b / 1024 / 1024).toFixed(0)} MiB`;
  console.log(
    `Worker upload (wrangler deploy --dry-run): ${reported ? `${reported[1]}, gzip ${reported[2]} (wrangler)` : 'wrangler printed no total'}; measured ${kib(bytes)}, gzip ${kib(gzip)} in ${modules.join(', ')}`,
  );
  console.log(
    `  limits (gzipped): Free ${mib(LIMITS.free)} — ${((100 * gzip) / LIMITS.free).toFixed(0)}% used; Paid ${mib(LIMITS.paid)} — ${((100 * gzip) / LIMITS.paid).toFixed(0)}% used`,
  );
  if (gzip > LIMITS.free) {
    console.error(`the Worker is over the Free plan's ${mib(LIMITS.free)} gzipped script limit`);
    process.exit(1);
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
