// `npm run qa`: the frozen quality gate (scripts/qa/cli.ts, run with the tsx the project already has for its benches).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/wrangler.mjs';

const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const r = spawnSync(tsx, [path.join(ROOT, 'scripts', 'qa', 'cli.ts'), ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
});
process.exit(r.status ?? 1);
