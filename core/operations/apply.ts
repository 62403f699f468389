// Applies operations, in order, to a copy of the whole canonical graph. Each operation is checked against the graph
// as the previous ones left it; the first one that cannot apply throws a typed error and nothing is returned, so a
// caller changes nothing on failure. Everything an operation adds or edits is re-grounded against the canonical
// units (authenticate.ts) and an edited type or text loses its entailment judgement (entailment.ts).
import { KgError } from '../errors';
import { newId } from '../ids';
import type { KgGraph, KgNode } from '../schema';
import { authenticateAll, groundNode, type CanonicalSource } from './authenticate';
import { findEdge } from './edges';
import { preserveEntailmentAuthority } from './entailment';
import { mergeNode, unionEvidence } from './merge-node';
import { ChangeTracker } from './tracker';
import type { AnyOperation, Operation, OperationRecord, RestoreOperation } from './types';
import { WorkingGraph } from './working-graph';

export interface ApplyContext {
  src: CanonicalSource;
  /** Fresh ids for new nodes and edges (default: random `node_…` / `edge_…`). */
  newNodeId?: () => string;
  newEdgeId?: () => string;
}

export interface ApplyResult {
  graph: KgGraph;
  /** One record per operation that changed something (a no-op or an idempotent replay leaves none). */
  records: OperationRecord[];
  /** add_node: the id the request proposed (a placeholder later operations may use) → the id it got. */
  createdNodeIds: Record<string, string>;
  /** Nodes and edges written by the operations (what the commit gate checks beyond the whole-graph invariants). */
  touchedNodeIds: Set<string>;
}

export function applyOperations(graph: KgGraph, operations: readonly AnyOperation[], ctx: ApplyContext): ApplyResult {
  const g = new WorkingGraph(graph);
  const created: Record<string, string> = {};
  const touchedNodeIds = new Set<string>();
  const records: OperationRecord[] = [];
  const nodeId = ctx.newNodeId ?? (() => newId('node'));
  const edgeId = ctx.newEdgeId ?? (() => newId('edge'));
  const resolve = (id: string) => created[id] ?? id;

  operations.forEach((raw, index) => {
    const refuse = (
      reason: string,
      code: 'invalid_operation' | 'node_id_conflict' = 'invalid_operation',
      extra: Record<string, unknown> = {},
    ) => new KgError(code, `Operation ${index} (${raw.action}): ${reason}`, { operationIndex: index, ...extra });
    const op = raw.action === 'restore' ? raw : resolveIds(raw, resolve);
    const track = new ChangeTracker(g);
    let targetId = '';
    switch (op.action) {
      case 'update_node': {
        targetId = op.nodePatch.id;
        const node = g.nodes.get(targetId);
        if (!node) throw refuse(`node ${targetId} does not exist.`);
        const p = op.nodePatch.patch;
        const next: KgNode = { ...node, ...definedOf(p) };
        const requote =
          (p.quote !== undefined && p.quote !== node.quote) ||
          (p.paragraph !== undefined && p.paragraph !== node.paragraph);
        track.node(node.id);
        g.putNode(preserveEntailmentAuthority(node, groundNode(ctx.src, next, requote)));
        touchedNodeIds.add(node.id);
        break;
      }
      case 'delete_node': {
        targetId = op.nodePatch.id;
        if (!g.nodes.has(targetId)) throw refuse(`node ${targetId} does not exist.`);
        for (const edge of g.edgesOf(targetId)) {
          track.edge(edge.id);
          g.removeEdge(edge.id);
        }
        track.node(targetId);
        g.removeNode(targetId);
        break;
      }
      case 'add_node': {
        const proposed = raw.action === 'add_node' ? raw.nodePatch.id : undefined;
        if (proposed !== undefined && (g.nodes.has(proposed) || created[proposed] !== undefined)) {
          throw refuse(`node id ${proposed} is already taken; a new node gets its own id.`, 'node_id_conflict', {
            nodeId: proposed,
          });
        }
        targetId = nodeId();
        if (proposed !== undefined) created[proposed] = targetId;
        const p = op.nodePatch.patch;
        const draft: KgNode = {
          id: targetId,
          type: p.type,
          text: p.text,
          paragraph: p.paragraph ?? null,
          quote: p.quote ?? '',
          evidence: [],
          groundingStatus: 'candidate',
          entailmentStatus: 'unverified',
        };
        track.node(targetId);
        g.putNode(groundNode(ctx.src, draft, true));
        touchedNodeIds.add(targetId);
        break;
      }
      case 'merge_nodes': {
        const fromId = op.nodePatch.id;
        const intoId = op.mergeIntoId;
        targetId = intoId;
        if (fromId === intoId) throw refuse('a node cannot be merged into itself.');
        if (!g.nodes.has(intoId)) throw refuse(`merge target ${intoId} not found.`);
        // The source already gone and the target present: a replay of a merge that happened (idempotent).
        if (!g.nodes.has(fromId)) break;
        mergeNode(g, track, ctx.src, fromId, intoId);
        touchedNodeIds.add(intoId);
        break;
      }
      case 'add_edge':
      case 'update_edge': {
        const p = op.edgePatch;
        for (const end of [p.fromNodeId, p.toNodeId])
          if (!g.nodes.has(end)) throw refuse(`node ${end} does not exist.`);
        if (p.fromNodeId === p.toNodeId) throw refuse('an edge cannot connect a node to itself.');
        const evidence = authenticateAll(ctx.src, p.evidence ?? []);
        if (evidence.length === 0) throw refuse('a relation needs evidence quoted verbatim from its unit.');
        const twin = g.between(p.fromNodeId, p.toNodeId).find((e) => e.relation === p.relation);
        if (op.action === 'update_edge') {
          const edge = findEdge(g, p, false);
          if (!edge) throw refuse(`no edge ${p.fromNodeId}>${p.toNodeId} to update.`);
          if (twin && twin.id !== edge.id)
            throw refuse(`an edge ${p.fromNodeId}>${p.toNodeId}:${p.relation} already exists.`);
          targetId = edge.id;
          track.edge(targetId);
          g.putEdge({ ...edge, relation: p.relation, evidence });
        } else if (twin) {
          // The relation exists already: the new evidence joins it (the seed refuses a duplicate edge).
          targetId = twin.id;
          track.edge(targetId);
          g.putEdge({ ...twin, evidence: unionEvidence(twin.evidence, evidence) });
        } else {
          targetId = edgeId();
          track.edge(targetId);
          g.putEdge({ id: targetId, fromNodeId: p.fromNodeId, toNodeId: p.toNodeId, relation: p.relation, evidence });
        }
        break;
      }
      case 'delete_edge': {
        const edge = findEdge(g, op.edgePatch, true);
        if (!edge)
          throw refuse(
            `no edge ${op.edgePatch.fromNodeId}>${op.edgePatch.toNodeId}:${op.edgePatch.relation} to delete.`,
          );
        targetId = edge.id;
        track.edge(targetId);
        g.removeEdge(edge.id);
        break;
      }
      case 'update_summary': {
        targetId = 'summary';
        track.summaryChange();
        g.summary = op.summaryPatch.trim();
        break;
      }
      case 'restore': {
        targetId = restore(g, track, op);
        break;
      }
    }
    const change = track.finish();
    if (!change) return;
    const operation =
      op.action === 'restore' ? { action: 'restore' as const, undoOf: op.undoOf } : asApplied(op, targetId);
    records.push({ index, action: op.action, targetId, operation, ...change });
  });
  return { graph: g.toGraph(), records, createdNodeIds: created, touchedNodeIds };
}

