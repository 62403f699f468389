// Records what one operation changes: the first state of every node, edge and the summary it touches, then their
// state once it is done. Nodes or edges that end as they started are left out of the record.
import type { KgEdge, KgNode } from '../schema';
import type { Snapshot } from './types';
import type { WorkingGraph } from './working-graph';

export class ChangeTracker {
  private readonly nodes = new Map<string, KgNode | null>();
  private readonly edges = new Map<string, KgEdge | null>();
  private summary: string | undefined;

  constructor(private readonly g: WorkingGraph) {}

  node(id: string): void {
    if (!this.nodes.has(id)) this.nodes.set(id, this.g.nodes.get(id) ?? null);
  }

  edge(id: string): void {
    if (!this.edges.has(id)) this.edges.set(id, this.g.edges.get(id) ?? null);
  }

  summaryChange(): void {
    this.summary ??= this.g.summary;
  }

  /** before/after of the touched items; null when nothing actually changed. */
  finish(): { before: Snapshot; after: Snapshot } | null {
    const before: Snapshot = { nodes: [], edges: [] };
    const after: Snapshot = { nodes: [], edges: [] };
    for (const [id, old] of this.nodes) {
      const now = this.g.nodes.get(id) ?? null;
      if (same(old, now)) continue;
      if (old) before.nodes.push(old);
      if (now) after.nodes.push(now);
    }
    for (const [id, old] of this.edges) {
      const now = this.g.edges.get(id) ?? null;
      if (same(old, now)) continue;
      if (old) before.edges.push(old);
      if (now) after.edges.push(now);
    }
    if (this.summary !== undefined && this.summary !== this.g.summary) {
      before.summary = this.summary;
      after.summary = this.g.summary;
    }
    const empty = (s: Snapshot) => s.nodes.length === 0 && s.edges.length === 0 && s.summary === undefined;
    return empty(before) && empty(after) ? null : { before, after };
  }
}

function same(a: unknown, b: unknown): boolean {
  return a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));
}
