// The fix log: audit entries read defensively and their readable before → after lines.
import { describe, expect, it } from 'vitest';
import { auditLines, readAudit } from './audit-lines';

describe('the fix log', () => {
  const node = (id: string, text: string, evidence = 1) => ({
    id,
    type: 'claim',
    text,
    paragraph: 2,
    quote: text,
    evidence: Array.from({ length: evidence }, () => ({})),
  });

  it('reads the audit route (newest first) and says what a merge did', () => {
    const [entry] = readAudit({
      items: [
        {
          revision: 2,
          seq: 0,
          kind: 'commit',
          action: 'merge_nodes',
          targetId: 'n2',
          undone: true,
          undoOf: null,
          reportId: 'vq-1',
          createdAt: 9,
          operation: { action: 'merge_nodes', nodePatch: { id: 'n2' }, mergeIntoId: 'n1' },
          before: { nodes: [node('n1', 'A'), node('n2', 'A again')], edges: [] },
          after: { nodes: [node('n1', 'A', 2)], edges: [] },
        },
      ],
    });
    expect(entry).toMatchObject({ revision: 2, kind: 'commit', undone: true, mergeIntoId: 'n1', at: 9 });
    expect(auditLines(entry, 'en')).toEqual(['Merged node n2 (A again) into n1', 'Node n1 evidence items: 1 → 2']);
    expect(auditLines(entry, 'zh')).toEqual(['节点 n2（A again）并入 n1', '节点 n1 证据：1 → 2 条']);
  });

  it('writes text, type, relation and summary changes, at most five lines then how many more', () => {
    const lines = auditLines(
      {
        before: {
          nodes: [node('n1', 'old'), { ...node('n2', 'x'), type: 'fact' }],
          edges: [
            { id: 'e1', fromNodeId: 'n1', toNodeId: 'n2', relation: 'supports' },
            { id: 'e2', fromNodeId: 'n2', toNodeId: 'n1', relation: 'causes' },
          ],
          summary: 'S1',
        },
        after: {
          nodes: [node('n1', 'new'), { ...node('n2', 'x'), type: 'rule' }, node('n3', 'added')],
          edges: [{ id: 'e1', fromNodeId: 'n1', toNodeId: 'n2', relation: 'infers' }],
          summary: 'S2',
        },
      },
      'en',
    );
    expect(lines.slice(0, 5)).toEqual([
      'Node n1 text: old → new',
      'Node n1 quote: old → new',
      'Node n2 type: Fact → Rule',
      'Added node n3 (added)',
      'Relation n1 → n2: supports → infers',
    ]);
    expect(lines[5]).toBe('… 2 more changes');
  });

  it('leaves out entries it cannot read', () => {
    expect(readAudit({ items: [{ seq: 1 }, null, 'x'] })).toEqual([]);
    expect(readAudit(null)).toEqual([]);
  });
});
