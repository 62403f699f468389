import { describe, expect, it } from 'vitest';
import type { ContentUnit, KgGraph, KgNode } from '../schema';
import { existingNodesFor } from './existing-nodes';

const node = (i: number, text: string): KgNode =>
  ({ id: `n${i}`, type: 'claim', text, paragraph: i, quote: text, evidence: [] }) as unknown as KgNode;
const unit = (text: string): ContentUnit => ({
  n: 9_999,
  start: 0,
  end: text.length,
  text,
  kind: 'narrative',
  sectionId: 's0',
});

describe('existing nodes shown to an append batch', () => {
  const nodes = Array.from({ length: 5_000 }, (_, i) =>
    node(i, `Routine log line ${i} about the deployment pipeline.`),
  );
  nodes[1_234] = node(1_234, 'The flamingo service stores invoices in the archive bucket.');
  const base: KgGraph = { summary: '', nodes, edges: [] };

  it('is bounded, keeps the nodes relevant to the batch however old, and fills up with the most recent', () => {
    const batch = Array.from({ length: 60 }, (_, i) =>
      unit(i === 30 ? 'The flamingo service failed to read the archive bucket.' : `Step ${i} ran.`),
    );
    const shown = existingNodesFor(base, batch);
    expect(shown.length).toBe(200);
    expect(shown.map((n) => n.id)).toContain('n1234');
    expect(shown.map((n) => n.id)).toContain('n4999');
    expect(shown.map((n) => n.id)).not.toContain('n0');
    // In graph order.
    const order = shown.map((n) => Number(n.id.slice(1)));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('shows a small batch a small slice: four nodes per unit, at least 24', () => {
    const shown = existingNodesFor(base, [unit('The flamingo service failed to read the archive bucket.')]);
    expect(shown.length).toBe(24);
    expect(shown.map((n) => n.id)).toContain('n1234');
    expect(shown.map((n) => n.id)).toContain('n4999');
  });

  it('lists every node of a small graph', () => {
    const small: KgGraph = { summary: '', nodes: nodes.slice(0, 20), edges: [] };
    expect(existingNodesFor(small, [unit('anything')]).length).toBe(20);
  });
});
