// The shown document: opening reads its summary and first window, the node index links units and nodes, a search
// and a section change the view, a new revision forgets the old index, and a slower earlier read never overwrites a
// newer one.
import { describe, expect, it } from 'vitest';
import { DocumentController } from './document-controller';
import { FakeHost, MemorySource, edge, node } from './fake-context';

const evidence = (paragraph: number) => ({ documentId: 'd', sourceId: 's', chunkId: 'c', paragraph, quote: 'q' });

function open(source: MemorySource) {
  const host = new FakeHost();
  const errors: unknown[] = [];
  const doc = new DocumentController(host, (e) => errors.push(e));
  return { host, errors, doc, opened: doc.open(source) };
}

describe('the shown document', () => {
  it('opens a source: its summary, its first window, and which nodes each unit holds', async () => {
    const source = new MemorySource('d1', [node('a', 1, { evidence: [evidence(3)] }), node('b', 2), node('c', null)]);
    const { doc, host, opened } = open(source);
    await opened;
    expect(doc.info?.documentId).toBe('d1');
    expect(doc.graph?.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(doc.nodesOfUnit(3)).toEqual(['a']);
    expect(doc.unitsOfNode(doc.known.get('a')!)).toEqual([1, 3]);
    expect(doc.typesOfUnit(2)).toEqual(['claim']);
    expect(doc.loading).toBe(false);
    expect(host.updates).toBeGreaterThan(0);
  });

  it('a search reads the view around a node; a new revision forgets nodes it no longer has', async () => {
    const source = new MemorySource('d1', [node('a', 1), node('b', 2), node('c', 3)], [edge('e1', 'a', 'b')], 1);
    const { doc, opened } = open(source);
    await opened;
    expect(doc.graph?.nodes.map((n) => n.id)).toEqual(['a']);
    await doc.search(' b ');
    expect(doc.query).toBe('b');
    expect(source.reads.at(-1)).toMatchObject({ q: 'b', offset: 0 });
    expect(doc.graph?.nodes.map((n) => n.id).sort()).toEqual(['a', 'b']);
    expect(doc.known.has('b')).toBe(true);
    source.nodes = [node('a', 1)];
    source.edges = [];
    source.revision = 2;
    await doc.search('');
    await doc.refresh();
    expect(doc.info?.revision).toBe(2);
    expect(doc.known.has('b')).toBe(false);
  });

  it('drops a slower read that a newer one overtook', async () => {
    const slow = new MemorySource('slow', [node('s', 1)]);
    const fast = new MemorySource('fast', [node('f', 1)]);
    const graph = slow.graph.bind(slow);
    let release!: () => void;
    slow.graph = async (q) => {
      await new Promise<void>((r) => (release = r));
      return graph(q);
    };
    const { doc, opened } = open(slow);
    await new Promise((r) => setTimeout(r, 0));
    await doc.open(fast);
    release();
    await opened;
    expect(doc.info?.documentId).toBe('fast');
    expect(doc.graph?.nodes.map((n) => n.id)).toEqual(['f']);
  });

  it('reports a failed read once and stops loading', async () => {
    const source = new MemorySource('d1', []);
    source.graph = async () => {
      throw new Error('boom');
    };
    const { doc, errors, opened } = open(source);
    await opened;
    expect(errors).toHaveLength(1);
    expect(doc.loading).toBe(false);
    expect(doc.error).toBe(errors[0]);
  });
});
