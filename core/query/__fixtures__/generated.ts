// A seeded synthetic document for parity tests and the query benchmark: `nodes` nodes over nodes/2 units in
// sections of 50 units, `edges` edges (a few hubs among them), mixed types, statuses and relations, English and
// Chinese text from a small vocabulary so that common and rare words both occur; some nodes have no paragraph.
import type { GraphExport } from '../../export/graph-export';
import {
  ENTAILMENT_STATUSES,
  GROUNDING_STATUSES,
  NODE_TYPES,
  RELATIONS,
  type ContentUnit,
  type KgEdge,
  type KgNode,
  type Section,
} from '../../schema';

const EN =
  'recovery checkpoint state restart memory graph node relation evidence claim system process cache index query budget window section source token model answer citation paragraph'.split(
    ' ',
  );
const ZH =
  '恢复 检查点 状态 重启 内存 知识 节点 关系 证据 主张 系统 进程 缓存 索引 查询 预算 窗口 章节 原文 模型 回答 引用 段落'.split(
    ' ',
  );

/** mulberry32: a small seeded PRNG, so the same size gives the same graph everywhere. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generatedGraph(documentId: string, nodeCount: number, edgeCount: number, seed = 7): GraphExport {
  const random = rng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const unitCount = Math.max(1, Math.ceil(nodeCount / 2));
  const units: ContentUnit[] = [];
  const sections: Section[] = [];
  let offset = 0;
  for (let n = 1; n <= unitCount; n++) {
    const s = Math.floor((n - 1) / 50);
    if ((n - 1) % 50 === 0)
      sections.push({
        id: `s${s + 1}`,
        title: `${pick(ZH)}${pick(ZH)} ${pick(EN)} part ${s + 1}`,
        level: 1,
        firstUnit: n,
        lastUnit: Math.min(unitCount, n + 49),
      });
    const text = `Unit ${n}: ${pick(EN)} ${pick(EN)} ${pick(EN)}，${pick(ZH)}${pick(ZH)}${pick(ZH)}。rare${n % 997} marker.`;
    units.push({ n, start: offset, end: offset + text.length, text, kind: 'narrative', sectionId: `s${s + 1}` });
    offset += text.length + 2;
  }
  const nodes: KgNode[] = [];
  for (let i = 0; i < nodeCount; i++) {
    const paragraph = i % 41 === 40 ? null : 1 + Math.floor((i / nodeCount) * unitCount);
    const unit = paragraph === null ? null : units[paragraph - 1];
    const text = `${pick(EN)} ${pick(EN)} ${pick(ZH)}${pick(ZH)} item${i}${i % 13 === 0 ? ' Ｆｕｌｌ－ｗｉｄｔｈ Élan' : ''}`;
    const quote = unit ? unit.text.slice(0, 24) : '';
    nodes.push({
      id: `n${i}`,
      type: pick(NODE_TYPES),
      text,
      paragraph,
      quote,
      evidence: unit
        ? [{ documentId, sourceId: 'src-gen', chunkId: `c${Math.floor(i / 500)}`, paragraph: unit.n, quote }]
        : [],
      groundingStatus: pick(GROUNDING_STATUSES),
      entailmentStatus: pick(ENTAILMENT_STATUSES),
      ...(unit ? { sectionId: unit.sectionId } : {}),
    });
  }
  const edges: KgEdge[] = [];
  const seen = new Set<string>();
  const hubs = [0, Math.floor(nodeCount / 2), nodeCount - 1].filter((h) => h >= 0);
  for (let k = 0; edges.length < edgeCount && k < edgeCount * 3; k++) {
    const from = k % 50 === 0 ? pick(hubs) : Math.floor(random() * nodeCount);
    const near = from + 1 + Math.floor(random() * 40);
    const to = k % 3 === 0 ? Math.floor(random() * nodeCount) : near % nodeCount;
    const relation = pick(RELATIONS);
    const key = `${from}>${to}:${relation}`;
    if (from === to || seen.has(key)) continue;
    seen.add(key);
    const unit = nodes[from].paragraph === null ? null : units[nodes[from].paragraph! - 1];
    edges.push({
      id: `e${edges.length}`,
      fromNodeId: `n${from}`,
      toNodeId: `n${to}`,
      relation,
      evidence: unit
        ? [{ documentId, sourceId: 'src-gen', chunkId: 'c0', paragraph: unit.n, quote: unit.text.slice(0, 16) }]
        : [],
    });
  }
  return {
    format: 'kg-workbench.graph',
    version: 1,
    exportedAt: '2026-12-01T00:00:00.000Z',
    documentId,
    title: `generated ${nodeCount}`,
    revision: 1,
    summary: `A generated graph of ${nodeCount} nodes.`,
    sourceId: 'src-gen',
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

/** A mixed set of query bodies over a generated graph: text, filters, relations, explicit ids, hops 0-2. */
export function mixedQueries(nodeCount: number, count: number, seed = 11): Record<string, unknown>[] {
  const random = rng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const hops = i % 3;
    const id = () => `n${Math.floor(random() * nodeCount)}`;
    switch (i % 8) {
      case 0:
        out.push({ query: `${pick(EN)} ${pick(EN)}`, hops, limit: 20 });
        break;
      case 1:
        out.push({ query: `${pick(ZH)}${pick(ZH)}`, hops: 2, limit: 10 });
        break;
      case 2:
        out.push({ query: `item${Math.floor(random() * nodeCount)}`, hops, limit: 5 });
        break;
      case 3:
        out.push({
          query: pick(EN),
          types: [pick(NODE_TYPES), pick(NODE_TYPES)],
          groundingStatuses: ['grounded'],
          hops,
        });
        break;
      case 4:
        out.push({ types: [pick(NODE_TYPES)], entailmentStatuses: [pick(ENTAILMENT_STATUSES)], hops: 2, limit: 20 });
        break;
      case 5:
        out.push({ relations: [pick(RELATIONS)], hops, limit: 20 });
        break;
      case 6:
        out.push({ nodeIds: [id(), id(), id()], hops: 2, direction: pick(['both', 'in', 'out']), maxNodes: 60 });
        break;
      default:
        out.push({
          query: `${pick(EN)} ${pick(ZH)}`,
          sectionIds: [`s${1 + Math.floor(random() * Math.max(1, nodeCount / 100))}`],
          hops: 2,
          relations: [pick(RELATIONS), pick(RELATIONS)],
        });
        break;
    }
  }
  return out;
}
