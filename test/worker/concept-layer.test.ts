// The concept layer (issue 25) through the real Worker, Durable Object and D1 in workerd: mentions (statement →
// concept anchor) are stored with the revision, served beside the relations (a window's `concepts` are the anchors
// its statements name outside it), exported in the JSON file and their own CSV, follow hand edits, survive appends,
// and are never counted as relations.
//
// Two halves. "stored mentions" seeds a hand-made layer (an anchor node and its mentions) through the real commit
// path (storage/graph-commit.ts, re-publishing the current revision), so storage, serving, edits and export are tested
// whatever core/concepts computes. "the built-in extraction" asserts on what the real layer publishes.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { assertGraphExport } from '../../core/export/file-check';
import { GraphExportSchema } from '../../core/export/graph-export-schema';
import { checkGraph } from '../../core/invariants';
import type { KgGraph, KgNode, Mention, Section } from '../../core/schema';
import { findDocumentRow } from '../../storage/document-rows';
import { commitGraph } from '../../storage/graph-commit';
import { loadCanonical } from '../../storage/graph-load';
import { call, extractAndWait, json, waitForTask, writeAuth } from './helpers';
import { purgeNow } from './purge-helpers';

const TEXT = [
  '# Plants',
  'Photosynthesis turns light into chemical energy in green plants.',
  'Chlorophyll captures the light that photosynthesis needs. Therefore leaves look green.',
  'Without photosynthesis, most food chains would collapse. For example, grazing animals would starve.',
  'Respiration releases the energy that photosynthesis stores in sugar.',
].join('\n\n');
const MORE = '# Oceans\n\nAlgae carry out photosynthesis in the oceans. Because algae make oxygen, fish can breathe.';
const TERM = 'photosynthesis';

interface View {
  nodes: KgNode[];
  edges: unknown[];
  mentions?: Mention[];
  concepts?: KgNode[];
  view: { totalNodes: number; totalEdges: number };
}

interface Exported extends KgGraph {
  revision: number;
  counts: { units: number; nodes: number; edges: number; mentions?: number };
}

async function exported(id: string): Promise<Exported> {
  const res = await call(`/api/documents/${id}/export?format=json`);
  expect(res.status).toBe(200);
  const file = (await res.json()) as Exported;
  assertGraphExport(file);
  expect(GraphExportSchema.safeParse(file).success).toBe(true);
  return file;
}

const view = async (id: string, query: string) => (await json<View>(`/api/documents/${id}/graph?${query}`)).body;

/** Where `term` stands in `text`, case-insensitively, as it is written there; null when absent. */
function verbatim(text: string, term: string): string | null {
  const at = text.toLowerCase().indexOf(term.toLowerCase());
  return at < 0 ? null : text.slice(at, at + term.length);
}

/**
 * A hand-made concept layer on the document's current graph: one anchor for TERM (appended last, so a window over the
 * original nodes leaves it out) and a mention from every grounded statement whose quote names it. Re-published as the
 * current revision through the real commit path; it must pass the whole-graph gate first.
 */
