// The search rule "matches plus one-hop neighbours" answered by the Worker (SQL over the folded search_text column)
// and by the browser's static source (the same graph's export file, in memory) agree, for Chinese, accented,
// full-width and mixed-case queries; and long queries (beyond D1's 50-byte LIKE limit) answer 200.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { newDocumentId } from '../../core/ids';
import type { KgEdge, KgGraph, KgNode } from '../../core/schema';
import type { GraphExport } from '../../core/export/graph-export';
import { commitGraph } from '../../storage/graph-commit';
import { dbOf } from '../../storage/db';
import { documents } from '../../storage/schema';
import { call, json, type GraphBody } from './helpers';

// The browser's static source, run here in workerd on the same graph's export file. Imported by a computed path
// so that the worker type check (no DOM lib) does not follow it into the browser's API client; typed by what is used.
interface StaticSource {
  graph(query: {
    q?: string;
  }): Promise<{ nodes: { id: string }[]; edges: { id: string }[]; view: { kind: string; matchedNodes?: number } }>;
}
const STATIC_SOURCE = '../../components/shared/static-source';
async function staticSourceOf(data: GraphExport): Promise<StaticSource> {
  const module = (await import(/* @vite-ignore */ STATIC_SOURCE)) as {
    StaticDocumentSource: new (data: GraphExport) => StaticSource;
  };
  return new module.StaticDocumentSource(data);
}

const node = (id: string, text: string, type: KgNode['type'], sectionId: string): KgNode => ({
  id,
  type,
  text,
  paragraph: 1,
  quote: text,
  evidence: [],
  groundingStatus: 'unsupported',
  entailmentStatus: 'unverified',
  sectionId,
});
const edge = (id: string, from: string, to: string): KgEdge => ({
  id,
  fromNodeId: from,
  toNodeId: to,
  relation: 'supports',
  evidence: [],
});

const graph: KgGraph = {
  summary: 'search parity',
  nodes: [
    node('n1', '量子纠缠是一种物理现象', 'concept', 's1'),
    node('n2', 'Élan vital is a French idea', 'claim', 's1'),
    node('n3', 'A café serves coffee', 'fact', 's2'),
    node('n4', 'ＣＡＦÉ written in full-width letters', 'fact', 's2'),
    node('n5', 'The Knowledge Graph holds nodes', 'definition', 's2'),
    node('n6', 'An unrelated neighbour', 'example', 's3'),
    node('n7', 'Ｆｕｌｌ－ｗｉｄｔｈ forms fold under NFKC', 'rule', 's3'),
    node('n8', 'ÉLAN in capitals, and 纠缠 again', 'inference', 's3'),
  ],
  edges: [
    edge('e1', 'n1', 'n6'),
    edge('e2', 'n2', 'n3'),
    edge('e3', 'n6', 'n7'),
    edge('e4', 'n5', 'n8'),
    edge('e5', 'n4', 'n6'),
  ],
};

let documentId = '';
let staticSource: StaticSource;

beforeAll(async () => {
  documentId = newDocumentId();
  const now = Date.now();
  await dbOf(env).insert(documents).values({
    id: documentId,
    title: 'search',
    owner: null,
    revision: 0,
    chars: 0,
    model: 'builtin:heuristic',
    createdAt: now,
    updatedAt: now,
  });
  await commitGraph(env, {
    documentId,
    revision: 1,
    sourceId: 'src',
    graph,
    units: [],
    sections: [],
    audit: null,
    chars: 0,
    now,
  });
  const exported = await call(`/api/documents/${documentId}/export?format=json`);
  expect(exported.status).toBe(200);
  staticSource = await staticSourceOf((await exported.json()) as GraphExport);
});

async function viaWorker(q: string) {
  const res = await json<GraphBody>(`/api/documents/${documentId}/graph?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.body;
}

const ids = (list: { id: string }[]) => list.map((n) => n.id).sort();

describe('graph search: one rule on the server and in the browser', () => {
  // Each query with the matches the rule must give (so a fold that breaks on both sides alike still fails).
  const cases: [string, string[]][] = [
    ['纠缠', ['n1', 'n8']],
    ['量子', ['n1']],
    ['élan', ['n2', 'n8']],
    ['ÉLAN', ['n2', 'n8']],
    ['Élan Vital', ['n2']],
    ['e\u0301lan', ['n2', 'n8']],
    ['café', ['n3', 'n4']],
    ['CAFÉ', ['n3', 'n4']],
    ['ｃａｆé', ['n3', 'n4']],
    ['full-width', ['n4', 'n7']],
    ['ＦＵＬＬ', ['n4', 'n7']],
    ['knowledge graph', ['n5']],
    ['KNOWLEDGE', ['n5']],
    ['claim', ['n2']],
    ['s3', ['n6', 'n7', 'n8']],
    ['n6', ['n6']],
  ];

  for (const [q, expected] of cases) {
    it(`"${q}" matches ${expected.join(', ')} with the same neighbours on both sides`, async () => {
      const server = await viaWorker(q);
      const browser = await staticSource.graph({ q });
      expect(server.view.matchedNodes).toBe(expected.length);
      expect(browser.view).toMatchObject({ kind: 'query', matchedNodes: expected.length });
      expect(ids(server.nodes)).toEqual(ids(browser.nodes));
      expect(ids(server.edges)).toEqual(ids(browser.edges));
      for (const id of expected) expect(ids(server.nodes)).toContain(id);
    });
  }
});

describe('long queries', () => {
  // D1 refuses LIKE patterns over 50 bytes; the folded column is matched with instr(), which has no such limit.
  for (const [label, q] of [
    ['49 ASCII characters', 'x'.repeat(49)],
    ['600 ASCII characters', 'y'.repeat(600)],
    ['600 CJK characters', '纠'.repeat(600)],
  ] as const) {
    it(`answers 200 for ${label}`, async () => {
      const res = await call(`/api/documents/${documentId}/graph?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as GraphBody;
      expect(body.view.matchedNodes).toBe(0);
    });
  }

  it('still finds a node whose text a long query is part of', async () => {
    const text = `${'长'.repeat(300)}文本`;
    const id = newDocumentId();
    const now = Date.now();
    await dbOf(env).insert(documents).values({
      id,
      title: 'long',
      owner: null,
      revision: 0,
      chars: 0,
      model: 'builtin:heuristic',
      createdAt: now,
      updatedAt: now,
    });
    await commitGraph(env, {
      documentId: id,
      revision: 1,
      sourceId: 'src',
      graph: { summary: '', nodes: [node('n1', text, 'fact', 's1')], edges: [] },
      units: [],
      sections: [],
      audit: null,
      chars: 0,
      now,
    });
    const res = await json<GraphBody>(`/api/documents/${id}/graph?q=${encodeURIComponent(text)}`);
    expect(res.status).toBe(200);
    expect(ids(res.body.nodes)).toEqual(['n1']);
  });
});
