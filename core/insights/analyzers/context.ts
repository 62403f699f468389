// What every analyzer reads: the current graph (indexed), its sections, the history window and the config.
// Analyzers are pure functions of this context and independent of each other.
import type { KgGraph, Section } from '../../schema';
import { CHAIN_LABELS, type ChainFamily } from '../chains';
import type { InsightConfig } from '../config';
import { indexGraph, type GraphIndex } from '../graph-index';
import { indexHistory, type History, type HistoryIndex } from '../history';
import { local, quote } from '../text';
import type { InsightDraft, LocalText } from '../types';

export interface AnalysisInput {
  round: number;
  graph: KgGraph;
  sections: readonly Section[];
  /** The window, oldest first; its last round record is the current round. */
  history: History;
  config: InsightConfig;
}

export interface AnalyzerContext {
  input: AnalysisInput;
  index: GraphIndex;
  past: HistoryIndex;
}

export type Analyzer = (ctx: AnalyzerContext) => InsightDraft[];

export function analyzerContext(input: AnalysisInput): AnalyzerContext {
  return { input, index: indexGraph(input.graph, input.sections), past: indexHistory(input.history.changes) };
}

/** A node's text as a quotation (the source's own words). */
export function nodeQuote(ctx: AnalyzerContext, nodeId: string, max = 48): string {
  const node = ctx.index.nodeById.get(nodeId);
  return node ? quote(node.text, max) : nodeId;
}

export function sectionName(ctx: AnalyzerContext, sectionId: string | undefined): LocalText {
  const s = sectionId ? ctx.index.sectionById.get(sectionId) : undefined;
  if (!s?.title.trim())
    return local(sectionId ? `section ${sectionId}` : 'the opening', sectionId ? `第 ${sectionId} 节` : '开篇');
  return local(`section ${quote(s.title, 32)}`, `${quote(s.title, 32)}一节`);
}

export function chainName(family: ChainFamily): LocalText {
  return local(`${CHAIN_LABELS[family].en} chain`, `${CHAIN_LABELS[family].zh}链`);
}

/** Nodes ordered by how connected they are, then document order. */
export function byDegree(ctx: AnalyzerContext, ids: readonly string[]): string[] {
  const degree = (id: string) => ctx.index.incident.get(id)?.length ?? 0;
  return [...ids].sort((a, b) => degree(b) - degree(a) || ctx.index.ordinal.get(a)! - ctx.index.ordinal.get(b)!);
}
