// Collects nodes and edges while units are read, then numbers nodes n1, n2, … in document order, prunes concepts
// beyond their budget, drops self loops and duplicate edges, and applies the wire format's size limits.
import type { NodeType, Relation, WireBatch, WireEdge, WireNode } from '../../schema';
import { CUE_CONCEPT_CONFIDENCE, RECURRING_CONCEPT_CONFIDENCE } from './confidence';

interface DraftNode {
  seq: number;
  unitIndex: number;
  offset: number;
  type: NodeType;
  text: string;
  paragraph: number;
  quote: string;
  confidence: number;
  /** Concepts only: how the concept arose (a cue concept outranks a recurring term). */
  concept?: 'cue' | 'recurring';
}

interface DraftEdge {
  from: number;
  to: number;
  relation: Relation;
  paragraph: number;
  quote: string;
}

export interface Limits {
  maxNodes: number;
  maxEdges: number;
}

export class GraphDraft {
  private readonly nodes: DraftNode[] = [];
  private readonly edges: DraftEdge[] = [];
  private readonly conceptByKey = new Map<string, number>();
  private propositions = 0;

  get propositionCount(): number {
    return this.propositions;
  }

  addProposition(
    unitIndex: number,
    paragraph: number,
    offset: number,
    type: NodeType,
    text: string,
    quote: string,
    confidence: number,
  ): number {
    this.propositions++;
    return this.push({ unitIndex, paragraph, offset, type, text, quote, confidence });
  }

  hasConcept(key: string): boolean {
    return this.conceptByKey.has(key);
  }

  /** The concept node for a term, created at its first mention (quote = the term as written there). */
  concept(unitIndex: number, paragraph: number, offset: number, surface: string, origin: 'cue' | 'recurring'): number {
    const key = conceptKey(surface);
    const known = this.conceptByKey.get(key);
    if (known !== undefined) return known;
    const confidence = origin === 'cue' ? CUE_CONCEPT_CONFIDENCE : RECURRING_CONCEPT_CONFIDENCE;
    const id = this.push({
      unitIndex,
      paragraph,
      offset,
      type: 'concept',
      text: surface.replace(/\s+/g, ' '),
      quote: surface,
      confidence,
      concept: origin,
    });
    this.conceptByKey.set(key, id);
    return id;
  }

  link(from: number, to: number, relation: Relation, paragraph: number, quote: string): void {
    if (from !== to && quote) this.edges.push({ from, to, relation, paragraph, quote });
  }

  finish(summary: string, limits: Limits, conceptBudget: number): WireBatch {
    // Cue concepts are kept in order of first mention up to the budget; recurring terms were budgeted on entry.
    const dropped = new Set<number>();
    let cueConcepts = 0;
    for (const n of this.nodes) {
      if (n.concept === 'cue' && ++cueConcepts > conceptBudget) dropped.add(n.seq);
    }
    // A cue concept whose edges were all lost with a pruned partner would stand alone: drop it too.
    const linked = new Set<number>();
    for (const e of this.edges) {
      if (!dropped.has(e.from) && !dropped.has(e.to)) {
        linked.add(e.from);
        linked.add(e.to);
      }
    }
    const kept = this.nodes
      .filter((n) => !dropped.has(n.seq) && (n.concept !== 'cue' || linked.has(n.seq)))
      .sort((a, b) => a.unitIndex - b.unitIndex || a.offset - b.offset || a.seq - b.seq)
      .slice(0, limits.maxNodes);
    const idOf = new Map<number, string>();
    const nodes: WireNode[] = kept.map((n, i) => {
      const id = `n${i + 1}`;
      idOf.set(n.seq, id);
      return { id, type: n.type, text: n.text, paragraph: n.paragraph, quote: n.quote, confidence: n.confidence };
    });
    const edges: WireEdge[] = [];
    const seen = new Set<string>();
    for (const e of this.edges) {
      const from = idOf.get(e.from);
      const to = idOf.get(e.to);
      if (!from || !to || from === to) continue;
      const key = `${from}|${to}|${e.relation}`;
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push({ fromNodeId: from, toNodeId: to, relation: e.relation, paragraph: e.paragraph, quote: e.quote });
      if (edges.length >= limits.maxEdges) break;
    }
    return { summary, nodes, edges };
  }

  private push(n: Omit<DraftNode, 'seq'>): number {
    const seq = this.nodes.length;
    this.nodes.push({ ...n, seq });
    return seq;
  }
}

/** Concepts match case-insensitively, ignoring surrounding quotes and spacing. */
export function conceptKey(surface: string): string {
  return surface
    .replace(/^[“"「《'‘]+|[”"」》'’]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
