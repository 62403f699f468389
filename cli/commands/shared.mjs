// What several commands share: the token for a document, reading input, following a task, formatting.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXIT, UsageError } from '../lib/errors.mjs';
import { followTask } from '../lib/progress.mjs';

/** The explicit token (--token / KG_API_TOKEN) wins; in open mode, the document's kept write capability. */
export function tokenFor(ctx, documentId) {
  return ctx.client.token ?? ctx.store.get(documentId);
}

/** A path the user typed: under `npm run kg`, npm runs us in the package root, so relative paths start at INIT_CWD. */
export function userPath(ctx, file) {
  const base = ctx.env.npm_lifecycle_event === 'kg' && ctx.env.INIT_CWD ? ctx.env.INIT_CWD : process.cwd();
  return path.resolve(base, file);
}

export async function readInput(ctx, file) {
  if (file === '-') {
    const chunks = [];
    for await (const chunk of ctx.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return readFileSync(userPath(ctx, file), 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${error.code ?? error.message}.`);
  }
}

/** Follows a task (progress on stderr unless --json) and turns a failed or cancelled one into exit code 1. */
export async function waitFor(ctx, taskId, token) {
  const task = await followTask(ctx.client, taskId, { stderr: ctx.stderr, quiet: ctx.json, token });
  if (task.status !== 'succeeded' && !ctx.json) {
    const why = task.error ? `${task.error.code}: ${task.error.message}` : task.status;
    ctx.stderr.write(`[kg-cli] task ${task.taskId} ${task.status}: ${why}\n`);
  }
  return { task, exitCode: task.status === 'succeeded' ? EXIT.ok : EXIT.failure };
}

export function taskLine(task) {
  const { done = 0, total = 0 } = task.progress ?? {};
  const revision = task.revision !== undefined ? ` revision ${task.revision}` : '';
  const error = task.error ? ` ${task.error.code}: ${task.error.message}` : '';
  return `${task.taskId} ${task.kind} ${task.status} (${task.stage}, ${done}/${total}, ${(task.elapsedMs / 1000).toFixed(1)}s, ${task.model})${revision}${error}\n`;
}

export function requireTask(value) {
  if (!/^task_[A-Za-z0-9]+$/.test(value ?? ''))
    throw new UsageError(`TASK must be a task id such as task_w7rr7cg3tfcxg6jm, not "${value ?? ''}".`);
  return value;
}

export function requireDoc(value) {
  if (!value) throw new UsageError('missing DOC (a document id).');
  return value;
}

export const quote = (s, max = 100) => (s.length > max ? `“${s.slice(0, max - 1)}…”` : `“${s}”`);