/** Undo of one record: remove what it created, put back what it changed or removed. */
function restore(g: WorkingGraph, track: ChangeTracker, op: RestoreOperation): string {
  const keepNodes = new Set(op.before.nodes.map((n) => n.id));
  const keepEdges = new Set(op.before.edges.map((e) => e.id));
  for (const e of op.after.edges) {
    track.edge(e.id);
    if (!keepEdges.has(e.id)) g.removeEdge(e.id);
  }
  for (const n of op.after.nodes) {
    track.node(n.id);
    if (!keepNodes.has(n.id)) g.removeNode(n.id);
  }
  for (const n of op.before.nodes) {
    track.node(n.id);
    g.putNode(n);
  }
  for (const e of op.before.edges) {
    track.edge(e.id);
    g.putEdge(e);
  }
  if (op.before.summary !== undefined) {
    track.summaryChange();
    g.summary = op.before.summary;
  }
  return (
    op.before.nodes[0]?.id ?? op.after.nodes[0]?.id ?? op.before.edges[0]?.id ?? op.after.edges[0]?.id ?? 'summary'
  );
}

/** Placeholder ids of nodes added earlier in the same request, replaced by the ids those nodes got. */
function resolveIds(op: Operation, resolve: (id: string) => string): Operation {
  switch (op.action) {
    case 'update_node':
    case 'delete_node':
      return { ...op, nodePatch: { ...op.nodePatch, id: resolve(op.nodePatch.id) } };
    case 'merge_nodes':
      return { ...op, nodePatch: { id: resolve(op.nodePatch.id) }, mergeIntoId: resolve(op.mergeIntoId) };
    case 'add_edge':
    case 'update_edge':
    case 'delete_edge':
      return {
        ...op,
        edgePatch: {
          ...op.edgePatch,
          fromNodeId: resolve(op.edgePatch.fromNodeId),
          toNodeId: resolve(op.edgePatch.toNodeId),
        },
      };
    default:
      return op;
  }
}

/** The operation as the audit log keeps it: a new node or edge named by the id it got. */
function asApplied(op: Operation, targetId: string): Operation {
  if (op.action === 'add_node') return { ...op, nodePatch: { ...op.nodePatch, id: targetId } };
  if (op.action === 'add_edge' || op.action === 'update_edge')
    return { ...op, edgePatch: { ...op.edgePatch, edgeId: targetId } };
  return op;
}

function definedOf<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}
