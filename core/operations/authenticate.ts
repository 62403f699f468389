// Evidence of what an operation adds or changes is re-authenticated against the canonical units, and its provenance
// (documentId, sourceId, chunkId) is written by the server: whatever the caller sent is never kept. A quote that is
// not verbatim in its unit (modulo whitespace, then repaired to the unit's own characters) is dropped.
import { anchorQuote, batchUnits, findQuote, type BatchUnits } from '../anchoring';
import type { ContentUnit, Evidence, KgGraph, KgNode } from '../schema';

/** Node evidence is capped (docs/contracts/verification.md#merge-node: a merge keeps the union, at most 8). */
export const MAX_NODE_EVIDENCE = 8;

export interface CanonicalSource {
  documentId: string;
  /** Every unit of the document, numbered 1..n (unit n at index n - 1). */
  units: readonly ContentUnit[];
  /** The provenance the canonical graph already uses for a unit; otherwise the revision's source. */
  provenance(paragraph: number): { sourceId: string; chunkId: string };
  /** All units as one anchoring batch (built on first use: a moved quote may be found anywhere). */
  all(): BatchUnits;
}

/** Builds the source from the canonical graph: a unit's provenance is taken from evidence that already cites it. */
export function canonicalSource(
  documentId: string,
  sourceId: string,
  units: readonly ContentUnit[],
  graph: KgGraph,
): CanonicalSource {
  const known = new Map<number, { sourceId: string; chunkId: string }>();
  const note = (list: Evidence[]) => {
    for (const e of list)
      if (!known.has(e.paragraph)) known.set(e.paragraph, { sourceId: e.sourceId, chunkId: e.chunkId });
  };
  for (const n of graph.nodes) note(n.evidence);
  for (const e of graph.edges) note(e.evidence);
  let all: BatchUnits | undefined;
  return {
    documentId,
    units,
    provenance: (paragraph) =>
      known.get(paragraph) ?? { sourceId, chunkId: `${sourceId.slice(0, 16)}:edit:u${paragraph}-${paragraph}` },
    all: () => (all ??= batchUnits(units)),
  };
}

export function unitAt(src: Pick<CanonicalSource, 'units'>, n: number | null | undefined): ContentUnit | undefined {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= src.units.length ? src.units[n - 1] : undefined;
}

/** One cited quote, authenticated in its own unit only; the unit's own characters and canonical provenance. */
export function authenticate(src: CanonicalSource, paragraph: number, quote: string): Evidence | null {
  const unit = unitAt(src, paragraph);
  const m = unit ? findQuote(unit.text, quote) : null;
  return m ? { documentId: src.documentId, ...src.provenance(paragraph), paragraph, quote: m.quote } : null;
}

/** Authenticates a list, dropping what fails and duplicates (same unit and quote), up to `max` items. */
export function authenticateAll(
  src: CanonicalSource,
  list: readonly { paragraph: number; quote: string }[],
  max = Infinity,
): Evidence[] {
  const out: Evidence[] = [];
  for (const item of list) {
    if (out.length >= max) break;
    const ev = authenticate(src, item.paragraph, item.quote);
    if (ev && !out.some((e) => e.paragraph === ev.paragraph && e.quote === ev.quote)) out.push(ev);
  }
  return out;
}

/**
 * A node as the server will store it after an edit: its quote anchored (cited unit first, then the nearest unit
 * that holds it), its evidence authenticated with canonical provenance, its grounding and section recomputed.
 * `requote` says the quote or paragraph changed, so the old evidence no longer speaks for the node.
 */
export function groundNode(src: CanonicalSource, node: KgNode, requote: boolean): KgNode {
  let { paragraph, quote } = node;
  let evidence = requote ? [] : authenticateAll(src, node.evidence, MAX_NODE_EVIDENCE);
  if (quote.trim()) {
    const anchor = anchorQuote(quote, paragraph ?? 1, src.all());
    if (anchor) {
      paragraph = anchor.paragraph;
      quote = anchor.quote;
      const primary = authenticate(src, anchor.paragraph, anchor.quote)!;
      evidence = [
        primary,
        ...evidence.filter((e) => e.paragraph !== primary.paragraph || e.quote !== primary.quote),
      ].slice(0, MAX_NODE_EVIDENCE);
    }
  }
  const unit = unitAt(src, paragraph);
  if (!unit) paragraph = null;
  const groundingStatus = evidence.length > 0 ? 'grounded' : quote.trim() ? 'unsupported' : 'candidate';
  const { sectionId: _forged, ...rest } = node;
  return { ...rest, paragraph, quote, evidence, groundingStatus, ...(unit ? { sectionId: unit.sectionId } : {}) };
}
