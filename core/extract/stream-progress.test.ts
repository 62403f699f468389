import { describe, expect, it } from 'vitest';
import { nodesSeenCounter } from './stream-progress';

describe('nodes seen in a streamed answer', () => {
  it('counts each node once, however the text is cut across deltas, and starts again on a new call', () => {
    const answer = JSON.stringify({
      summary: 's',
      nodes: [1, 2, 3].map((i) => ({ id: `n${i}`, type: 'fact', text: `t${i}`, paragraph: i, quote: `t${i}` })),
      edges: [{ fromNodeId: 'n1', toNodeId: 'n2', relation: 'causes', paragraph: 1, quote: 'q' }],
    });
    for (const step of [1, 3, 7, 50]) {
      const seen = nodesSeenCounter();
      const counts: number[] = [];
      for (let i = step; i < answer.length + step; i += step) counts.push(seen(answer.slice(0, i)));
      expect(counts.at(-1)).toBe(3);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      expect(seen('{"nodes":[{"type": ')).toBe(1);
    }
  });
});
