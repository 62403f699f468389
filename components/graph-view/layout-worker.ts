// The client layouts (core/layout: force, circle, radial) as the layout worker runs them. The worker is one inline
// script bundled on its own at build time (scripts/lib/bundle-options.mjs, `kg:layout-worker`), so an 800-node
// force layout never freezes the page; layout-worker-client.ts starts it and falls back to the page's thread.
import { layoutCircle, layoutForce, layoutRadial } from '../../core/layout';
import type { LayoutGraph, LayoutResult } from '../../core/layout/types';

export type ClientAlgorithm = 'force' | 'circle' | 'radial';

export interface LayoutRequest {
  id: number;
  algorithm: ClientAlgorithm;
  graph: LayoutGraph;
}

/** A result with the time the layout took (ms, measured where it ran), or the error. */
export type LayoutReply = { id: number; result: LayoutResult; ms: number } | { id: number; error: string };

export const CLIENT_LAYOUTS: Record<ClientAlgorithm, (g: LayoutGraph) => LayoutResult> = {
  force: (g) => layoutForce(g),
  circle: (g) => layoutCircle(g),
  radial: (g) => layoutRadial(g),
};

interface WorkerScope {
  onmessage: ((event: MessageEvent<LayoutRequest>) => void) | null;
  postMessage(reply: LayoutReply): void;
}

/** Installs the message handler; called only by the worker's own entry (never in a page). */
export function serveLayouts(scope: WorkerScope): void {
  scope.onmessage = ({ data }) => {
    try {
      const t0 = performance.now();
      const result = CLIENT_LAYOUTS[data.algorithm](data.graph);
      scope.postMessage({ id: data.id, result, ms: performance.now() - t0 });
    } catch (error) {
      scope.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) });
    }
  };
}
