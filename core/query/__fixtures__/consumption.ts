// The seed's consumption fixture (docs/contracts/graph-query.md#tests), numbered from 1: 803 nodes where n801 lies past the first
// 800-node window, n802 is uncertain, n803's entailment is unsupported, and n1 -supports-> n2. Shared by the core
// tests and the Worker tests (D1 and parity).
import type { GraphExport } from '../../export/graph-export';
import type { ContentUnit, KgEdge, KgNode, Section } from '../../schema';

export const FIXTURE_SOURCE_ID = 'src-consumption';

function unitText(n: number): string {
  if (n === 1) return '系统恢复依赖检查点，检查点记录了进度。';
  if (n === 2) return '断点续跑需要保存状态，才能从中断处继续。';
  if (n === 801) return '知识节点 窗口外目标 出现在第八百零一段。';
  return `知识节点 第${n}号 是普通的内容，用来填满窗口。`;
}

export function consumptionFixture(documentId: string, revision = 1): GraphExport {
  const units: ContentUnit[] = [];
  let offset = 0;
  for (let n = 1; n <= 803; n++) {
    const text = unitText(n);
    units.push({
      n,
      start: offset,
      end: offset + text.length,
      text,
      kind: 'narrative',
      sectionId: n <= 400 ? 's1' : 's2',
    });
    offset += text.length + 2;
  }
  const sections: Section[] = [
    { id: 's1', title: '恢复机制', level: 1, firstUnit: 1, lastUnit: 400 },
    { id: 's2', title: 'Appendix window', level: 1, firstUnit: 401, lastUnit: 803 },
  ];
  const node = (n: number, text: string, extra: Partial<KgNode> = {}): KgNode => {
    const quote = units[n - 1].text.slice(0, 12);
    return {
      id: `n${n}`,
      type: 'claim',
      text,
      paragraph: n,
      quote,
      evidence: [{ documentId, sourceId: FIXTURE_SOURCE_ID, chunkId: `c${Math.ceil(n / 100)}`, paragraph: n, quote }],
      groundingStatus: 'grounded',
      entailmentStatus: 'unverified',
      sectionId: n <= 400 ? 's1' : 's2',
      ...extra,
    };
  };
  const nodes: KgNode[] = [
    node(1, '恢复依赖检查点', { type: 'rule' }),
    node(2, '断点续跑需要保存状态', { type: 'fact' }),
  ];
  for (let n = 3; n <= 800; n++)
    nodes.push(
      node(n, `知识节点 第${n}号`, {
        type: n % 2 ? 'concept' : 'claim',
        groundingStatus: n % 3 ? 'grounded' : 'candidate',
      }),
    );
  nodes.push(node(801, '知识节点 窗口外目标'));
  nodes.push(node(802, '知识节点 不确定的说法', { entailmentStatus: 'uncertain' }));
  nodes.push(node(803, '知识节点 不受支持的说法', { entailmentStatus: 'unsupported', groundingStatus: 'unsupported' }));
  const edge = (id: string, from: number, to: number, relation: KgEdge['relation']): KgEdge => ({
    id,
    fromNodeId: `n${from}`,
    toNodeId: `n${to}`,
    relation,
    evidence: [
      {
        documentId,
        sourceId: FIXTURE_SOURCE_ID,
        chunkId: 'c1',
        paragraph: from,
        quote: units[from - 1].text.slice(0, 12),
      },
    ],
  });
  const edges: KgEdge[] = [edge('e1', 1, 2, 'supports')];
  // A chain through the filler nodes, so hops and budgets have something to cut.
  for (let n = 3; n < 800; n++) edges.push(edge(`e${n}`, n, n + 1, n % 5 === 0 ? 'causes' : 'contains'));
  edges.push(edge('e800', 801, 3, 'example'));
  edges.push(edge('e801', 2, 3, 'infers'));
  return {
    format: 'kg-workbench.graph',
    version: 1,
    exportedAt: '2026-12-01T00:00:00.000Z',
    documentId,
    title: 'consumption fixture',
    revision,
    summary: '恢复机制与断点续跑的知识图。',
    sourceId: FIXTURE_SOURCE_ID,
    model: 'builtin:heuristic',
    chars: offset,
    counts: { units: units.length, nodes: nodes.length, edges: edges.length },
    sections,
    audit: null,
    units,
    nodes,
    edges,
  };
}