async function seedLayer(documentId: string) {
  const doc = (await findDocumentRow(env, documentId))!;
  const published = await loadCanonical(env, documentId, doc.summary);
  const { units } = published;
  // The hand-made layer replaces the one the extraction published (its anchors hold no relation, ids `concept_…`),
  // so what is served after an edit or an append can be compared with exactly what was seeded.
  const related = new Set(published.graph.edges.flatMap((e) => [e.fromNodeId, e.toNodeId]));
  const graph: KgGraph = {
    ...published.graph,
    nodes: published.graph.nodes.filter((n) => !(n.id.startsWith('concept_') && !related.has(n.id))),
    mentions: [],
  };
  const unitOf = (n: number) => units[n - 1];
  const firstUnit = units.find((u) => verbatim(u.text, TERM))!;
  const anchorQuote = verbatim(firstUnit.text, TERM)!;
  const anchor: KgNode = {
    id: `test_anchor_${TERM}`,
    type: 'concept',
    text: TERM,
    paragraph: firstUnit.n,
    quote: anchorQuote,
    evidence: [
      { documentId, sourceId: doc.sourceId!, chunkId: 'test-layer', paragraph: firstUnit.n, quote: anchorQuote },
    ],
    groundingStatus: 'grounded',
    entailmentStatus: 'unverified',
    sectionId: firstUnit.sectionId,
  };
  const mentions: Mention[] = [];
  for (const node of graph.nodes) {
    const term = verbatim(node.quote, TERM);
    if (!term || node.paragraph === null || !unitOf(node.paragraph)?.text.includes(term)) continue;
    mentions.push({
      id: `test_mention_${mentions.length}`,
      nodeId: node.id,
      conceptId: anchor.id,
      term,
      evidence: [
        {
          documentId,
          sourceId: doc.sourceId!,
          chunkId: node.evidence[0]?.chunkId ?? 'test-layer',
          paragraph: node.paragraph,
          quote: term,
        },
      ],
    });
  }
  expect(mentions.length).toBeGreaterThanOrEqual(2);
  const layered: KgGraph = { ...graph, nodes: [...graph.nodes, anchor], mentions };
  expect(checkGraph(layered, { documentId, units }).errors).toEqual([]);
  await commitGraph(env, {
    documentId,
    revision: doc.revision,
    sourceId: doc.sourceId!,
    graph: layered,
    units,
    sections: JSON.parse(doc.sections) as Section[],
    audit: doc.audit ? JSON.parse(doc.audit) : null,
    chars: doc.chars,
    now: Date.now(),
  });
  return { anchor, mentions, nodeCount: graph.nodes.length, edgeCount: graph.edges.length };
}

/** Every mention holds: both nodes in the graph, the term verbatim in the statement's quote and in its unit. */
function expectHolding(g: KgGraph) {
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  for (const m of g.mentions ?? []) {
    expect(byId.get(m.nodeId)?.quote).toContain(m.term);
    expect(byId.has(m.conceptId)).toBe(true);
  }
}

const pairs = (list: readonly Mention[]) => list.map((m) => `${m.nodeId}→${m.conceptId}:${m.term}`).sort();

