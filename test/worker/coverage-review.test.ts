// The explanation-coverage review through the Worker: a model's first answer (the scripted server quotes each unit's
// first sentence) leaves out a guard against a wrong inference and a diagram relation; the one review call adds
// them with verbatim evidence, and what it forges or rewrites never reaches the published graph.
import { describe, expect, it } from 'vitest';
import { allUnits, createDocument, json, waitForTask, type GraphBody } from './helpers';
import { modelId, scriptedCalls } from './model-helpers';

const TEXT = [
  'An edge cache keeps copies of responses near readers.',
  'A cache hit is fast. This does not mean that every response may be cached.',
  '【图示关系】知识图谱 包含 内容单元',
].join('\n\n');

describe('the coverage review of a model extraction', () => {
  it('publishes the evidenced additions and drops the forged and rewriting ones', async () => {
    const created = await createDocument(TEXT, { model: modelId('review') });
    const task = await waitForTask(created.taskId, 60_000);
    expect(task.status).toBe('succeeded');
    const calls = await scriptedCalls('review');
    const reviews = calls.filter((c) => c.system.startsWith('You look for points'));
    expect(reviews).toHaveLength(1);
    expect(reviews[0]!.user).toContain('a guard against a wrong inference: This does not mean');

    const graph = (await json<GraphBody>(`/api/documents/${created.documentId}/graph`)).body;
    const units = new Map((await allUnits(created.documentId)).map((u) => [u.n, u.text]));
    const texts = graph.nodes.map((n) => n.text);
    // Kept: the guard sentence, with its verbatim quote in its unit.
    const guard = graph.nodes.find((n) => n.text === 'This does not mean that every response may be cached.');
    expect(guard).toMatchObject({ groundingStatus: 'grounded' });
    for (const ev of guard!.evidence) expect(units.get(ev.paragraph)).toContain(ev.quote);
    // Dropped: the forged claim and the rewrite of the first node.
    expect(texts).not.toContain('Every cache is always right.');
    expect(texts.some((t) => t.startsWith('Not so:'))).toBe(false);
    expect(texts).toContain('An edge cache keeps copies of responses near readers.');
    // The diagram unit had no edge: the review's `contains` between its two concepts (word, ends and direction in its
    // quote) is in, its `causes` (no causal word) is not.
    const byId = new Map(graph.nodes.map((n) => [n.id, n.text]));
    const relations = graph.edges.map((e) => `${byId.get(e.fromNodeId)} ${e.relation} ${byId.get(e.toNodeId)}`);
    expect(relations).toContain('This does not mean that every response may be cached. not_is A cache hit is fast.');
    expect(relations.filter((r) => r.includes('内容单元'))).toEqual(['知识图谱 contains 内容单元']);

    const doc = (await json(`/api/documents/${created.documentId}`)).body;
    expect(doc.audit.coverageReview).toMatchObject({ attemptedBatches: 1, repairedBatches: 1, failed: 0 });
    expect((task as unknown as { warnings: string[] }).warnings.join('\n')).toMatch(
      /the coverage review added \d+ nodes and \d+ relations; \d+ proposals left out/,
    );
  });
});
