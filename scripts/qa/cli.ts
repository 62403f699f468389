// `npm run qa` (scripts/qa.mjs runs this with tsx). See scripts/qa/runner.ts for where graphs come from.
//   npm run qa                              built-in extractor, every set of test/fixtures/qa, gate checked
//   npm run qa -- --api http://127.0.0.1:8787 [--model ID]   a running Worker (the model path)
//   KG_MODELS='[…]' npm run qa              a local wrangler dev with these model variables (the model path)
//   npm run qa -- --cases wetlands.en --graph graph.json     score a graph file against one set
//   npm run qa -- --freeze                  write this run as the extractor's frozen baseline
//   --verbose                               print passing cases too; --json FILE writes the run as JSON
import { writeFileSync } from 'node:fs';
import { mkdtempSync, cpSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDevServer, type DevServer } from '../../bench/dev-server';
import { QA_DIR, formatQa, runQa, type QaOptions } from './runner';

const args = process.argv.slice(2);
const value = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};

/** The Worker's own model variables from this process's environment (KG_*, and the secrets KG_MODELS names). */
function modelVars(): Record<string, string> | undefined {
  const env = process.env;
  if (!env.KG_MODELS && !env.KG_LLM_BASE_URL) return undefined;
  const vars: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (k.startsWith('KG_') && v !== undefined) vars[k] = v;
  for (const m of env.KG_MODELS?.matchAll(/"apiKeySecret"\s*:\s*"([A-Z][A-Z0-9_]*)"/g) ?? []) {
    const secret = env[m[1]];
    if (secret !== undefined) vars[m[1]] = secret;
  }
  return vars;
}

let dir = QA_DIR;
const only = value('--cases');
if (only) {
  // One set: a scratch folder holding just that cases file and its text (the baseline stays the repository's).
  dir = mkdtempSync(path.join(tmpdir(), 'kg-qa-'));
  for (const f of readdirSync(QA_DIR)) if (f.startsWith(`${only}.`)) cpSync(path.join(QA_DIR, f), path.join(dir, f));
}

let dev: DevServer | undefined;
const options: QaOptions = { dir, freeze: args.includes('--freeze'), baselineFile: path.join(QA_DIR, 'baseline.json') };
const api = value('--api');
const graph = value('--graph');
const vars = modelVars();
if (graph) options.source = { kind: 'graph', file: graph };
else if (api) options.source = { kind: 'api', base: api.replace(/\/$/, ''), model: value('--model') };
else if (vars) {
  dev = await startDevServer({ vars });
  options.source = { kind: 'api', base: dev.base, model: value('--model') };
}

try {
  const run = await runQa(options);
  console.log(formatQa(run, args.includes('--verbose')));
  const json = value('--json');
  if (json) writeFileSync(json, `${JSON.stringify(run, null, 2)}\n`);
  process.exitCode = run.ok ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 2;
} finally {
  await dev?.stop();
}
