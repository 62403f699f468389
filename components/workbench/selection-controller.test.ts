// What the reader picked, in both panes: a node shows its units and opens its card; a unit selects its nodes that
// are in view and flashes them; a relation and an insight's evidence emphasise their ends and reveal their units.
import { describe, expect, it } from 'vitest';
import { fakeContext, MemorySource, edge, node } from './fake-context';

const evidence = (paragraph: number) => ({ documentId: 'd', sourceId: 's', chunkId: 'c', paragraph, quote: 'q' });

async function shown() {
  const f = fakeContext();
  const source = new MemorySource(
    'd1',
    [node('a', 4, { evidence: [evidence(2)] }), node('b', 4), node('c', 7)],
    [edge('e1', 'a', 'c', { evidence: [evidence(7), evidence(9)] })],
  );
  await f.doc.open(source);
  return f;
}

describe('the selection', () => {
  it('a node: its anchor and evidence units are current, its card opens, its anchor is revealed', async () => {
    const { selection, recorded } = await shown();
    const picked = selection.selectNode('a');
    expect(picked?.id).toBe('a');
    expect([...selection.currentUnits]).toEqual([4, 2]);
    expect(selection.card).toMatchObject({ kind: 'node', node: { id: 'a' } });
    expect(recorded.revealed).toEqual([4]);
    selection.selectNode('b', { card: false, reveal: false });
    expect(selection.card).toMatchObject({ node: { id: 'a' } });
    expect(recorded.revealed).toEqual([4]);
  });

  it('a unit: its nodes in view are selected and flashed; all of its nodes are returned', async () => {
    const { selection, recorded } = await shown();
    const ids = selection.selectUnit(4, new Set(['b']));
    expect(ids.sort()).toEqual(['a', 'b']);
    expect(selection.selectedNodeId).toBe('b');
    expect([...selection.highlightNodeIds]).toEqual(['b']);
    expect(recorded.focused).toEqual([['b']]);
    expect(selection.card).toBeNull();
  });

  it("a relation and an insight's evidence: their ends emphasised, the first unit revealed", async () => {
    const { selection, doc, recorded } = await shown();
    selection.selectEdge(doc.graph!.edges[0]);
    expect([...selection.highlightNodeIds]).toEqual(['a', 'c']);
    expect([...selection.currentUnits]).toEqual([7, 9]);
    expect(recorded.revealed).toEqual([7]);
    selection.selectEvidence(['c', 'a'], ['e1'], new Set(['a']));
    expect(recorded.revealed).toEqual([7, 2]);
    expect(recorded.focused).toEqual([['a']]);
    selection.clear();
    expect(selection.currentUnits.size + selection.highlightNodeIds.size).toBe(0);
  });
});
