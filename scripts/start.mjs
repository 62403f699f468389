// `npm start`: build, apply local D1 migrations, run `wrangler dev` with local D1, R2 and Durable Objects.
// PORT (default 8787) and KG_STATE_DIR (default ./.kg-state) choose the port and the local state folder.
// startWranglerDev sets what every local run needs: KG_CALLER_ADDRESS=local (a client-sent CF-Connecting-IP picks no
// rate-limit bucket; docs/fair-use.md) and wrangler's body draining kept on (docs/testing.md).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { applyMigrations, ROOT, startWranglerDev } from './lib/wrangler.mjs';

const port = Number(process.env.PORT || 8787);
const stateDir = path.resolve(ROOT, process.env.KG_STATE_DIR || '.kg-state');

const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
applyMigrations(stateDir);

const child = startWranglerDev({ port, stateDir, stdio: 'inherit', vars: modelVars() });
console.log(`kg-workbench: http://127.0.0.1:${port}/  (state in ${stateDir})`);
const stop = (signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 0));

/** Model configuration from the environment, passed to the Worker as vars (see README). */
function modelVars() {
  const names = [
    'KG_LLM_BASE_URL',
    'KG_LLM_API_KEY',
    'KG_LLM_MODEL',
    'KG_LLM_CONCURRENCY',
    'KG_MODEL_TIMEOUT_MS',
    'KG_MODELS',
    'KG_CORS_ORIGINS',
    'KG_API_TOKEN',
    'KG_CAPABILITY_SECRET',
    'KG_INSIGHTS',
  ];
  // Secrets that KG_MODELS refers to by name (apiKeySecret) come along too.
  try {
    for (const entry of JSON.parse(process.env.KG_MODELS || '[]'))
      if (entry?.apiKeySecret) names.push(entry.apiKeySecret);
  } catch {
    /* the Worker reports an invalid KG_MODELS in GET /api/models */
  }
  return Object.fromEntries(names.filter((n) => process.env[n]).map((n) => [n, process.env[n]]));
}
