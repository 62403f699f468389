// extract, status, list, show.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { enc } from '../lib/client.mjs';
import { EXIT, UsageError } from '../lib/errors.mjs';
import { intOption, need } from '../lib/options.mjs';
import { readInput, requireDoc, requireTask, taskLine, tokenFor, userPath, waitFor } from './shared.mjs';

/** Files the server converts itself (core/files): sent as they are, as multipart form data. */
const FILE_EXTENSIONS = new Set(['.txt', '.text', '.md', '.markdown', '.html', '.htm', '.xhtml', '.pdf', '.docx']);

export async function extract(ctx) {
  const file = need(ctx.args[0], 'FILE (or - for stdin)');
  const title = ctx.values.title ?? (file === '-' ? undefined : path.basename(file).replace(/\.[^.]+$/, ''));
  const fields = { ...(title ? { title } : {}), ...(ctx.values.model ? { model: ctx.values.model } : {}) };
  const isFile = file !== '-' && FILE_EXTENSIONS.has(path.extname(file).toLowerCase());
  if (ctx.values.estimate) {
    // The estimate reads text: a .pdf or .docx is converted by the server only when it is created.
    if (isFile && !['.txt', '.md'].includes(path.extname(file).toLowerCase()))
      throw new UsageError(
        '--estimate takes a text file (.txt, .md) or stdin; a .pdf, .docx or .html is converted only on extraction.',
      );
    const estimate = await ctx.client.post('/api/estimate', { text: await readInput(ctx, file), ...fields });
    return { json: estimate, output: estimateLines(estimate) };
  }
  const created = isFile
    ? await ctx.client.request('POST', '/api/documents', { form: fileForm(ctx, file, fields) })
    : await ctx.client.post('/api/documents', { text: await readInput(ctx, file), ...fields });
  if (created.writeCapability) ctx.store.set(created.documentId, created.writeCapability);
  let output = `document ${created.documentId}\ntask ${created.taskId}\n`;
  if (created.writeCapability) output += `write capability kept in ${ctx.store.file}\n`;
  if (!ctx.values.wait) return { json: created, output };
  const { task, exitCode } = await waitFor(ctx, created.taskId, tokenFor(ctx, created.documentId));
  return { json: { ...created, task }, output: output + taskLine(task), exitCode };
}

/** An estimate for people: what the run takes, tokens and cost labelled as estimates. */
function estimateLines(e) {
  const n = (x) => x.toLocaleString('en');
  let out = `model ${e.model}\nbatches ${n(e.batches)}\ncalls ${n(e.calls)} (one per batch; retries, halvings and at most one coverage review per batch come on top)\n`;
  out += `prompt ${n(e.promptChars)} chars, about ${n(e.promptTokens)} tokens (estimate: ${e.tokens.charsPerToken.other} chars per token, ${e.tokens.charsPerToken.cjk} per CJK character)\n`;
  out += `answer about ${n(e.answerTokens)} tokens (estimate)\n`;
  if (e.cost)
    out += `cost about ${e.cost.total.toFixed(4)} ${e.cost.currency} (estimate: ${e.cost.input.toFixed(4)} in, ${e.cost.output.toFixed(4)} out)\n`;
  return out;
}

/** A file, read as bytes (the server decodes text files strictly and reads PDFs and .docx), with its fields. */
function fileForm(ctx, file, fields) {
  let bytes;
  try {
    bytes = readFileSync(userPath(ctx, file));
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${error.code ?? error.message}.`);
  }
  const form = new FormData();
  form.set('file', new Blob([bytes]), path.basename(file));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

export async function status(ctx) {
  const taskId = requireTask(ctx.args[0]);
  if (ctx.values.wait) {
    const { task, exitCode } = await waitFor(ctx, taskId);
    return { json: task, output: taskLine(task), exitCode };
  }
  const task = await ctx.client.get(`/api/tasks/${enc(taskId)}`);
  return {
    json: task,
    output: taskLine(task),
    exitCode: task.status === 'failed' || task.status === 'cancelled' ? EXIT.failure : EXIT.ok,
  };
}

/** Pages through GET /api/documents up to --limit (the API gives at most 100 a page). */
export async function list(ctx) {
  const limit = intOption(ctx.values, 'limit', 1, 500, 50);
  const headers = {};
  if (!ctx.client.token) {
    const held = Object.values(ctx.store.all()).slice(-100);
    if (held.length) headers['x-kg-capabilities'] = held.join(',');
  }
  const items = [];
  let cursor;
  do {
    const page = await ctx.client.get(
      `/api/documents?limit=${Math.min(100, limit - items.length)}${cursor ? `&cursor=${enc(cursor)}` : ''}`,
      { headers },
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && items.length < limit);
  const output = items.length
    ? items
        .map(
          (d) =>
            `${d.documentId}  r${d.revision}  ${d.nodeCount} nodes  ${d.edgeCount} edges  ${d.chars} chars  ${d.title}\n`,
        )
        .join('')
    : 'no documents\n';
  return { json: items, output };
}

export async function show(ctx) {
  const id = requireDoc(ctx.args[0]);
  const doc = await ctx.client.get(`/api/documents/${enc(id)}`, { token: tokenFor(ctx, id) });
  const sections = doc.sections
    .map((s) => `  ${s.id} ${'#'.repeat(Math.max(1, s.level))} ${s.title} (units ${s.firstUnit}-${s.lastUnit})\n`)
    .join('');
  const output =
    `${doc.title}\n` +
    `document ${doc.documentId}, revision ${doc.revision}, ${doc.sourceKind}, model ${doc.model}\n` +
    `${doc.nodeCount} nodes, ${doc.edgeCount} edges, ${doc.unitCount} units, ${doc.chars} characters\n` +
    (doc.activeTask ? `active task ${doc.activeTask.taskId} ${doc.activeTask.status}\n` : '') +
    (doc.summary ? `\n${doc.summary}\n` : '') +
    (sections ? `\nsections\n${sections}` : '');
  return { json: doc, output };
}
