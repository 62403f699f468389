// The answer fixture (docs/contracts/answers.md#tests, numbered from 1), in Chinese and English: n1 "恢复依赖检查点" (unverified),
// n1 -supports-> n2, an irrelevant n3 ("月球完全由奶酪构成"), unit 3 that only the source has (SOURCE_ONLY_TOKEN),
// a question answerable from one unit in each language, and one answerable only through a relation (the two
// endpoint nodes each cover part of it; the edge joins them). Shared by the core tests and the Worker tests.
import type { GraphExport } from '../../export/graph-export';
import type { ContentUnit, KgEdge, KgNode } from '../../schema';

export const ASK_SOURCE_ID = 'src-ask';

const UNIT_TEXTS = [
  /* 1 */ '恢复依赖检查点。',
  /* 2 */ '断点续跑需要恢复能力，恢复关系支持断点续跑。',
  /* 3 */ 'SOURCE_ONLY_TOKEN 蓝色开关用于恢复。',
  /* 4 */ '月球完全由奶酪构成。',
  /* 5 */ 'Checkpoints are written to R2 after every batch.',
  /* 6 */ 'A restarted task resumes from its last checkpoint and skips finished batches.',
  /* 7 */ 'Nightly snapshots copy the warehouse ledger.',
  /* 8 */ 'Auditors reconcile quarterly invoices.',
  /* 9 */ 'Auditors rely on the snapshots.',
  /* 10 */ '夜间快照复制仓库账本。',
  /* 11 */ '审计员核对季度发票。',
  /* 12 */ '审计员依靠这些快照。',
];

export function askFixture(documentId: string, revision = 1): GraphExport {
  const units: ContentUnit[] = [];
  let offset = 0;
  UNIT_TEXTS.forEach((text, i) => {
    units.push({ n: i + 1, start: offset, end: offset + text.length, text, kind: 'narrative', sectionId: 's0' });
    offset += text.length + 2;
  });
  const ev = (paragraph: number, quote: string) => ({
    documentId,
    sourceId: ASK_SOURCE_ID,
    chunkId: 'c0',
    paragraph,
    quote,
  });
  const node = (id: string, paragraph: number, text: string, quote: string, extra: Partial<KgNode> = {}): KgNode => ({
    id,
    type: 'claim',
    text,
    paragraph,
    quote,
    evidence: [ev(paragraph, quote)],
    groundingStatus: 'grounded',
    entailmentStatus: 'unverified',
    sectionId: 's0',
    ...extra,
  });
  const nodes: KgNode[] = [
    node('n1', 1, '恢复依赖检查点', '恢复依赖检查点'),
    node('n2', 2, '断点续跑需要恢复能力', '断点续跑需要恢复能力', { type: 'fact' }),
    node('n3', 4, '月球完全由奶酪构成', '月球完全由奶酪构成', { type: 'fact' }),
    node(
      'n4',
      5,
      'Checkpoints are written to R2 after every batch',
      'Checkpoints are written to R2 after every batch.',
      { type: 'fact' },
    ),
    node(
      'n5',
      6,
      'A restarted task resumes from its last checkpoint',
      'A restarted task resumes from its last checkpoint and skips finished batches.',
      { type: 'fact' },
    ),
    node('n6', 7, 'Nightly snapshots copy the warehouse ledger', 'Nightly snapshots copy the warehouse ledger.', {
      type: 'fact',
    }),
    node('n7', 8, 'Auditors reconcile quarterly invoices', 'Auditors reconcile quarterly invoices.', { type: 'fact' }),
    node('n8', 10, '夜间快照复制仓库账本', '夜间快照复制仓库账本', { type: 'fact' }),
    node('n9', 11, '审计员核对季度发票', '审计员核对季度发票', { type: 'fact' }),
  ];
  const edge = (id: string, from: string, to: string, paragraph: number, quote: string): KgEdge => ({
    id,
    fromNodeId: from,
    toNodeId: to,
    relation: 'supports',
    evidence: [ev(paragraph, quote)],
  });
  const edges: KgEdge[] = [
    edge('e1', 'n1', 'n2', 2, '恢复关系支持断点续跑'),
    edge('e2', 'n6', 'n7', 9, 'Auditors rely on the snapshots.'),
    edge('e3', 'n8', 'n9', 12, '审计员依靠这些快照'),
  ];
  return {
    format: 'kg-workbench.graph',
    version: 1,
    exportedAt: '2026-12-01T00:00:00.000Z',
    documentId,
    title: 'ask fixture',
    revision,
    summary: '恢复、检查点与审计的知识图。',
    sourceId: ASK_SOURCE_ID,
    model: 'builtin:heuristic',
    chars: offset,
    counts: { units: units.length, nodes: nodes.length, edges: edges.length },
    sections: [],
    audit: null,
    units,
    nodes,
    edges,
  };
}

/** Questions of the extractive tests, with what each must cite. */
export const EXTRACTIVE_QUESTIONS = {
  zhOneUnit: { question: '恢复依赖什么？', cites: 'n1' },
  enOneUnit: { question: 'What does a restarted task resume from?', cites: 'n5' },
  zhRelation: { question: '夜间快照如何帮助审计员核对发票？', cites: 'e3' },
  enRelation: { question: 'How do nightly snapshots help auditors reconcile invoices?', cites: 'e2' },
  zhUnrelated: { question: '月球上的恢复时间是多少？' },
  enUnrelated: { question: 'What is the capital of the warehouse planet?' },
} as const;
