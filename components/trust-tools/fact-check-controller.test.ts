// The external fact check: the document's report is read when it is shown (a 404 is no report, not a failure) and
// again on a new revision, a run is fenced by the shown revision, "locate" follows the claim's node and unit and
// brings the graph into view, and "ignore" rejects the claim through the API.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../shared/api-client';
import { fakeContext, MemorySource, node, settle } from '../workbench/fake-context';
import { FactCheckController, type FactCheckTrust } from './fact-check-controller';

const report = (revision: number) => ({
  report: {
    reportId: 'fc1',
    revision,
    claims: [{ id: 'c1', nodeId: 'a', unit: 3, text: 'A claim', verdict: 'supported', status: 'open', evidence: [] }],
  },
  stale: false,
});

function trust(): FactCheckTrust & { failures: unknown[] } {
  const t = {
    message: null,
    currentRevision: 1,
    languageModel: undefined,
    failures: [] as unknown[],
    failed: (e: unknown) => void t.failures.push(e),
  };
  return t;
}

async function setup(client: Record<string, unknown>) {
  const f = fakeContext({ client });
  const source = new MemorySource('d1', [node('a', 3)]);
  await f.doc.open(source);
  const t = trust();
  const fc = new FactCheckController(f.host, f.ctx, t);
  await settle();
  return { ...f, fc, t, source };
}

describe('the fact check', () => {
  it('reads the report of the shown document, and again on a new revision', async () => {
    let reads = 0;
    const f = await setup({ factCheck: async () => report(++reads) });
    expect(f.fc.report?.reportId).toBe('fc1');
    f.source.revision = 2;
    await f.doc.refresh();
    f.host.render();
    await settle();
    expect(reads).toBe(2);
    expect(f.fc.report?.revision).toBe(2);
  });

  it('a document without a report (404) is not a failure', async () => {
    const { fc, t } = await setup({
      factCheck: async () => {
        throw new ApiError('not_found', 'none', 404);
      },
    });
    expect(fc.report).toBeNull();
    expect(t.failures).toEqual([]);
  });

  it("locate follows the claim's node and unit, then brings the graph into view", async () => {
    const { fc, recorded } = await setup({ factCheck: async () => report(1) });
    fc.locate('c1');
    await settle();
    expect(recorded.followed).toEqual([{ target: 'node', nodeId: 'a', paragraph: 3 }]);
    expect(recorded.scrolledToGraph).toBe(1);
  });

  it('ignore rejects the claim through the API and says so', async () => {
    const sent: unknown[] = [];
    const { fc, t } = await setup({
      factCheck: async () => report(1),
      setFactCheckClaim: async (...args: unknown[]) => {
        sent.push(args);
        return {};
      },
    });
    await fc.ignore('c1');
    expect(sent).toEqual([['d1', 'c1', 'rejected']]);
    expect(fc.report?.claims[0].status).toBe('rejected');
    expect(t.message?.code).toBe('ignored');
    expect(fc.claimBusy.size).toBe(0);
  });
});
