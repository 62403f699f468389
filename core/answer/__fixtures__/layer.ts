// The concept-layer fixture (issue 25), built by hand (not by core/concepts): reasons linked by causes and driven_by,
// an anchor defined by a `defines` node (English) and one defined only by a definition that names it (Chinese),
// and statements that name an anchor (mentions) without any relation to it. Unit 4 shares no word with "What are
// ledgers?": only its mention of the anchor "ledger" leads there. Shared by the core tests and the Worker tests.
import type { GraphExport } from '../../export/graph-export';
import type { ContentUnit, KgEdge, KgNode, Mention, Relation } from '../../schema';

export const LAYER_SOURCE_ID = 'src-layer';

const UNIT_TEXTS = [
  /* 1 */ 'It rained all night.',
  /* 2 */ 'The ground is wet because it rained all night.',
  /* 3 */ 'A ledger is a book that records every transfer.',
  /* 4 */ 'The clerk keeps the ledger in a fireproof safe.',
  /* 5 */ '昨晚下了一整夜的雨。',
  /* 6 */ '因为昨晚下了一整夜的雨，地面是湿的。',
  /* 7 */ '检查点是任务在某一时刻保存的完整状态。',
  /* 8 */ '恢复时读取最近的检查点。',
  /* 9 */ 'Crops grow quickly in spring.',
  /* 10 */ 'Spring days are long and warm.',
  /* 11 */ 'Crop growth is driven by the long spring days.',
];

export type LayerGraph = GraphExport & { mentions: Mention[] };

export function layerFixture(documentId: string, revision = 1): LayerGraph {
  const units: ContentUnit[] = [];
  let offset = 0;
  UNIT_TEXTS.forEach((text, i) => {
    units.push({ n: i + 1, start: offset, end: offset + text.length, text, kind: 'narrative', sectionId: 's0' });
    offset += text.length + 2;
  });
  const ev = (paragraph: number, quote: string) => [
    { documentId, sourceId: LAYER_SOURCE_ID, chunkId: 'c0', paragraph, quote },
  ];
  const node = (id: string, type: KgNode['type'], paragraph: number, text: string, quote = text): KgNode => ({
    id,
    type,
    text,
    paragraph,
    quote,
    evidence: ev(paragraph, quote),
    groundingStatus: 'grounded',
    entailmentStatus: 'unverified',
    sectionId: 's0',
  });
  const nodes: KgNode[] = [
    node('rain', 'fact', 1, 'It rained all night'),
    node('wet', 'fact', 2, 'The ground is wet'),
    node('ledger-def', 'definition', 3, 'A ledger is a book that records every transfer'),
    node('c-ledger', 'concept', 3, 'ledger'),
    node('safe', 'claim', 4, 'The clerk keeps the ledger in a fireproof safe'),
    node('zh-rain', 'fact', 5, '昨晚下了一整夜的雨'),
    node('zh-wet', 'fact', 6, '地面是湿的'),
    node('zh-def', 'definition', 7, '检查点是任务在某一时刻保存的完整状态'),
    node('c-checkpoint', 'concept', 7, '检查点'),
    node('zh-resume', 'claim', 8, '恢复时读取最近的检查点'),
    node('crops', 'fact', 9, 'Crops grow quickly in spring'),
    node('days', 'fact', 10, 'Spring days are long and warm'),
  ];
  const edge = (id: string, from: string, to: string, relation: Relation, paragraph: number, quote: string) =>
    ({ id, fromNodeId: from, toNodeId: to, relation, evidence: ev(paragraph, quote) }) satisfies KgEdge;
  const edges: KgEdge[] = [
    edge('e-rain', 'rain', 'wet', 'causes', 2, 'The ground is wet because it rained all night.'),
    edge('e-def', 'ledger-def', 'c-ledger', 'defines', 3, 'A ledger is a book that records every transfer.'),
    edge('e-zh-rain', 'zh-rain', 'zh-wet', 'causes', 6, '因为昨晚下了一整夜的雨，地面是湿的'),
    edge('e-crops', 'crops', 'days', 'driven_by', 11, 'Crop growth is driven by the long spring days.'),
  ];
  const mention = (id: string, nodeId: string, conceptId: string, paragraph: number, term: string): Mention => ({
    id,
    nodeId,
    conceptId,
    term,
    evidence: ev(paragraph, term),
  });
  const mentions: Mention[] = [
    mention('m-def', 'ledger-def', 'c-ledger', 3, 'ledger'),
    mention('m-safe', 'safe', 'c-ledger', 4, 'ledger'),
    mention('m-zh-def', 'zh-def', 'c-checkpoint', 7, '检查点'),
    mention('m-zh-resume', 'zh-resume', 'c-checkpoint', 8, '检查点'),
  ];
  return {
    format: 'kg-workbench.graph',
    version: 1,
    exportedAt: '2026-12-02T00:00:00.000Z',
    documentId,
    title: 'concept layer fixture',
    revision,
    summary: 'Reasons, definitions and mentions.',
    sourceId: LAYER_SOURCE_ID,
    model: 'builtin:heuristic',
    chars: offset,
    counts: { units: units.length, nodes: nodes.length, edges: edges.length },
    sections: [],
    audit: null,
    units,
    nodes,
    edges,
    mentions,
  };
}

/** The questions of the layer tests, with what each answer must cite (targetKind:targetId, in order). */
export const LAYER_QUESTIONS = {
  enWhy: { question: 'Why is the ground wet?', cites: ['node:rain', 'edge:e-rain'] },
  zhWhy: { question: '为什么地面是湿的？', cites: ['node:zh-rain', 'edge:e-zh-rain'] },
  enWhyDrivenBy: { question: 'Why do crops grow quickly in spring?', cites: ['node:days', 'edge:e-crops'] },
  enWhat: { question: 'What are ledgers?', cites: ['node:ledger-def', 'edge:e-def'] },
  zhWhat: { question: '什么是检查点？', cites: ['node:zh-def'] },
} as const;
