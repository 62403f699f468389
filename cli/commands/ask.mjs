// query, ask, verify: reading the graph through POST …/query, POST …/answers (a task) and POST …/verify.
import { enc } from '../lib/client.mjs';
import { intOption, listOption, need, oneOf } from '../lib/options.mjs';
import { quote, requireDoc, tokenFor, waitFor } from './shared.mjs';

export async function query(ctx) {
  const id = requireDoc(ctx.args[0]);
  const text = need(ctx.args[1], 'the query text');
  const body = {
    query: text,
    limit: intOption(ctx.values, 'limit', 1, 40, 20),
    hops: intOption(ctx.values, 'hops', 0, 2, 1),
    ...(ctx.values.types ? { types: listOption(ctx.values.types) } : {}),
    ...(ctx.values.relations ? { relations: listOption(ctx.values.relations) } : {}),
  };
  const answer = await ctx.client.post(`/api/documents/${enc(id)}/query`, body, { token: tokenFor(ctx, id) });
  const nodes = new Map(answer.graph.nodes.map((n) => [n.id, n]));
  const matches = answer.matches.map((m) => {
    const n = nodes.get(m.nodeId);
    return `${m.nodeId.padEnd(6)} ${String(m.score).padStart(7)}  ${n ? `[${n.type}] ${n.text}` : ''}  (P${n?.paragraph ?? '?'})\n`;
  });
  const output =
    `${answer.matches.length} matches, ${answer.graph.nodes.length} nodes, ${answer.graph.edges.length} edges (revision ${answer.revision})\n` +
    matches.join('') +
    (answer.sourceUnits.length
      ? `\nsource\n${answer.sourceUnits.map((u) => `  P${u.paragraph} ${quote(u.text, 160)}\n`).join('')}`
      : '');
  return { json: answer, output };
}

export async function ask(ctx) {
  const id = requireDoc(ctx.args[0]);
  const question = need(ctx.args[1], 'the question');
  const token = tokenFor(ctx, id);
  const started = await ctx.client.post(
    `/api/documents/${enc(id)}/answers`,
    { question, ...(ctx.values.model ? { model: ctx.values.model } : {}) },
    { token },
  );
  const { task, exitCode } = await waitFor(ctx, started.taskId, token);
  const result = task.result;
  if (!result) return { json: task, output: '', exitCode };
  const citations = result.citations.map((c) => `  [${c.id}] P${c.paragraph} ${quote(c.quote, 160)}\n`).join('');
  const output = `${result.answer || '(no answer)'}\n\nstatus ${result.status}, confidence ${result.confidence}, answerer ${result.model}\n${citations ? `citations\n${citations}` : ''}`;
  return { json: result, output, exitCode };
}

export async function verify(ctx) {
  const id = requireDoc(ctx.args[0]);
  const mode = oneOf(ctx.values, 'mode', ['quick', 'standard'], 'quick');
  const token = tokenFor(ctx, id);
  const answer = await ctx.client.post(
    `/api/documents/${enc(id)}/verify`,
    { mode, ...(ctx.values.model ? { model: ctx.values.model } : {}) },
    { token },
  );
  let report = answer.report;
  let exitCode;
  if (answer.taskId) {
    const waited = await waitFor(ctx, answer.taskId, token);
    exitCode = waited.exitCode;
    report = waited.task.result?.report ?? waited.task.result;
    if (!report) return { json: waited.task, output: '', exitCode };
  }
  const issues = (report.issues ?? [])
    .map((i) => `  ${i.severity.padEnd(10)} ${i.targetKind} ${i.targetId ?? ''}  ${i.title}\n`)
    .join('');
  return { json: answer.taskId ? { report, stale: false } : answer, output: `${report.summary}\n${issues}`, exitCode };
}
