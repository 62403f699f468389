// The trust loop with a fake workbench context: a quick check's report colours its open targets (a relation named
// from>to found by its ends), "ignore" takes the colour back, "Fix all" commits one fix per request fenced by the
// shown revision and counts a failed one as skipped, another document resets the tools, and a failure is reported
// as kg-error.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../shared/api-client';
import { fakeContext, MemorySource, edge, node } from '../workbench/fake-context';
import { TrustController } from './trust-controller';

const issue = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  severity: 'warning',
  category: 'duplicate',
  targetKind: 'node',
  targetId: 'a',
  title: `Issue ${id}`,
  detail: '',
  evidence: [],
  units: [1],
  proposedFix: { action: 'delete_node', nodePatch: { id: 'a' } },
  status: 'open',
  ...over,
});

async function setup(client: Record<string, unknown>) {
  const f = fakeContext({ client });
  const source = new MemorySource('d1', [node('a', 1), node('b', 2)], [edge('e1', 'a', 'b')]);
  await f.doc.open(source);
  const trust = new TrustController(f.host, f.ctx);
  f.host.render();
  return { ...f, trust, source };
}

describe('the trust controller', () => {
  it("colours a quick check's open targets by their worst severity; ignoring one takes its colour back", async () => {
    const report = {
      reportId: 'r1',
      mode: 'quick',
      revision: 1,
      issues: [
        issue('i1'),
        issue('i2', { severity: 'error' }),
        issue('i3', { targetKind: 'edge', targetId: 'a>b', severity: 'suggestion' }),
      ],
    };
    const { trust } = await setup({ verify: async () => report });
    await trust.run('quick');
    expect(trust.report?.issues).toHaveLength(3);
    expect(trust.nodeSeverity.get('a')).toBe('error');
    expect(trust.edgeSeverity.get('e1')).toBe('suggestion');
    trust.ignore('i2');
    expect(trust.nodeSeverity.get('a')).toBe('warning');
    trust.ignore('i1');
    expect(trust.nodeSeverity.has('a')).toBe(false);
  });

  it('fixes one commit each, fenced by the shown revision; a failed one is skipped and counted', async () => {
    const commits: Array<{ expectedRevision: number; operations: unknown[]; reportId?: string }> = [];
    let revision = 1;
    const f = await setup({
      verify: async () => ({ reportId: 'r1', issues: [issue('i1'), issue('i2'), issue('i3')] }),
      commit: async (_id: string, body: { expectedRevision: number; operations: unknown[] }) => {
        commits.push(body);
        if (commits.length === 2) throw new ApiError('revision_conflict', 'moved on');
        f.source.revision = ++revision;
        return { revision };
      },
      audit: async () => ({ items: [] }),
    });
    await f.trust.run('quick');
    await f.trust.fix(['i1', 'i2', 'i3']);
    expect(commits.map((c) => c.expectedRevision)).toEqual([1, 2, 2]);
    expect(commits.every((c) => c.operations.length === 1 && c.reportId === 'r1')).toBe(true);
    expect(f.trust.issueState.get('i1')).toBe('applied');
    expect(f.trust.issueState.has('i2')).toBe(false);
    expect(f.trust.message?.text).toBe('Fixes done: 2 applied, 1 skipped.');
    expect(f.doc.info?.revision).toBe(3);
    expect(f.recorded.events.filter((e) => e.type === 'kg-error')).toHaveLength(1);
  });

  it('another document resets the tools; a new revision of the same one keeps its report', async () => {
    const f = await setup({ verify: async () => ({ reportId: 'r1', issues: [issue('i1')] }) });
    await f.trust.run('quick');
    f.source.revision = 2;
    await f.doc.refresh();
    f.host.render();
    expect(f.trust.report?.reportId).toBe('r1');
    await f.doc.open(new MemorySource('d2', [node('x', 1)]));
    f.host.render();
    expect(f.trust.report).toBeNull();
    expect(f.trust.nodeSeverity.size).toBe(0);
  });

  it('"Question this node" opens the verify tab on that target', async () => {
    const { trust } = await setup({});
    trust.questionAbout('node', 'b');
    expect(trust.open).toBe(true);
    expect(trust.tab).toBe('verify');
    expect(trust.question.target).toEqual({ kind: 'node', id: 'b', label: 'Node b' });
  });

  it('"Ignore" is stored with the report; a remedy commits that remedy and marks the issue applied', async () => {
    const statuses: unknown[] = [];
    const commits: Array<{ operations: unknown[]; reportId?: string }> = [];
    const retype = { action: 'update_node', nodePatch: { id: 'a', patch: { type: 'example' } } };
    const f = await setup({
      verify: async () => ({
        reportId: 'r1',
        issues: [
          issue('i1'),
          issue('i2', { proposedFix: { action: 'none' }, remedies: [retype, { action: 'bogus' }] }),
        ],
      }),
      setIssueStatus: async (...args: unknown[]) => {
        statuses.push(args);
        return {};
      },
      commit: async (_id: string, body: { operations: unknown[]; reportId?: string }) => {
        commits.push(body);
        f.source.revision = 2;
        return { revision: 2 };
      },
      audit: async () => ({ items: [] }),
    });
    await f.trust.run('quick');
    // A remedy the panel cannot name is left out (the server would refuse it).
    expect(f.trust.report?.issues[1].remedies).toEqual([retype]);
    await f.trust.ignore('i1');
    expect(statuses).toEqual([['d1', 'r1', 'i1', 'rejected']]);
    expect(f.trust.issueState.get('i1')).toBe('ignored');
    await f.trust.remedy('i2', 0);
    expect(commits).toEqual([{ expectedRevision: 1, operations: [retype], reportId: 'r1' }]);
    expect(f.trust.issueState.get('i2')).toBe('applied');
    expect(f.doc.info?.revision).toBe(2);
  });

  it('a stored rejected status reads back as ignored', async () => {
    const { trust } = await setup({
      verify: async () => ({ reportId: 'r1', issues: [issue('i1', { status: 'rejected' }), issue('i2')] }),
    });
    await trust.run('quick');
    expect(trust.issueState.get('i1')).toBe('ignored');
    expect(trust.issueState.has('i2')).toBe(false);
  });

  it('"Review and submit" asks the model about the issue\'s target with the issue as the question; not without a model', async () => {
    const asked: unknown[] = [];
    const client = {
      verify: async () => ({
        reportId: 'r1',
        issues: [issue('i1', { targetKind: 'edge', targetId: 'a>b', title: 'Mismatch', detail: 'A is a rule.' })],
      }),
      askQuestion: async (_id: string, body: unknown) => {
        asked.push(body);
        return { taskId: 'q1' };
      },
      task: async () => ({ taskId: 'q1', status: 'running' }),
    };
    const none = await setup(client);
    await none.trust.run('quick');
    expect(none.trust.reviewIssue('i1')).toBe(false);
    const f = fakeContext({ client, models: [{ id: 'openai:x', provider: 'openai', default: true } as never] });
    await f.doc.open(new MemorySource('d1', [node('a', 1), node('b', 2)], [edge('e1', 'a', 'b')]));
    const trust = new TrustController(f.host, f.ctx);
    f.host.render();
    await trust.run('quick');
    expect(trust.reviewIssue('i1')).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual([
      {
        question: 'Review this issue and propose a fix if it holds: Mismatch. A is a rule.',
        target: { kind: 'edge', id: 'e1' },
        expectedRevision: 1,
        model: 'openai:x',
      },
    ]);
    trust.question.cancel();
  });
});
