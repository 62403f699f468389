// How real models answer (issue 29), each a scenario of the scripted server over real HTTP from inside workerd: the
// graph is published and the task's warnings name what happened, or the task ends with the typed code where nothing
// can be saved (and publishes nothing).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { describeTaskWarning } from '../../core/extract/warning-words';
import { allUnits, createDocument, json, waitForTask, type GraphBody } from './helpers';
import { modelId, paragraphs, scriptedCalls } from './model-helpers';

async function extractWith(scenario: string, text: string) {
  const created = await createDocument(text, { model: modelId(scenario) });
  const task = await waitForTask(created.taskId, 60_000);
  return { ...created, task };
}

/** Published, every node grounded in its unit, none from the model's reasoning or draft. */
async function expectPublished(documentId: string, task: { status: string; revision?: number }) {
  expect(task).toMatchObject({ status: 'succeeded', revision: 1 });
  const graph = (await json<GraphBody>(`/api/documents/${documentId}/graph`)).body;
  const units = new Map((await allUnits(documentId)).map((u) => [u.n, u.text]));
  expect(graph.nodes.length).toBeGreaterThan(0);
  for (const node of graph.nodes) {
    expect(node.groundingStatus).toBe('grounded');
    expect(node.text).not.toContain('forged draft');
    for (const ev of node.evidence) expect(units.get(ev.paragraph)).toContain(ev.quote);
  }
  return { graph, units };
}

async function expectNothingPublished(documentId: string) {
  const doc = (await json(`/api/documents/${documentId}`)).body;
  expect(doc).toMatchObject({ revision: 0, nodeCount: 0 });
  const rows = await env.DB.prepare('SELECT count(*) AS c FROM nodes WHERE document_id = ?')
    .bind(documentId)
    .first<{ c: number }>();
  expect(rows?.c).toBe(0);
}

const read = (warnings: string[]) => warnings.map((w) => describeTaskWarning(w, 'en'));

describe('answers wrapped the way real models wrap them', () => {
  it.each([
    ['think', /reasoning before the answer; it was set aside/],
    ['thinking', /reasoning before the answer; it was set aside/],
    ['prose', /prose around its JSON; the one JSON object in it was taken/],
  ])('%s: the one JSON object is read, the wrapping set aside and said once', async (scenario, said) => {
    const { task, documentId } = await extractWith(scenario, paragraphs(3, scenario));
    await expectPublished(documentId, task);
    const calls = await scriptedCalls(scenario, `${scenario}1`);
    expect(calls.every((c) => !c.retry)).toBe(true);
    expect(task.warnings.filter((w) => said.test(w))).toHaveLength(1);
    expect(read(task.warnings).join(' ')).toMatch(/set aside|was read/);
  });

  it('two JSON objects in one answer are no answer: retried, then model_output_not_json, nothing published', async () => {
    const { task, documentId } = await extractWith('prose-two', paragraphs(1, 'two'));
    expect(task).toMatchObject({ status: 'failed', error: { code: 'model_output_not_json' } });
    expect(task.error?.message).toContain('2 JSON objects');
    const calls = await scriptedCalls('prose-two', 'two1');
    expect(calls.slice(1).every((c) => c.retry && c.user.includes('2 JSON objects'))).toBe(true);
    await expectNothingPublished(documentId);
  });

  it('reasoning_content is never taken as the answer: the content is, and the draft in the reasoning is not', async () => {
    const { task, documentId } = await extractWith('reasoning', paragraphs(2, 'reason'));
    await expectPublished(documentId, task);
    expect(task.progress.charsReceived).toBeGreaterThan(0);
  });

  it('an empty answer beside streamed reasoning is asked again, and said so', async () => {
    const { task, documentId } = await extractWith('reasoning-empty-once', paragraphs(1, 'empty'));
    await expectPublished(documentId, task);
    expect(task.warnings.some((w) => /streamed only reasoning/.test(w))).toBe(true);
    const calls = await scriptedCalls('reasoning-empty-once', 'empty1');
    expect(calls[1]?.user).toContain('The answer is empty (reasoning is never read as the answer)');
  });

  it('an answer that is only ever reasoning fails typed, though the reasoning holds a valid graph', async () => {
    const { task, documentId } = await extractWith('reasoning-empty', paragraphs(1, 'never'));
    expect(task).toMatchObject({ status: 'failed', error: { code: 'model_output_not_json' } });
    expect(task.warnings.some((w) => /streamed only reasoning/.test(w))).toBe(true);
    await expectNothingPublished(documentId);
  });
});

