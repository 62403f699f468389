// When a divergence counts as resolved: a third node relates to both sides through a non-diverging relation, or
// a merge joined the two. Shared by divergence-watch and attribution (reverse-divergence).
import { DIVERGING_RELATIONS } from './chains';
import { edgesOf, otherEnd, type GraphIndex } from './graph-index';
import type { HistoryIndex } from './history';

export function resolutionOf(index: GraphIndex, past: HistoryIndex, a: string, b: string): string | undefined {
  const near = (id: string) =>
    new Set(edgesOf(index, id).filter((e) => !DIVERGING_RELATIONS.has(e.relation)).map((e) => otherEnd(e, id)));
  const na = near(a);
  for (const id of near(b)) if (id !== a && id !== b && na.has(id)) return id;
  if ((past.absorbed.get(a) ?? []).includes(b) || (past.absorbed.get(b) ?? []).includes(a)) return a;
  return undefined;
}
