// Pure parts of the workbench's trust tools: reading reports, audit entries, candidates and question results
// defensively, and the readable before → after lines of the fix log.
import { describe, expect, it } from 'vitest';
import { isFixable, readReport, severityByTarget } from '../../components/verify-panel/report';
import { fixLabel } from '../../components/verify-panel/fix-label';
import { auditLines, readAudit } from '../../components/audit-log/audit-lines';
import { readCandidates } from '../../components/candidate-review/candidate-review';
import { readQuestionResult } from '../../components/question-box/question-box';

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
    expect(fixLabel(report.issues[0].proposedFix, 'en')).toBe('Merge n2 into n1');
    expect(fixLabel(report.issues[0].proposedFix, 'zh')).toBe('将 n2 合并到 n1');
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

describe('candidates and questions', () => {
  it('reads candidate pages and their first evidence quote', () => {
    const page = readCandidates({
      candidates: [
        {
          id: 'clm_1',
          kind: 'claim',
          nodeId: 'n1',
          text: 'T',
          type: 'fact',
          status: 'accepted',
          evidence: [{ paragraph: 2, quote: 'Q' }],
        },
        { id: 5, text: 'bad' },
      ],
      nextCursor: 'c2',
    });
    expect(page).toEqual({
      items: [
        {
          id: 'clm_1',
          kind: 'claim',
          nodeId: 'n1',
          text: 'T',
          type: 'fact',
          status: 'accepted',
          quote: 'Q',
          paragraph: 2,
        },
      ],
      nextCursor: 'c2',
    });
  });

  it('shows a verdict only when the answer has one of the four (never a made-up verdict)', () => {
    expect(readQuestionResult({ verdict: 'maybe', answer: 'a' })).toBeNull();
    expect(readQuestionResult(undefined)).toBeNull();
    const r = readQuestionResult({
      verdict: 'contradicted',
      answer: 'no',
      evidence: [{ paragraph: 1, quote: '' }],
      proposedFix: { action: 'delete_node', nodePatch: { id: 'n1' } },
    })!;
    expect(r).toMatchObject({
      verdict: 'contradicted',
      evidence: [{ paragraph: 1, quote: '' }],
      proposedFix: { action: 'delete_node' },
    });
  });
});
