// Layered layouts on the server: a document's graph window, or any bounded graph an embedder sends. Each answer is
// the JSON body, cached (see durable-objects/layout/cache.ts) under a key made of what determines it.
import { KgError } from '../../../core/errors';
import { sha256Hex } from '../../../core/ids';
import { layoutLayered, type LayeredOptions } from '../../../core/layout/layered';
import type { LayoutGraph } from '../../../core/layout/types';
import { readWindow } from '../../../storage/graph-window';
import { getDocumentRow } from '../documents';
import { layoutShard, type LayoutJob } from '../../../durable-objects/layout-do';
import { unwrap } from '../../../durable-objects/rpc';
import { cacheApiTier, cachedLayout, r2Tier, type CachedLayout } from '../../../durable-objects/layout/cache';
import { withElk } from '../../../durable-objects/layout/elk';
import { assertLayoutBudget, assertLayoutSize } from './limits';

/** Bump when the layout code changes what it produces, so cached layouts of the old code are not served (4: boxes
 * grow with degree, mentions are light links). */
export const LAYOUT_VERSION = 4;

export interface LayoutRequestOptions {
  direction: NonNullable<LayeredOptions['direction']>;
}

export async function layoutDocumentWindow(
  env: Env,
  documentId: string,
  window: { offset: number; limit: number },
  options: LayoutRequestOptions,
): Promise<CachedLayout> {
  const doc = await getDocumentRow(env, documentId);
  const key = `${doc.id}|${doc.revision}|o${window.offset}-l${window.limit}-layered-${options.direction}-v${LAYOUT_VERSION}`;
  return cachedLayout(key, r2Tier(env.BLOBS, doc.id, doc.revision), async () => {
    const totals = { documentId: doc.id, sourceId: doc.sourceId, nodeCount: doc.nodeCount, edgeCount: doc.edgeCount };
    const view = await readWindow(env, totals, window.offset, window.limit);
    const graph: LayoutGraph = {
      nodes: view.nodes.map((n) => ({ id: n.id, label: n.text, type: n.type })),
      edges: view.edges.map((e) => ({ id: e.id, source: e.fromNodeId, target: e.toNodeId, label: e.relation })),
    };
    const layout = await runLayout(env, key, graph, options);
    const head = {
      documentId: doc.id,
      revision: doc.revision,
      algorithm: 'layered',
      window: {
        ...window,
        nodes: graph.nodes.length,
        edges: graph.edges.length,
        totalNodes: doc.nodeCount,
        truncated: view.view.truncated,
      },
    };
    return withHead(head, layout);
  });
}

/**
 * An embedder's graph. The cache key is the SHA-256 of the raw body, so a repeat is answered before the body is
 * even parsed; `parse` (strict validation) runs only when the layout has to be computed. Only successful layouts
 * are cached, so a hit always stands for a body that was validated before.
 */
export async function layoutPostedGraph(
  env: Env,
  rawBody: string,
  parse: () => { graph: LayoutGraph; options: LayoutRequestOptions },
): Promise<CachedLayout> {
  const key = await sha256Hex(`layout-v${LAYOUT_VERSION}\n${rawBody}`);
  return cachedLayout(key, cacheApiTier(), async () => {
    const { graph, options } = parse();
    assertLayoutSize(graph);
    checkReferences(graph);
    const layout = await runLayout(env, key, graph, options);
    // An ad hoc graph has no document revision; layoutKey identifies this exact input and options.
    return withHead({ revision: null, layoutKey: key, algorithm: 'layered' }, layout);
  });
}

/**
 * The layout's JSON (`LayoutResult`). Refused before any ELK work when over the size limits or the work budget;
 * computed in a LayoutDO instance chosen by the key (see durable-objects/layout-do.ts), or here when the binding
 * is absent.
 */
async function runLayout(env: Env, key: string, graph: LayoutGraph, options: LayoutRequestOptions): Promise<string> {
  assertLayoutSize(graph);
  assertLayoutBudget(graph);
  const layoutObjects = (env as Partial<Pick<Env, 'LAYOUT'>>).LAYOUT;
  if (!layoutObjects) {
    return JSON.stringify(await withElk((elk) => layoutLayered(graph, elk, { direction: options.direction })));
  }
  const job: LayoutJob = { key, graph, direction: options.direction };
  return unwrap(await layoutObjects.getByName(layoutShard(key)).layout(job));
}

/** `{ ...head, ...layout }` without parsing the layout's JSON again. */
function withHead(head: Record<string, unknown>, layoutJson: string): string {
  const prefix = JSON.stringify(head);
  return layoutJson === '{}' ? prefix : `${prefix.slice(0, -1)},${layoutJson.slice(1)}`;
}

function checkReferences(graph: LayoutGraph): void {
  const ids = new Set<string>();
  for (const n of graph.nodes) {
    if (ids.has(n.id)) throw new KgError('invalid_input', `Duplicate node id ${n.id.slice(0, 60)}.`);
    ids.add(n.id);
  }
  const edgeIds = new Set<string>();
  for (const e of graph.edges) {
    if (edgeIds.has(e.id)) throw new KgError('invalid_input', `Duplicate edge id ${e.id.slice(0, 60)}.`);
    edgeIds.add(e.id);
    if (!ids.has(e.source) || !ids.has(e.target)) {
      throw new KgError('invalid_input', `Edge ${e.id.slice(0, 60)} refers to a node that is not in the graph.`);
    }
  }
}
