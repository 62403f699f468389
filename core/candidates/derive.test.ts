import { describe, expect, it } from 'vitest';
import type { KgGraph, KgNode } from '../schema';
import { deriveCandidates } from './derive';

const node = (id: string, type: KgNode['type'], text: string): KgNode => ({
  id,
  type,
  text,
  paragraph: 1,
  quote: text,
  evidence: [],
  groundingStatus: 'candidate',
  entailmentStatus: 'unverified',
  confidence: 0.7,
});
const graph = (nodes: KgNode[]): KgGraph => ({ summary: '', nodes, edges: [] });

describe('deriveCandidates', () => {
  it('entities from concepts and definitions, claims from propositions; a definition gives both; examples give none', async () => {
    const out = await deriveCandidates(
      'doc',
      graph([
        node('n1', 'concept', 'River'),
        node('n2', 'definition', 'A delta is a landform'),
        node('n3', 'fact', 'Rivers flow'),
        node('n4', 'example', 'The Nile'),
      ]),
    );
    expect(out.map((c) => `${c.kind}:${c.nodeId}`)).toEqual(['entity:n1', 'entity:n2', 'claim:n2', 'claim:n3']);
    expect(out.find((c) => c.kind === 'claim' && c.nodeId === 'n3')).toMatchObject({ confidence: 0.7, nodeOrd: 2 });
    expect(out.find((c) => c.kind === 'entity')).not.toHaveProperty('confidence');
  });

  it('ids are stable: entities by type and text (any node), claims by node and text; a text edit is a new id', async () => {
    const a = await deriveCandidates('doc', graph([node('n1', 'concept', 'River'), node('n3', 'fact', 'Rivers flow')]));
    const b = await deriveCandidates('doc', graph([node('n9', 'concept', 'River'), node('n3', 'fact', 'Rivers flow')]));
    const c = await deriveCandidates(
      'doc',
      graph([node('n1', 'concept', 'River'), node('n3', 'fact', 'Rivers flow fast')]),
    );
    const other = await deriveCandidates('doc2', graph([node('n1', 'concept', 'River')]));
    expect(a[0].id).toMatch(/^ent_[0-9a-f]{32}$/);
    expect(a[1].id).toMatch(/^clm_[0-9a-f]{32}$/);
    expect(b[0].id).toBe(a[0].id);
    expect(b[1].id).toBe(a[1].id);
    expect(c[1].id).not.toBe(a[1].id);
    expect(other[0].id).not.toBe(a[0].id);
    // The same entity on two nodes is one candidate.
    expect(
      await deriveCandidates('doc', graph([node('n1', 'concept', 'River'), node('n2', 'concept', 'River')])),
    ).toHaveLength(1);
  });
});
