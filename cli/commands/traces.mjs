// trace: an agent's execution trace file (OpenAI chat messages, Anthropic messages or kg-workbench events, as JSON or
// JSON Lines) becomes a trace document; the Worker reads the format from the content (core/trace/file-formats.ts).
import path from 'node:path';
import { need } from '../lib/options.mjs';
import { readInput, taskLine, tokenFor, waitFor } from './shared.mjs';

export async function trace(ctx) {
  const file = need(ctx.args[0], 'FILE (or - for stdin)');
  const text = await readInput(ctx, file);
  const name = file === '-' ? undefined : path.basename(file);
  const body = {
    file: { text, ...(name ? { name } : {}) },
    ...(ctx.values.title ? { title: ctx.values.title } : {}),
    ...(ctx.values.model ? { model: ctx.values.model } : {}),
  };
  const created = await ctx.client.post('/api/traces', body);
  if (created.writeCapability) ctx.store.set(created.documentId, created.writeCapability);
  const { accepted, ignored } = created.events;
  let output = `document ${created.documentId}\ntask ${created.taskId}\n`;
  output += `${created.file.format} trace: ${accepted} events${ignored ? `, ${ignored} left out (system prompts, reasoning, progress)` : ''}\n`;
  if (created.writeCapability) output += `write capability kept in ${ctx.store.file}\n`;
  if (!ctx.values.wait) return { json: created, output };
  const { task, exitCode } = await waitFor(ctx, created.taskId, tokenFor(ctx, created.documentId));
  return { json: { ...created, task }, output: output + taskLine(task), exitCode };
}
