// The graph file's identity and shape: what `format` and `version` say in every exported graph.json, and what it
// holds (the export writes it: graph-export.ts; the view checks it before rendering: file-check.ts).
import type { FactCheckReport } from '../fact-check/types';
import type { VisualSource } from '../images/types';
import type { AuditEntry } from '../operations/wire';
import type { ReportKind } from '../verify/types';
import type { ContentUnit, KgEdge, KgNode, Mention, Section } from '../schema';

export const GRAPH_EXPORT_FORMAT = 'kg-workbench.graph';
export const GRAPH_EXPORT_VERSION = 1;

export interface GraphExport {
  format: typeof GRAPH_EXPORT_FORMAT;
  version: typeof GRAPH_EXPORT_VERSION;
  exportedAt: string;
  documentId: string;
  title: string;
  revision: number;
  summary: string;
  sourceId: string | null;
  model: string;
  chars: number;
  /** `mentions` (the concept layer) is never among the edges; absent in files written before it existed. */
  counts: { units: number; nodes: number; edges: number; mentions?: number };
  sections: Section[];
  /** The generation audit of the revision (grounding counts, repairs, dropped edges, ...). */
  audit: unknown;
  /**
   * The latest report of each verification kind (quick check, model review, question), each with `stale` (computed
   * on an older revision); absent in files written before it existed.
   */
  verificationReports?: Array<{ report: VerificationReportHead; stale: boolean }>;
  /** The latest external fact-check and whether it is stale; null when none was run; absent in older files. */
  factCheck?: { report: FactCheckReport; stale: boolean } | null;
  /** Where the text came from when it was transcribed from images (null for typed text); absent in older files. */
  visualSource?: VisualSource | null;
  /** The audit log of graph edits (commits and undos), oldest first; absent in files written before it existed. */
  auditLog?: AuditEntry[];
  /** Every content unit in number order: the source text, anchor by anchor. */
  units: ContentUnit[];
  /** Every node in canonical order, with all of its evidence. */
  nodes: KgNode[];
  edges: KgEdge[];
  /** The concept layer: statement → concept anchor, apart from the relations; absent in files written before it. */
  mentions?: Mention[];
}

/** What every stored verification report has; the rest is the report's own (core/verify). */
// A type, not an interface: it then fits the schema's open object (an index signature) at compile time.
export type VerificationReportHead = {
  reportId: string;
  mode: ReportKind;
  documentId: string;
  revision: number;
  createdAt: number;
  issues?: unknown[];
};

/** The fields written before the big arrays (the Worker streams those). */
export type GraphExportHead = Omit<GraphExport, 'units' | 'nodes' | 'edges' | 'mentions' | 'auditLog'>;