describe('answers cut short and prompts too long: halves, never the same prompt again', () => {
  it('a stop at the token limit splits the batch in two and retries the halves, down to what fits', async () => {
    const { task, documentId } = await extractWith('length-1', paragraphs(2, 'len'));
    const { graph } = await expectPublished(documentId, task);
    const calls = await scriptedCalls('length-1', 'len');
    const prompts = calls.map((c) => c.units.join(','));
    // Never the same units asked twice; every unit was finally asked alone (the model answers one unit in full).
    expect(new Set(prompts).size).toBe(prompts.length);
    expect(calls.filter((c) => c.units.length === 1).map((c) => c.units[0])).toEqual(
      expect.arrayContaining([1, 2, 3, 4]),
    );
    expect(calls.every((c) => !c.retry)).toBe(true);
    expect(new Set(graph.nodes.flatMap((n) => n.evidence.map((e) => e.paragraph)))).toEqual(new Set([1, 2, 3, 4]));
    expect(task.warnings).toContain(
      "batch 0: the answer stopped at the model's output limit (units 1-3): split into units 1-2 and unit 3, each asked on its own",
    );
    expect(read(task.warnings)).toContain(
      "Batch 0: the answer for units 1-2 stopped at the model's output limit, so it was split into unit 1 and unit 2, each asked on its own.",
    );
  });

  it('a single unit that still stops at the limit ends model_output_truncated, and nothing is published', async () => {
    const { task, documentId } = await extractWith('length-0', 'A single short unit that the model never finishes.');
    expect(task).toMatchObject({ status: 'failed', error: { code: 'model_output_truncated' } });
    expect((await scriptedCalls('length-0')).length).toBe(1);
    await expectNothingPublished(documentId);
  });

  it('a context-length error halves the batch until the prompt fits', async () => {
    const { task, documentId } = await extractWith('context-200', paragraphs(2, 'ctx'));
    await expectPublished(documentId, task);
    const calls = await scriptedCalls('context-200', 'ctx');
    // Batches run side by side: the order of the calls across batches is the server's.
    expect(calls.map((c) => c.units.join(',')).sort()).toEqual(['1', '1,2', '1,2,3', '2', '3', '4']);
    expect(task.warnings.filter((w) => /longer than the model's context/.test(w))).toHaveLength(2);
  });

  it('a context-length error on a single unit ends context_too_long', async () => {
    const { task, documentId } = await extractWith('context-0', 'One unit the model cannot take.');
    expect(task).toMatchObject({ status: 'failed', error: { code: 'context_too_long' } });
    expect(task.error?.message).not.toContain('maximum context length is');
    await expectNothingPublished(documentId);
  });
});

describe('JSON mode and busy providers', () => {
  it('a 400 about response_format is retried once without it, and it is not asked for again', async () => {
    const { task, documentId } = await extractWith('json-refused', paragraphs(3, 'jm'));
    await expectPublished(documentId, task);
    const calls = await scriptedCalls('json-refused', 'jm');
    expect(calls.length).toBe(task.progress.total + 1);
    expect(calls[0].responseFormat).toEqual({ type: 'json_object' });
    expect(calls[1].units).toEqual(calls[0].units);
    expect(calls.slice(1).every((c) => c.responseFormat === null)).toBe(true);
    expect(task.warnings).toEqual(['batch 0: the model ignored JSON mode: retried without it']);
  });

  it.each(['429-wait-1', '503-wait-1'])('%s: waits as Retry-After says, then succeeds', async (scenario) => {
    const { task, documentId } = await extractWith(scenario, paragraphs(1, 'wait'));
    await expectPublished(documentId, task);
    const calls = await scriptedCalls(scenario, 'wait1');
    expect(calls.length).toBe(2);
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(950);
    const status = scenario.slice(0, 3);
    expect(task.warnings).toContain(`batch 0: the provider answered ${status}: waited 1 s as it asked, then retried`);
  });

  it('a Retry-After past the call deadline is not slept through: rate_limited at once, saying why', async () => {
    const t0 = Date.now();
    const { task, documentId } = await extractWith('429-wait-60-always', paragraphs(1, 'late'));
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(task).toMatchObject({ status: 'failed', error: { code: 'rate_limited' } });
    expect(task.error?.message).toContain('asked to wait 60 s');
    await expectNothingPublished(documentId);
  });
});

describe('a cheaper answer: quoteless nodes', () => {
  it('a node without a quote is checked by its text: verbatim is grounded, a free wording is unsupported', async () => {
    const { task, documentId } = await extractWith('quoteless', paragraphs(2, 'ql'));
    expect(task).toMatchObject({ status: 'succeeded', revision: 1 });
    const [call] = await scriptedCalls('quoteless', 'ql');
    expect(call.system).toContain('leave out its "quote"');
    const graph = (await json<GraphBody>(`/api/documents/${documentId}/graph`)).body;
    const units = new Map((await allUnits(documentId)).map((u) => [u.n, u.text]));
    const free = graph.nodes.filter((n) => n.text === 'Rivers are the finest feature of any landscape.');
    expect(free.length).toBeGreaterThan(0);
    for (const node of free) expect(node).toMatchObject({ groundingStatus: 'unsupported', evidence: [] });
    // The model's statements (the concept layer adds anchors of its own, in the words of their first mention).
    const rest = graph.nodes.filter((n) => !free.includes(n) && n.type !== 'concept');
    expect(rest.length).toBeGreaterThan(3);
    for (const node of rest) {
      expect(node.groundingStatus).toBe('grounded');
      expect(node.evidence[0].quote).toBe(node.text);
      expect(units.get(node.evidence[0].paragraph)).toContain(node.text);
    }
  });
});

describe('progress inside a batch', () => {
  it('the task says the characters received and the nodes named so far while the one batch still streams', async () => {
    const created = await createDocument(paragraphs(1, 'inb'), { model: modelId('slow-1200@inbatch') });
    const inside: Array<{ charsReceived: number; nodesSeen: number }> = [];
    for (;;) {
      const { body } = await json(`/api/tasks/${created.taskId}`);
      if (body.status !== 'queued' && body.status !== 'running') break;
      if (body.progress.done === 0 && body.progress.charsReceived > 0) inside.push(body.progress);
      await new Promise((r) => setTimeout(r, 40));
    }
    const task = await waitForTask(created.taskId);
    expect(task.status).toBe('succeeded');
    expect(task.progress.total).toBe(1);
    // Seen while the batch was not done yet: some characters, and nodes counted off the streamed answer.
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.some((p) => p.nodesSeen > 0)).toBe(true);
    expect(inside.every((p, i) => i === 0 || p.charsReceived >= inside[i - 1].charsReceived)).toBe(true);
    expect(task.progress.nodesSeen).toBeGreaterThanOrEqual(Math.max(...inside.map((p) => p.nodesSeen)));
  });
});
