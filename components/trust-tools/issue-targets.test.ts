// Where an issue points: a relation named from>to (or from>to:relation) is found among the shown edges; showing an
// issue outside the view loads it by a query first; after a fix the detail card shows the new revision's node or
// closes when the node is gone.
import { describe, expect, it } from 'vitest';
import type { Issue } from '../verify-panel/report';
import { fakeContext, MemorySource, edge, node, settle } from '../workbench/fake-context';
import { edgeIdOf, refreshCard, showIssueTarget } from './issue-targets';

async function shown(windowSize = Number.POSITIVE_INFINITY) {
  const f = fakeContext();
  const source = new MemorySource(
    'd1',
    [node('a', 1), node('b', 2), node('far', 5)],
    [edge('e1', 'a', 'b', { relation: 'causes' }), edge('e2', 'far', 'b')],
    windowSize,
  );
  await f.doc.open(source);
  return { ...f, source };
}

const issue = (over: Partial<Issue>): Issue =>
  ({ id: 'i', targetKind: 'node', targetId: 'a', units: [], evidence: [], edgeKey: null, ...over }) as Issue;

describe('issue targets', () => {
  it('finds an edge by id, by from>to, or by from>to:relation', async () => {
    const { doc } = await shown();
    expect(edgeIdOf(doc, { targetId: 'e1', edgeKey: null })).toBe('e1');
    expect(edgeIdOf(doc, { targetId: 'a>b', edgeKey: null })).toBe('e1');
    expect(edgeIdOf(doc, { targetId: 'x', edgeKey: 'a>b:causes' })).toBe('e1');
    expect(edgeIdOf(doc, { targetId: 'nope', edgeKey: null })).toBe('nope');
  });

  it('shows a node outside the view after loading it, reveals its unit and brings the graph into view', async () => {
    const { ctx, doc, selection, recorded } = await shown(2);
    await showIssueTarget(ctx, issue({ targetId: 'far', units: [5] }));
    await settle();
    expect(doc.query).toBe('far');
    expect(selection.selectedNodeId).toBe('far');
    expect(recorded.focused).toContainEqual(['far']);
    expect(recorded.revealed).toContain(5);
    expect(recorded.scrolledToGraph).toBe(1);
  });

  it("keeps the card true after a fix: the node's new version, or closed when it is gone", async () => {
    const { ctx, doc, selection, source } = await shown();
    selection.selectNode('a');
    source.nodes = [node('a', 1, { text: 'Renamed' }), node('b', 2)];
    source.revision = 2;
    await doc.refresh();
    refreshCard(ctx);
    expect(selection.card).toMatchObject({ kind: 'node', node: { text: 'Renamed' } });
    source.nodes = [node('b', 2)];
    source.revision = 3;
    await doc.refresh();
    refreshCard(ctx);
    expect(selection.card).toBeNull();
  });
});
