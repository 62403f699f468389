// Candidates of the open document: a filter reads its first page, "more" appends the next by the server's cursor,
// an answer to an older request is dropped, a status change is sent and the list read again, and "locate" loads a
// node outside the view before selecting it and bringing the graph into view.
import { describe, expect, it } from 'vitest';
import { fakeContext, MemorySource, edge, node, settle } from '../workbench/fake-context';
import { CandidatesController, type CandidatesTrust } from './candidates-controller';

const item = (id: string) => ({ id, kind: 'claim', nodeId: id, text: id, type: 'fact', status: 'candidate' });

async function setup(client: Record<string, unknown>) {
  const f = fakeContext({ client });
  await f.doc.open(new MemorySource('d1', [node('a', 1), node('far', 9)], [edge('e', 'a', 'far')], 1));
  const trust = {
    candidatesShown: true,
    failures: [] as unknown[],
    failed: (e: unknown) => void trust.failures.push(e),
  };
  const candidates = new CandidatesController(f.host, f.ctx, trust satisfies CandidatesTrust);
  return { ...f, candidates, trust };
}

describe('candidates', () => {
  it('pages by cursor within a status filter', async () => {
    const asked: unknown[] = [];
    const { candidates } = await setup({
      candidates: async (_id: string, q: { status: string; cursor?: string }) => {
        asked.push(q);
        return q.cursor
          ? { candidates: [item('c3')], nextCursor: null }
          : { candidates: [item('c1'), item('c2')], nextCursor: 'k2' };
      },
    });
    candidates.filter('accepted');
    await settle();
    expect(candidates.items.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(candidates.nextCursor).toBe('k2');
    candidates.more();
    await settle();
    expect(candidates.items.map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
    expect(asked).toEqual([
      { status: 'accepted', cursor: undefined },
      { status: 'accepted', cursor: 'k2' },
    ]);
    expect(candidates.busy).toBe(false);
  });

  it('drops the answer to an older request', async () => {
    const releases: Array<() => void> = [];
    const { candidates } = await setup({
      candidates: async (_id: string, q: { status: string }) => {
        await new Promise<void>((r) => releases.push(r));
        return { candidates: [item(q.status)], nextCursor: null };
      },
    });
    const older = candidates.load();
    candidates.filter('rejected');
    releases[1]();
    await settle();
    releases[0]();
    await older;
    expect(candidates.items.map((c) => c.id)).toEqual(['rejected']);
  });

  it('sends a status change and reads the list again', async () => {
    const patched: unknown[] = [];
    let reads = 0;
    const { candidates } = await setup({
      candidates: async () => {
        reads++;
        return { candidates: [], nextCursor: null };
      },
      updateCandidate: async (...args: unknown[]) => void patched.push(args),
    });
    await candidates.setStatus('c1', 'accepted');
    expect(patched).toEqual([['d1', 'c1', 'accepted']]);
    expect(reads).toBe(1);
  });

  it('locates a node outside the view: loaded by a query, selected, flashed, the graph brought into view', async () => {
    const { candidates, doc, selection, recorded } = await setup({});
    await candidates.locate('far');
    await settle();
    expect(doc.query).toBe('far');
    expect(selection.selectedNodeId).toBe('far');
    expect(recorded.focused).toContainEqual(['far']);
    expect(recorded.scrolledToGraph).toBe(1);
  });
});
