// import GRAPH.json: an exported graph file becomes a new document through the HTTP API only. Its source text is
// rebuilt from the units and extracted as usual; then the extracted graph is replaced by the file's through
// POST …/commit (delete the extracted nodes, add the file's nodes and relations, set its summary), in commits of at
// most 200 operations. The server authenticates every quote again and writes provenance itself, so the imported
// graph is only as trusted as its quotes are verbatim in the units: an operation the server refuses is skipped and
// reported. Output as the original import-graph: { ok, documentId, sourceId, nodes, edges, revision, … }.
import { enc } from '../lib/client.mjs';
import { CliError } from '../lib/errors.mjs';
import { parseGraphFile, sourceText } from '../lib/graph-file.mjs';
import { need } from '../lib/options.mjs';
import { readInput, waitFor } from './shared.mjs';

const MAX_OPS = 200;
const clip = (s, max) => (typeof s === 'string' && s.length > max ? s.slice(0, max) : s);

/** Commits `operations` in chunks, skipping what the server refuses by index; returns ids created and skips. */
async function commitAll(ctx, id, token, state, operations, skipped) {
  for (let i = 0; i < operations.length; i += MAX_OPS) {
    let chunk = operations.slice(i, i + MAX_OPS);
    while (chunk.length) {
      try {
        const answer = await ctx.client.post(
          `/api/documents/${enc(id)}/commit`,
          { expectedRevision: state.revision, operations: chunk },
          { token },
        );
        state.revision = answer.revision;
        Object.assign(state.created, answer.createdNodeIds);
        break;
      } catch (error) {
        const index = error instanceof CliError ? error.details?.operationIndex : undefined;
        if (error.code !== 'invalid_operation' || typeof index !== 'number') throw error;
        skipped.push({ operation: chunk[index], reason: error.message });
        chunk = chunk.filter((_, k) => k !== index);
      }
    }
  }
}

export async function importGraph(ctx) {
  const file = need(ctx.args[0], 'GRAPH.json');
  const graph = parseGraphFile(await readInput(ctx, file), file);
  const title = ctx.values.title ?? graph.title ?? undefined;
  const created = await ctx.client.post('/api/documents', {
    text: sourceText(graph),
    ...(title ? { title } : {}),
    ...(ctx.values.model ? { model: ctx.values.model } : {}),
  });
  if (created.writeCapability) ctx.store.set(created.documentId, created.writeCapability);
  const id = created.documentId;
  const token = ctx.client.token ?? created.writeCapability;
  const { task, exitCode } = await waitFor(ctx, created.taskId, token);
  if (exitCode !== 0) return { json: { ok: false, documentId: id, task }, output: '', exitCode };

  const extracted = await ctx.client.get(`/api/documents/${enc(id)}/export?format=json`, { token });
  const sameUnits =
    extracted.units.length === graph.units.length && extracted.units.every((u, k) => u.text === graph.units[k].text);
  const state = { revision: task.revision, created: {} };
  const skipped = [];
  await commitAll(
    ctx,
    id,
    token,
    state,
    extracted.nodes.map((n) => ({ action: 'delete_node', nodePatch: { id: n.id } })),
    skipped,
  );
  const placeholder = (nodeId) => `import:${nodeId}`;
  const adds = graph.nodes.map((n) => ({
    action: 'add_node',
    nodePatch: {
      id: placeholder(n.id),
      patch: {
        type: n.type,
        text: clip(n.text, 500),
        ...(n.quote ? { quote: clip(n.quote, 600) } : {}),
        ...(n.paragraph ? { paragraph: n.paragraph } : {}),
      },
    },
  }));
  await commitAll(ctx, id, token, state, adds, skipped);
  const real = (nodeId) => state.created[placeholder(nodeId)];
  const edges = graph.edges
    .filter((e) => real(e.fromNodeId) && real(e.toNodeId))
    .map((e) => ({
      action: 'add_edge',
      edgePatch: {
        fromNodeId: real(e.fromNodeId),
        toNodeId: real(e.toNodeId),
        relation: e.relation,
        evidence: (e.evidence ?? []).slice(0, 8).map((ev) => ({ paragraph: ev.paragraph, quote: clip(ev.quote, 600) })),
      },
    }));
  await commitAll(ctx, id, token, state, edges, skipped);
  if (typeof graph.summary === 'string' && graph.summary)
    await commitAll(
      ctx,
      id,
      token,
      state,
      [{ action: 'update_summary', summaryPatch: clip(graph.summary, 500) }],
      skipped,
    );

  const doc = await ctx.client.get(`/api/documents/${enc(id)}`, { token });
  const json = {
    ok: true,
    documentId: id,
    sourceId: doc.sourceId,
    title: doc.title,
    nodes: doc.nodeCount,
    edges: doc.edgeCount,
    units: doc.unitCount,
    revision: doc.revision,
    sameUnits,
    skipped: skipped.length,
    ...(skipped.length ? { skippedOperations: skipped.slice(0, 50) } : {}),
  };
  const output =
    `imported ${file} as document ${id}, revision ${doc.revision}: ${doc.nodeCount} of ${graph.nodes.length} nodes, ${doc.edgeCount} of ${graph.edges.length} relations\n` +
    (sameUnits
      ? ''
      : 'warning: the rebuilt text did not segment into the same units; some quotes may not authenticate\n') +
    skipped
      .slice(0, 20)
      .map((s) => `skipped ${s.operation.action}: ${s.reason}\n`)
      .join('');
  return { json, output };
}
