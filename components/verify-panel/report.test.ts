// Reading verification reports defensively (both languages, fixes that parse or become none), the fix labels, and
// the worst severity per target that colours the graph.
import { describe, expect, it } from 'vitest';
import { isFixable, readReport, severityByTarget } from './report';
import { fixLabel } from './fix-label';

const issue = (over: Record<string, unknown> = {}) => ({
  id: 'loc1',
  source: 'local',
  severity: 'warning',
  category: 'duplicate',
  targetKind: 'node',
  targetId: 'n2',
  title: 'Suspected duplicate nodes: n1 / n2',
  titleZh: '疑似重复节点：n1 / n2',
  detail: 'd',
  detailZh: '细节',
  evidence: [
    { paragraph: 3, quote: 'q' },
    { paragraph: 0, quote: 'bad' },
  ],
  units: [3, 4],
  confidence: 0.8,
  proposedFix: { action: 'merge_nodes', nodePatch: { id: 'n2' }, mergeIntoId: 'n1' },
  status: 'open',
  invariantCode: 'node_duplicate_suspected',
  ...over,
});

describe('reports', () => {
  it('reads { report, stale } as the reports route answers it, with both languages and the fix', () => {
    const report = readReport({
      report: {
        reportId: 'vq-1',
        mode: 'quick',
        revision: 2,
        createdAt: 5,
        summary: 's',
        summaryZh: '总',
        metrics: { checkedNodes: 3, x: 'no' },
        issues: [issue()],
      },
      stale: true,
    })!;
    expect(report).toMatchObject({
      reportId: 'vq-1',
      revision: 2,
      stale: true,
      summaryZh: '总',
      metrics: { checkedNodes: 3 },
    });
    expect(report.metrics).not.toHaveProperty('x');
    expect(report.issues[0]).toMatchObject({
      titleZh: '疑似重复节点：n1 / n2',
      units: [3, 4],
      code: 'node_duplicate_suspected',
    });
    expect(report.issues[0].evidence).toEqual([{ paragraph: 3, quote: 'q' }]);
    expect(isFixable(report.issues[0])).toBe(true);
    const texts = (id: string) => ({ n1: 'Rivers carry water', n2: 'Rivers carry water.' })[id];
    expect(fixLabel(report.issues[0].proposedFix, 'en', texts)).toBe(
      'Merge “Rivers carry water” into “Rivers carry water”',
    );
    expect(fixLabel(report.issues[0].proposedFix, 'zh', texts)).toBe(
      '将 “Rivers carry water” 合并到 “Rivers carry water”',
    );
    // A node the page has not loaded is never named by its id.
    expect(fixLabel(report.issues[0].proposedFix, 'en')).toBe('Merge this node into this node');
  });

  it('never offers a fix the vocabulary does not define, and keeps unknown enums inside theirs', () => {
    const report = readReport({
      issues: [issue({ proposedFix: { action: 'drop_table' }, severity: 'fatal', category: 'vibes' }), { title: '' }],
    })!;
    expect(report.issues).toHaveLength(1);
    expect(report.issues[0]).toMatchObject({ severity: 'warning', category: 'other', proposedFix: { action: 'none' } });
    expect(isFixable(report.issues[0])).toBe(false);
    expect(readReport({ nothing: true })).toBeNull();
  });

  it('colours each target by its worst open severity', () => {
    const issues = readReport({
      issues: [
        issue(),
        issue({ id: 'b', severity: 'error' }),
        issue({ id: 'c', targetKind: 'edge', targetId: 'e1', severity: 'suggestion' }),
      ],
    })!.issues;
    const { nodes, edges } = severityByTarget(issues);
    expect(nodes.get('n2')).toBe('error');
    expect(edges.get('e1')).toBe('suggestion');
  });
});
