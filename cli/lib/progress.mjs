// Following a task to its end: GET /api/tasks/:taskId polled (Node 20 has no WebSocket client built in). On a
// terminal, a progress bar redrawn in place on stderr; otherwise one plain line on stderr per change, so stdout
// carries only the result and logs stay readable.
import { enc } from './client.mjs';

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);
const POLL_MS = 250;
const WIDTH = 24;

export function isTerminal(task) {
  return TERMINAL.has(task.status);
}

function bar(task) {
  const { done, total } = task.progress ?? { done: 0, total: 0 };
  const share = total > 0 ? Math.min(1, done / total) : task.status === 'succeeded' ? 1 : 0;
  const filled = Math.round(share * WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(Math.round(share * 100)).padStart(3)}%`;
}

function line(task) {
  const { done, total } = task.progress ?? { done: 0, total: 0 };
  return `${task.taskId} ${task.status} ${task.stage} ${done}/${total} ${(task.elapsedMs / 1000).toFixed(1)}s`;
}

/**
 * Polls until the task is final; returns its last status.
 * @param {import('./client.mjs').Client} client
 * @param {string} taskId
 * @param {{ stderr: NodeJS.WriteStream, quiet?: boolean, token?: string }} io
 */
export async function followTask(client, taskId, io) {
  const tty = Boolean(io.stderr.isTTY) && !io.quiet;
  let last = '';
  for (;;) {
    const task = await client.get(`/api/tasks/${enc(taskId)}`, { token: io.token });
    const shown = tty
      ? `${bar(task)} ${task.kind} ${task.stage} ${task.progress?.done ?? 0}/${task.progress?.total ?? 0}`
      : line(task).replace(/ [\d.]+s$/, '');
    if (!io.quiet && shown !== last) {
      if (tty) io.stderr.write(`\r\x1b[2K${shown}`);
      else io.stderr.write(`${line(task)}\n`);
      last = shown;
    }
    if (isTerminal(task)) {
      if (tty) io.stderr.write('\n');
      return task;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
