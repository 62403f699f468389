import { describe, expect, it } from 'vitest';
import { KgNodeSchema, NODE_TYPES, RELATIONS, WireBatchSchema } from './index';

describe('graph contract', () => {
  it('has exactly 8 node types and 12 relations', () => {
    expect(NODE_TYPES).toHaveLength(8);
    expect(RELATIONS).toHaveLength(12);
  });

  it('rejects unknown node types and relations in the wire format', () => {
    const ok = { summary: '', nodes: [{ id: 'n1', type: 'fact', text: 't', paragraph: 1, quote: 't' }], edges: [] };
    expect(WireBatchSchema.safeParse(ok).success).toBe(true);
    const badType = { ...ok, nodes: [{ ...ok.nodes[0], type: 'opinion' }] };
    expect(WireBatchSchema.safeParse(badType).success).toBe(false);
    const badRel = {
      ...ok,
      edges: [{ fromNodeId: 'n1', toNodeId: 'n1', relation: 'related_to', paragraph: 1, quote: 't' }],
    };
    expect(WireBatchSchema.safeParse(badRel).success).toBe(false);
  });

  it('requires a grounding status on canonical nodes', () => {
    const node = {
      id: 'n1',
      type: 'fact',
      text: 't',
      paragraph: 1,
      quote: 't',
      evidence: [],
      entailmentStatus: 'unverified',
    };
    expect(KgNodeSchema.safeParse(node).success).toBe(false);
    expect(KgNodeSchema.safeParse({ ...node, groundingStatus: 'candidate' }).success).toBe(true);
  });
});
