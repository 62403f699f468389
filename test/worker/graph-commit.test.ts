// storage/graph-commit.ts in workerd's D1: what the batch leaves out because a row repeats it (a node's quote equal to
// its text, a node's evidence quote equal to the node's quote, the revision's source id) is stored all the same, and
// what differs is stored as sent. The graph read back is the graph committed.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ContentUnit, Evidence, KgGraph } from '../../core/schema';
import { queryHaystack } from '../../core/query/text';
import { dbOf } from '../../storage/db';
import { commitGraph } from '../../storage/graph-commit';
import { loadCanonical } from '../../storage/graph-load';
import { documents } from '../../storage/schema';

const doc = 'doc_graph_commit_roundtrip';
const ev = (sourceId: string, paragraph: number, quote: string): Evidence => ({
  documentId: doc,
  sourceId,
  chunkId: `${sourceId}:b0:u1-3`,
  paragraph,
  quote,
});

const units: ContentUnit[] = [
  { n: 1, start: 0, end: 31, kind: 'narrative', sectionId: 's1', text: 'Heat islands warm city centres.' },
  { n: 2, start: 32, end: 70, kind: 'narrative', sectionId: 's1', text: 'Asphalt stores heat, which shows why.' },
];

const graph: KgGraph = {
  summary: 'Heat islands.',
  nodes: [
    // quote = text; evidence: the same quote (sent as null), then another source's copy of it (kept: its source differs)
    {
      id: 'n1',
      type: 'claim',
      text: 'Heat islands warm city centres.',
      paragraph: 1,
      quote: 'Heat islands warm city centres.',
      evidence: [ev('src', 1, 'Heat islands warm city centres.'), ev('src_old', 1, 'Heat islands warm city centres.')],
      groundingStatus: 'grounded',
      entailmentStatus: 'unverified',
      confidence: 0.8,
      sectionId: 's1',
    },
    // quote ≠ text; evidence: the node's quote, then a different quote of another unit
    {
      id: 'n2',
      type: 'fact',
      text: 'Asphalt stores heat',
      paragraph: 2,
      quote: 'Asphalt stores heat,',
      evidence: [ev('src', 2, 'Asphalt stores heat,'), ev('src', 1, 'warm city centres')],
      groundingStatus: 'grounded',
      entailmentStatus: 'verified',
    },
    // no evidence at all
    {
      id: 'n3',
      type: 'concept',
      text: 'heat island',
      paragraph: 1,
      quote: '',
      evidence: [],
      groundingStatus: 'unsupported',
      entailmentStatus: 'unverified',
    },
  ],
  edges: [
    { id: 'e1', fromNodeId: 'n2', toNodeId: 'n1', relation: 'supports', evidence: [ev('src', 2, 'which shows why')] },
  ],
  // Mentions: the evidence quote equal to the term (sent as null), then one whose quote and source differ (kept).
  mentions: [
    { id: 'm1', nodeId: 'n2', conceptId: 'n3', term: 'heat', evidence: [ev('src', 2, 'heat')] },
    {
      id: 'm2',
      nodeId: 'n1',
      conceptId: 'n3',
      term: 'Heat islands',
      evidence: [ev('src_old', 1, 'Heat islands warm')],
    },
  ],
};

describe('commitGraph', () => {
  it('stores every text a row repeats and reads the committed graph back unchanged', async () => {
    const now = Date.now();
    await dbOf(env).insert(documents).values({
      id: doc,
      title: 't',
      owner: null,
      revision: 0,
      chars: 70,
      model: 'heuristic',
      createdAt: now,
      updatedAt: now,
    });
    let sourceReady = false;
    const ready = new Promise<void>((resolve) =>
      setTimeout(() => {
        sourceReady = true;
        resolve();
      }, 20),
    );
    await commitGraph(env, {
      documentId: doc,
      revision: 1,
      sourceId: 'src',
      graph,
      units,
      sections: [],
      audit: null,
      chars: 70,
      now,
      ready,
    });
    expect(sourceReady).toBe(true);

    const loaded = await loadCanonical(env, doc, graph.summary);
    expect(loaded.graph).toEqual(graph);
    expect(loaded.units).toEqual(units);
    const row = await env.DB.prepare(
      'SELECT quote, search_text, query_text FROM nodes WHERE document_id = ? AND id = ?',
    )
      .bind(doc, 'n1')
      .first<Record<string, string>>();
    expect(row).toEqual({
      quote: graph.nodes[0].quote,
      search_text: 'heat islands warm city centres.',
      query_text: queryHaystack(graph.nodes[0]),
    });
    // Mentions are counted apart: never among the edges.
    const counts = await env.DB.prepare('SELECT edge_count, mention_count FROM documents WHERE id = ?')
      .bind(doc)
      .first<Record<string, number>>();
    expect(counts).toEqual({ edge_count: 1, mention_count: 2 });
  });

  it('does not write the rows when what they reference failed to land', async () => {
    const id = `${doc}_failed`;
    const now = Date.now();
    await dbOf(env).insert(documents).values({
      id,
      title: 't',
      owner: null,
      revision: 0,
      chars: 70,
      model: 'heuristic',
      createdAt: now,
      updatedAt: now,
    });
    const ready = Promise.reject(new Error('source copy failed'));
    await expect(
      commitGraph(env, {
        documentId: id,
        revision: 1,
        sourceId: 'src',
        graph,
        units,
        sections: [],
        audit: null,
        chars: 70,
        now,
        ready,
      }),
    ).rejects.toThrow('source copy failed');
    const count = await env.DB.prepare('SELECT count(*) AS c FROM nodes WHERE document_id = ?')
      .bind(id)
      .first<{ c: number }>();
    expect(count?.c).toBe(0);
    expect(
      (await env.DB.prepare('SELECT revision FROM documents WHERE id = ?').bind(id).first<{ revision: number }>())
        ?.revision,
    ).toBe(0);
  });

  it('reads mentions back in keyset pages, in order, and replaces them at the next commit', async () => {
    const id = `${doc}_mentions`;
    const now = Date.now();
    await dbOf(env).insert(documents).values({
      id,
      title: 't',
      owner: null,
      revision: 0,
      chars: 70,
      model: 'heuristic',
      createdAt: now,
      updatedAt: now,
    });
    const many = Array.from({ length: 4_500 }, (_, i) => ({
      id: `m${i}`,
      nodeId: i % 2 ? 'n1' : 'n2',
      conceptId: 'n3',
      term: i % 2 ? 'Heat' : 'heat',
      evidence: [
        { documentId: id, sourceId: 'src', chunkId: 'c', paragraph: i % 2 ? 1 : 2, quote: i % 2 ? 'Heat' : 'heat' },
      ],
    }));
    const input = { documentId: id, revision: 1, sourceId: 'src', units, sections: [], audit: null, chars: 70, now };
    await commitGraph(env, { ...input, graph: { ...graph, mentions: many } });
    const loaded = await loadCanonical(env, id, graph.summary);
    expect(loaded.graph.mentions).toEqual(many);

    // The next revision has no mention: none is left behind.
    await commitGraph(env, { ...input, revision: 2, graph: { ...graph, mentions: [] } });
    expect((await loadCanonical(env, id, graph.summary)).graph.mentions).toEqual([]);
    const row = await env.DB.prepare('SELECT mention_count FROM documents WHERE id = ?')
      .bind(id)
      .first<{ mention_count: number }>();
    expect(row?.mention_count).toBe(0);
  });
});
