// Layout cost is bounded by estimated work, not only by node and edge counts (issue 10, "heavy work never starves
// light work"): a graph inside the count limits but dense enough to hold ELK for tens of seconds is refused with 413
// layout_too_large before any layout work, while the usual 800-node document window is accepted.
import { describe, expect, it } from 'vitest';
import { sampleKnowledgeGraph } from '../../core/layout/sample-graphs';
import type { LayoutGraph } from '../../core/layout/types';
import { estimateLayoutCost } from '../../worker/services/layout/cost';
import { LAYOUT_BUDGET, LAYOUT_LIMITS } from '../../worker/services/layout/limits';
import { expectError, json } from './helpers';

/** One connected component of `nodes` nodes with `edges` edges (a chain plus seeded cross links). */
function denseComponent(nodes: number, edges: number): LayoutGraph {
  const list: LayoutGraph['edges'] = [];
  for (let i = 1; i < nodes; i++) list.push({ id: `c${i}`, source: `n${i - 1}`, target: `n${i}`, label: 'causes' });
  for (let k = 0; list.length < edges; k++) {
    const a = (k * 7919) % nodes;
    const b = (k * 104729 + 13) % nodes;
    if (a !== b) list.push({ id: `x${k}`, source: `n${a}`, target: `n${b}`, label: 'supports' });
  }
  return { nodes: Array.from({ length: nodes }, (_, i) => ({ id: `n${i}`, label: `node ${i}` })), edges: list };
}

describe('layout work budget', () => {
  it('refuses a graph within the count limits but over the work budget, before laying it out', async () => {
    const dense = denseComponent(400, 1_200);
    expect(dense.nodes.length).toBeLessThanOrEqual(LAYOUT_LIMITS.nodes);
    expect(dense.edges.length).toBeLessThanOrEqual(LAYOUT_LIMITS.edges);
    expect(estimateLayoutCost(dense).units).toBeGreaterThan(LAYOUT_BUDGET);
    const started = Date.now();
    const res = await json('/api/layout', { method: 'POST', json: dense });
    expectError(res, 413, 'layout_too_large');
    expect(res.body.error.message).toMatch(/budget/);
    // Refused up front: no ELK run (which takes tens of seconds for this graph).
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('admits the usual 800-node document window and weighs density, not just counts', () => {
    const usual = sampleKnowledgeGraph(800, { seed: 3 });
    expect(estimateLayoutCost(usual).units).toBeLessThan(LAYOUT_BUDGET);
    // Same counts, one component with its edges packed in: more work than many small components.
    const spread = sampleKnowledgeGraph(400, { seed: 4, crossLinks: 0.35 });
    const packed = denseComponent(400, spread.edges.length);
    expect(estimateLayoutCost(packed).units).toBeGreaterThan(estimateLayoutCost(spread).units);
  });
});
