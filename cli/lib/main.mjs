// Argument parsing (node:util parseArgs), the shared context, dispatch, output and exit codes.
import { parseArgs } from 'node:util';
import { CapabilityStore } from './capabilities.mjs';
import { Client } from './client.mjs';
import { CliError, EXIT, UsageError } from './errors.mjs';
import { USAGE } from './usage.mjs';
import { COMMANDS } from '../commands/index.mjs';

const OPTIONS = {
  api: { type: 'string' },
  token: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  title: { type: 'string' },
  model: { type: 'string' },
  wait: { type: 'boolean' },
  estimate: { type: 'boolean' },
  limit: { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string' },
  types: { type: 'string' },
  relations: { type: 'string' },
  hops: { type: 'string' },
  mode: { type: 'string' },
  kind: { type: 'string' },
  status: { type: 'string' },
  set: { type: 'string', multiple: true },
};

/** The original CLI's command names (docs/contracts/cli.md#commands) → ours. */
const ALIASES = {
  'list-documents': 'list',
  'show-document': 'show',
  'list-candidates': 'candidates',
  'set-candidate': 'candidates',
  'import-graph': 'import',
};

/**
 * @param {string[]} argv
 * @param {{ stdout?: NodeJS.WritableStream, stderr?: NodeJS.WriteStream, stdin?: NodeJS.ReadableStream, env?: NodeJS.ProcessEnv }} [io]
 * @returns {Promise<number>} the exit code
 */
export async function main(argv, io = {}) {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const env = io.env ?? process.env;
  let json = argv.includes('--json');
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    } catch (error) {
      throw new UsageError(error.message);
    }
    const { values, positionals } = parsed;
    json = Boolean(values.json);
    if (values.help) {
      stdout.write(USAGE);
      return EXIT.ok;
    }
    const [name, ...args] = positionals;
    if (!name) throw new UsageError('no command given.');
    const command = COMMANDS[ALIASES[name] ?? name];
    if (!command) throw new UsageError(`unknown command "${name}".`);
    const api = values.api ?? env.KG_API ?? 'http://127.0.0.1:8787';
    if (!/^https?:\/\/[^\s]+$/.test(api)) throw new UsageError(`--api must be an http(s) URL, not "${api}".`);
    const client = new Client(api, values.token ?? env.KG_API_TOKEN);
    const store = new CapabilityStore(client.base, env);
    const ctx = { client, store, values, args, json, stdout, stderr, stdin: io.stdin ?? process.stdin, env };
    const result = await command(ctx);
    // `raw`: a file's own bytes (an export to stdout), the same with or without --json.
    if (result.raw !== undefined) stdout.write(result.raw);
    else if (result.output !== undefined)
      stdout.write(json ? `${JSON.stringify(result.json, null, 2)}\n` : result.output);
    return result.exitCode ?? EXIT.ok;
  } catch (error) {
    if (error instanceof UsageError) {
      if (json) stderr.write(`${JSON.stringify({ error: { code: 'usage', message: error.message } })}\n`);
      else stderr.write(`[kg-cli] ${error.message}\nRun kg --help for the commands, options and exit codes.\n`);
      return EXIT.usage;
    }
    const failure = error instanceof CliError ? error : new CliError('cli_error', error?.message ?? String(error));
    if (json) stderr.write(`${JSON.stringify(failure.toJSON())}\n`);
    else stderr.write(`[kg-cli] ${failure.code}${failure.status ? ` (${failure.status})` : ''}: ${failure.message}\n`);
    return EXIT.failure;
  }
}
