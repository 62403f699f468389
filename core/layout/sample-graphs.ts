// Seeded knowledge-graph-shaped test graphs for the layout tests and the benchmark: several components, each a tree
// of reasoning plus cross links, with relation labels and node texts of mixed length in English and Chinese.
import { NODE_TYPES, RELATIONS, type Relation } from '../schema/vocabulary';
import { seededRandom } from './random';
import { MENTION_LINK } from './relations';
import type { LayoutGraph } from './types';

const WORDS =
  'graph node evidence source claim rule concept unit layout layer edge label reason cause effect example theory model data flow river water price market energy cell protein'.split(
    ' ',
  );
const HANZI = '知识图谱节点关系证据原文概念定义例子推论事实规则因果市场能源细胞蛋白质模型数据布局层次';
const FLOW: Relation[] = ['causes', 'infers'];
const BRANCH: Relation[] = ['example', 'analogy', 'counter_example', 'defines', 'is_a', 'contains', 'not_is'];
const SOFT: Relation[] = ['supports', 'driven_by', 'aims_at'];

export interface SampleOptions {
  seed?: number;
  /** Extra links per node beyond the trees (default 0.35). */
  crossLinks?: number;
  /** Adds a concept layer (issue 25): this many concept anchors per node (e.g. 0.08), each named by statements
   * through mention links (label MENTION_LINK), mostly statements near its first mention in reading order, some
   * anywhere, so mentions join pieces the relations leave apart. Default 0: no concept layer. */
  concepts?: number;
}

export function sampleKnowledgeGraph(nodeCount: number, options: SampleOptions = {}): LayoutGraph {
  const random = seededRandom(options.seed ?? nodeCount);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const sizes = componentSizes(nodeCount, random);
  const nodes: LayoutGraph['nodes'] = [];
  const edges: LayoutGraph['edges'] = [];
  const relation = (): Relation => {
    const r = random();
    return r < 0.45 ? pick(FLOW) : r < 0.8 ? pick(BRANCH) : pick(SOFT);
  };
  let next = 0;
  for (const size of sizes) {
    const first = next;
    for (let k = 0; k < size; k++) {
      const id = `n${next++}`;
      nodes.push({ id, label: sampleText(random), type: pick(NODE_TYPES) });
      if (k === 0) continue;
      // A tree: each node hangs off an earlier one, preferring recent nodes (chains of reasoning).
      const back = Math.min(k, 1 + Math.floor(random() ** 2 * Math.min(k, 12)));
      const parent = first + k - back;
      const [s, t] = random() < 0.85 ? [parent, first + k] : [first + k, parent];
      edges.push({ id: `e${edges.length}`, source: `n${s}`, target: `n${t}`, label: relation() });
    }
    const extra = Math.floor(size * (options.crossLinks ?? 0.35));
    for (let k = 0; k < extra && size > 3; k++) {
      const a = first + Math.floor(random() * size);
      const b = first + Math.floor(random() * size);
      if (a === b) continue;
      edges.push({ id: `e${edges.length}`, source: `n${a}`, target: `n${b}`, label: pick(RELATIONS) });
    }
  }
  if (options.concepts) addConceptLayer(nodes, edges, options.concepts, random);
  return { nodes, edges };
}

/** Anchors after the statements; about 0.6 mentions per statement, three in four of them to an anchor whose home
 * (a reading position) is near the statement, the rest to any anchor. */
function addConceptLayer(
  nodes: LayoutGraph['nodes'],
  edges: LayoutGraph['edges'],
  perNode: number,
  random: () => number,
): void {
  const statements = nodes.length;
  const anchors = Math.max(1, Math.round(statements * perNode));
  for (let k = 0; k < anchors; k++) {
    const term = random() < 0.4 ? HANZI.slice(k % 20, (k % 20) + 2 + (k % 3)) : WORDS[k % WORDS.length];
    nodes.push({ id: `c${k}`, label: term, type: 'concept' });
  }
  let m = 0;
  for (let v = 0; v < statements; v++) {
    const count = random() < 0.45 ? 1 : random() < 0.25 ? 2 : 0;
    const named = new Set<number>();
    for (let j = 0; j < count; j++) {
      const home = Math.floor((v / statements) * anchors);
      const near = home + Math.round((random() - 0.5) * 4);
      const k = random() < 0.75 ? Math.min(anchors - 1, Math.max(0, near)) : Math.floor(random() * anchors);
      if (named.has(k)) continue;
      named.add(k);
      edges.push({ id: `m${m++}`, source: `n${v}`, target: `c${k}`, label: MENTION_LINK });
    }
  }
}

/** One large component, a few medium ones, many small ones and some isolated nodes, like an extracted text. */
function componentSizes(total: number, random: () => number): number[] {
  const sizes: number[] = [];
  let left = total;
  const take = (n: number) => {
    const s = Math.max(1, Math.min(left, Math.round(n)));
    sizes.push(s);
    left -= s;
  };
  take(total * 0.3);
  while (left > total * 0.45) take(total * (0.06 + random() * 0.08));
  while (left > total * 0.08) take(2 + random() * 8);
  while (left > 0) take(1);
  return sizes;
}

function sampleText(random: () => number): string {
  const zh = random() < 0.4;
  const length = Math.floor(4 + random() ** 1.5 * (zh ? 70 : 26));
  if (zh) return Array.from({ length }, () => HANZI[Math.floor(random() * HANZI.length)]).join('');
  return Array.from({ length }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
}
