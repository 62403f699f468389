// Scoped checks for book-scale documents: the units of some sections, or a list of units. A node is in scope when
// its anchor or one of its evidence quotes is in a scoped unit; a relation when both of its nodes are.
import type { ContentUnit, KgEdge, KgGraph, KgNode } from '../schema';
import type { VerifyScope } from './types';

/** The most units one scoped check may name (the seed's bound). */
export const MAX_SCOPE_UNITS = 2_000;
export const MAX_SCOPE_SECTIONS = 200;

export interface ScopeRequest {
  sectionIds?: readonly string[];
  units?: readonly number[];
}

export interface Scoped {
  scope: VerifyScope;
  units: readonly ContentUnit[];
  nodes: readonly KgNode[];
  edges: readonly KgEdge[];
}

export function applyScope(graph: KgGraph, units: readonly ContentUnit[], request: ScopeRequest = {}): Scoped {
  const sections = request.sectionIds?.length ? [...new Set(request.sectionIds)].sort() : null;
  const listed = request.units?.length ? [...new Set(request.units)].sort((a, b) => a - b) : null;
  if (!sections && !listed) return { scope: { kind: 'full', ids: [] }, units, nodes: graph.nodes, edges: graph.edges };

  let scopeUnits: ContentUnit[];
  let scope: VerifyScope;
  if (sections) {
    const wanted = new Set(sections);
    scopeUnits = units.filter((u) => wanted.has(u.sectionId));
    scope = { kind: 'sections', ids: sections };
  } else {
    scopeUnits = listed!.filter((n) => n >= 1 && n <= units.length).map((n) => units[n - 1]);
    scope = { kind: 'units', ids: listed! };
  }
  const inScope = new Set(scopeUnits.map((u) => u.n));
  const nodes = graph.nodes.filter(
    (n) => (n.paragraph !== null && inScope.has(n.paragraph)) || n.evidence.some((ev) => inScope.has(ev.paragraph)),
  );
  const ids = new Set(nodes.map((n) => n.id));
  const edges = graph.edges.filter((e) => ids.has(e.fromNodeId) && ids.has(e.toNodeId));
  return { scope, units: scopeUnits, nodes, edges };
}
