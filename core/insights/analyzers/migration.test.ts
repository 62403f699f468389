import { describe, expect, it } from 'vitest';
import { edge, graph, historyOf, node } from '../__fixtures__/graphs';
import type { KgEdge, KgNode, Relation } from '../../schema';
import { analyzerContext } from './context';
import { migration } from './migration';

/** A chain of `count` nodes linked by `relation`, in `section`, starting at paragraph `at`. */
function chain(
  prefix: string,
  count: number,
  relation: Relation,
  section: string,
  at: number,
): { nodes: KgNode[]; edges: KgEdge[] } {
  const nodes = Array.from({ length: count }, (_, i) =>
    node(`${prefix}${i}`, 'claim', `${prefix} statement ${i}`, { section, paragraph: at + i }),
  );
  const edges = nodes.slice(1).map((n, i) => edge(`${prefix}e${i}`, nodes[i].id, n.id, relation));
  return { nodes, edges };
}

function merge(...parts: Array<{ nodes: KgNode[]; edges: KgEdge[] }>) {
  return graph(
    parts.flatMap((p) => p.nodes),
    parts.flatMap((p) => p.edges),
  );
}

describe('migration', () => {
  it('reports the chain that grew in the latest round and where its new nodes landed', () => {
    const tax = chain('t', 3, 'is_a', 's1', 1);
    const r1 = merge(tax, chain('c', 2, 'causes', 's1', 10));
    const r2 = merge(tax, chain('c', 2, 'causes', 's1', 10), chain('k', 4, 'causes', 's2', 20));
    const found = migration(analyzerContext(historyOf([r1, r2])));
    const growing = found.find((f) => f.id === 'migration:growing:causal');
    expect(growing).toBeDefined();
    expect(growing!.references.scopeKey).toBe('chain:causal&section:s2');
    expect(growing!.detail.en).toContain('added 3 causal relation(s) (1 → 4)');
  });

  it('reports a chain that stalled for maxStaleRounds rounds while the graph grew', () => {
    const tax = chain('t', 3, 'is_a', 's1', 1);
    const rounds = [2, 3, 4, 5].map((n) => merge(tax, chain('c', n, 'causes', 's2', 10)));
    const found = migration(analyzerContext(historyOf(rounds)));
    expect(found.map((f) => f.id)).toContain('migration:stalled:taxonomic');
    expect(found.map((f) => f.id)).not.toContain('migration:stalled:causal');
    // With only two rounds nothing can have stalled for three.
    expect(migration(analyzerContext(historyOf(rounds.slice(-2)))).map((f) => f.id)).not.toContain(
      'migration:stalled:taxonomic',
    );
  });

  it('reads where a single-round text is heading: from one chain at the start to another at the end', () => {
    const g = merge(
      chain('t', 8, 'is_a', 's1', 1),
      chain('m', 4, 'supports', 's2', 20),
      chain('c', 8, 'causes', 's3', 40),
    );
    const found = migration(analyzerContext(historyOf([g])));
    const heading = found.find((f) => f.id === 'migration:heading:causal');
    expect(heading).toBeDefined();
    expect(heading!.references.scopeKey).toBe('chain:causal&section:s3');
    expect(heading!.detail.en).toMatch(/0% of the relations in the first third and 100% in the last third/);
    expect(heading!.detail.en).toContain('taxonomic');
  });

  it('says nothing about a text too small to read a direction from', () => {
    expect(migration(analyzerContext(historyOf([merge(chain('c', 3, 'causes', 's1', 1))])))).toEqual([]);
  });
});