const csvLines = async (id: string, format: string) => {
  const res = await call(`/api/documents/${id}/export?format=${format}`);
  expect(res.status).toBe(200);
  return (await res.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
};

describe('stored mentions (a hand-made layer committed through the real commit path)', () => {
  it('a window serves the mentions of its statements and the anchors outside it; relations never count them', async () => {
    const { documentId } = await extractAndWait(TEXT);
    const seeded = await seedLayer(documentId);

    // The window over the original nodes: the anchor lies outside it and comes as a concept, not as a node.
    const window = await view(documentId, `offset=0&limit=${seeded.nodeCount}`);
    expect(window.nodes).toHaveLength(seeded.nodeCount);
    expect(window.nodes.some((n) => n.id === seeded.anchor.id)).toBe(false);
    expect(window.concepts).toEqual([seeded.anchor]);
    expect(window.mentions).toEqual(seeded.mentions);
    expect(window.view.totalNodes).toBe(seeded.nodeCount + 1);
    expect(window.view.totalEdges).toBe(seeded.edgeCount);
    expect(window.edges).toHaveLength(seeded.edgeCount);

    // A later window that holds the anchor and none of the statements: no mention, no concept.
    const last = await view(documentId, `offset=${seeded.nodeCount}&limit=1`);
    expect(last.nodes.map((n) => n.id)).toEqual([seeded.anchor.id]);
    expect(last.mentions).toEqual([]);
    expect(last.concepts).toEqual([]);

    // The whole graph in one window: the anchor is a node, so no concept is sent beside it.
    const whole = await view(documentId, 'limit=800');
    expect(whole.concepts).toEqual([]);
    expect(whole.mentions).toEqual(seeded.mentions);

    // A query view: only mentions of statements it shows, and their anchors outside it.
    const queried = await view(documentId, 'q=chlorophyll');
    const shown = new Set(queried.nodes.map((n) => n.id));
    expect(queried.mentions!.length).toBeGreaterThan(0);
    for (const m of queried.mentions!) expect(shown.has(m.nodeId)).toBe(true);
    for (const c of queried.concepts!) expect(shown.has(c.id)).toBe(false);

    const info = (await json(`/api/documents/${documentId}`)).body;
    expect(info.edgeCount).toBe(seeded.edgeCount);
    expect(info.nodeCount).toBe(seeded.nodeCount + 1);

    // The quick check reads the graph with its mentions and checks no mention as a relation.
    const quick = await json(`/api/documents/${documentId}/verify`, {
      method: 'POST',
      json: { mode: 'quick', expectedRevision: 1 },
    });
    expect(quick.status).toBe(200);
    expect(quick.body.report.metrics).toMatchObject({ checkedEdges: seeded.edgeCount });
    const mentionIds = new Set(seeded.mentions.map((m) => m.id));
    for (const issue of quick.body.report.issues) expect(mentionIds.has(issue.targetId)).toBe(false);
    expect(
      quick.body.report.issues.some((i: { invariantCode: string }) => i.invariantCode === 'dangling_mention'),
    ).toBe(false);
  });

  it('the export carries them: JSON mentions and counts.mentions, a mentions CSV, relations unchanged', async () => {
    const { documentId } = await extractAndWait(TEXT);
    const seeded = await seedLayer(documentId);
    const file = await exported(documentId);
    expect(file.mentions).toEqual(seeded.mentions);
    expect(file.counts).toMatchObject({ edges: seeded.edgeCount, mentions: seeded.mentions.length });
    expect(file.edges).toHaveLength(seeded.edgeCount);

    const lines = await csvLines(documentId, 'mentions.csv');
    expect(lines[0]).toBe('id,node_id,concept_id,term,paragraph,quote');
    expect(lines.slice(1)).toEqual(
      seeded.mentions.map(
        (m) => `${m.id},${m.nodeId},${m.conceptId},${m.term},${m.evidence[0].paragraph},${m.evidence[0].quote}`,
      ),
    );
    expect(await csvLines(documentId, 'edges.csv')).toHaveLength(seeded.edgeCount + 1);
    const res = await call(`/api/documents/${documentId}/export?format=mentions.csv`);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('.mentions.csv');
  });

  it('a hand edit deleting a statement removes its mentions; deleting the anchor removes them all', async () => {
    const { documentId } = await extractAndWait(TEXT);
    const seeded = await seedLayer(documentId);
    const [gone, ...kept] = seeded.mentions;

    const first = await json(`/api/documents/${documentId}/commit`, {
      method: 'POST',
      json: { expectedRevision: 1, operations: [{ action: 'delete_node', nodePatch: { id: gone.nodeId } }] },
      headers: writeAuth(documentId),
    });
    expect(first.status).toBe(200);
    const afterEdit = await exported(documentId);
    expect(afterEdit.revision).toBe(2);
    expect(afterEdit.mentions!.some((m) => m.nodeId === gone.nodeId)).toBe(false);
    expect(pairs(afterEdit.mentions!)).toEqual(pairs(kept.filter((m) => m.nodeId !== gone.nodeId)));
    expectHolding(afterEdit);
    expect(afterEdit.counts.mentions).toBe(afterEdit.mentions!.length);

    const second = await json(`/api/documents/${documentId}/commit`, {
      method: 'POST',
      json: { expectedRevision: 2, operations: [{ action: 'delete_node', nodePatch: { id: seeded.anchor.id } }] },
      headers: writeAuth(documentId),
    });
    expect(second.status).toBe(200);
    const afterAnchor = await exported(documentId);
    expect(afterAnchor.mentions).toEqual([]);
    expect(afterAnchor.counts.mentions).toBe(0);
    expect(await csvLines(documentId, 'mentions.csv')).toHaveLength(1);
  });

  it('an append keeps the base graph’s mentions', async () => {
    const { documentId } = await extractAndWait(TEXT);
    const seeded = await seedLayer(documentId);
    const appended = await json(`/api/documents/${documentId}/append`, {
      method: 'POST',
      json: { text: MORE, expectedRevision: 1 },
      headers: writeAuth(documentId),
    });
    expect(appended.status).toBe(202);
    expect(await waitForTask(appended.body.taskId)).toMatchObject({ status: 'succeeded', revision: 2 });
    const file = await exported(documentId);
    expect(pairs(file.mentions!)).toEqual(expect.arrayContaining(pairs(seeded.mentions)));
    expectHolding(file);
  });

  it('purging the deleted document deletes its mentions', async () => {
    const { documentId } = await extractAndWait(TEXT);
    await seedLayer(documentId);
    const res = await call(`/api/documents/${documentId}`, { method: 'DELETE', headers: writeAuth(documentId) });
    expect(res.status).toBe(200);
    await purgeNow(documentId);
    const left = await env.DB.prepare('SELECT count(*) AS n FROM mentions WHERE document_id = ?')
      .bind(documentId)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});

describe('the built-in extraction publishes its concept layer', () => {
  it('a fresh extraction publishes verbatim mentions to concept anchors, apart from the relations', async () => {
    const { documentId } = await extractAndWait(TEXT);
    const file = await exported(documentId);
    const mentions = file.mentions ?? [];
    expect(mentions.length).toBeGreaterThanOrEqual(3);
    const byId = new Map(file.nodes.map((n) => [n.id, n]));
    const units = new Map((file as unknown as { units: { n: number; text: string }[] }).units.map((u) => [u.n, u]));
    for (const m of mentions) {
      expect(byId.get(m.conceptId)?.type).toBe('concept');
      expect(byId.get(m.nodeId)?.quote).toContain(m.term);
      expect(units.get(m.evidence[0].paragraph)?.text).toContain(m.evidence[0].quote);
    }
    // Some anchor for the term the text keeps naming.
    expect(mentions.some((m) => m.term.toLowerCase() === TERM)).toBe(true);
    expect(file.counts).toMatchObject({ edges: file.edges.length, mentions: mentions.length });
    const info = (await json(`/api/documents/${documentId}`)).body;
    expect(info.edgeCount).toBe(file.edges.length);
    expect(await csvLines(documentId, 'mentions.csv')).toHaveLength(mentions.length + 1);
    // The audit the summary's "anchored x/y" reads counts the anchors the layer added, and names the layer.
    const anchorCount = new Set(mentions.map((m) => m.conceptId)).size;
    expect(info.audit.grounding.grounded).toBe(file.nodes.filter((n) => n.groundingStatus === 'grounded').length);
    expect(info.audit.conceptLayer).toEqual({ anchors: expect.any(Number), mentions: mentions.length });
    expect(info.audit.conceptLayer.anchors).toBeGreaterThanOrEqual(Math.min(1, anchorCount));

    const anchors = new Set(mentions.map((m) => m.conceptId));
    const statements = file.nodes.filter((n) => !anchors.has(n.id));
    // A window over the first statements only: the anchors they name come as concepts outside it.
    const firstAnchor = file.nodes.findIndex((n) => anchors.has(n.id));
    if (firstAnchor > 0) {
      const window = await view(documentId, `offset=0&limit=${firstAnchor}`);
      expect(window.nodes).toHaveLength(firstAnchor);
      const named = new Set(window.mentions!.map((m) => m.conceptId));
      expect(new Set(window.concepts!.map((c) => c.id))).toEqual(named);
    }
    expect(statements.length).toBeGreaterThan(0);
  });

  it('an append keeps the layer and links the new text to it', async () => {
    const { documentId } = await extractAndWait(TEXT);
    const before = await exported(documentId);
    expect(before.mentions!.length).toBeGreaterThan(0);
    const appended = await json(`/api/documents/${documentId}/append`, {
      method: 'POST',
      json: { text: MORE, expectedRevision: 1 },
      headers: writeAuth(documentId),
    });
    await waitForTask(appended.body.taskId);
    const after = await exported(documentId);
    expect(pairs(after.mentions!)).toEqual(expect.arrayContaining(pairs(before.mentions!)));
    expect(after.mentions!.length).toBeGreaterThan(before.mentions!.length);
    expectHolding(after);
  });
});
