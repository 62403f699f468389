// The source units a query cites (docs/contracts/graph-query.md#source-units): the canonical units its returned nodes and edges
// point at, direct matches first, then edges touching them, then the rest, each by unit number; at most 80 units of
// at most 1,600 characters and 24,000 in all (a unit that would overflow is skipped). Never the whole source text.
import { QUERY_LIMITS as L } from './limits';
import type { QueryCandidateSource } from './source';
import type { QueryEdge, QueryNode, QuerySourceUnit } from './types';

interface Ref {
  paragraph: number;
  priority: number;
  nodeIds: string[];
  edgeIds: string[];
  quotes: string[];
}

/** Units read per round trip while filling the caps. */
const UNIT_BATCH = 120;

export async function collectSourceUnits(
  source: QueryCandidateSource,
  nodes: readonly QueryNode[],
  edges: readonly QueryEdge[],
  direct: ReadonlySet<string>,
) {
  const refs = new Map<number, Ref>();
  const cite = (paragraph: number, priority: number, quote: string, node?: string, edge?: string) => {
    const ref = refs.get(paragraph) ?? { paragraph, priority, nodeIds: [], edgeIds: [], quotes: [] };
    ref.priority = Math.min(ref.priority, priority);
    if (node && !ref.nodeIds.includes(node)) ref.nodeIds.push(node);
    if (edge && !ref.edgeIds.includes(edge)) ref.edgeIds.push(edge);
    if (quote && !ref.quotes.includes(quote)) ref.quotes.push(quote);
    refs.set(paragraph, ref);
  };
  for (const n of nodes) {
    const priority = direct.has(n.id) ? 0 : 2;
    if (n.evidence.length > 0) for (const e of n.evidence) cite(e.paragraph, priority, e.quote, n.id);
    else if (n.paragraph !== null) cite(n.paragraph, priority, n.quote, n.id);
  }
  for (const e of edges) {
    const priority = direct.has(e.fromNodeId) || direct.has(e.toNodeId) ? 1 : 2;
    for (const ev of e.evidence) cite(ev.paragraph, priority, ev.quote, undefined, e.id);
  }
  const ordered = [...refs.values()].sort((a, b) => a.priority - b.priority || a.paragraph - b.paragraph);

  const units: QuerySourceUnit[] = [];
  let chars = 0;
  for (let at = 0; at < ordered.length && units.length < L.sourceUnits && chars < L.sourceChars; at += UNIT_BATCH) {
    const batch = ordered.slice(at, at + UNIT_BATCH);
    const texts = new Map((await source.units(batch.map((r) => r.paragraph))).map((u) => [u.n, u.text]));
    for (const ref of batch) {
      if (units.length >= L.sourceUnits) break;
      const text = (texts.get(ref.paragraph) ?? ref.quotes.join('\n')).slice(0, L.unitChars);
      if (!text || chars + text.length > L.sourceChars) continue;
      units.push({ paragraph: ref.paragraph, text, nodeIds: ref.nodeIds, edgeIds: ref.edgeIds });
      chars += text.length;
    }
  }
  return { units, omitted: refs.size - units.length };
}
