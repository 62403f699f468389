// The fact-check report (issue 14, docs/contracts/fact-check.md): the graph's checkable claims judged against outside evidence
// (Wikipedia, rule texts the reader pastes) or, in quick mode, the model's own knowledge. Zod-free on purpose: the
// workbench panel (components/fact-check-panel) imports these types and constants, and the browser bundle carries
// no zod (see docs/components.md#bundle).
import type { NodeType } from '../schema/vocabulary';

export const FACT_CHECK_MODES = ['quick', 'deep'] as const;
export type FactCheckMode = (typeof FACT_CHECK_MODES)[number];

export const FACT_CHECK_SOURCES = ['wikipedia', 'rules'] as const;
export type FactCheckSource = (typeof FACT_CHECK_SOURCES)[number];

/** In the seed's order; labels in components/shared/i18n (支持 / 矛盾 / 部分支持 / 证据不足 / 无法核查 / 超出范围). */
export const FACT_VERDICTS = [
  'supported',
  'contradicted',
  'partially_supported',
  'insufficient',
  'unverifiable',
  'out_of_scope',
] as const;
export type FactVerdict = (typeof FACT_VERDICTS)[number];

export const FACT_CLAIM_STATUSES = ['open', 'accepted', 'rejected'] as const;
export type FactClaimStatus = (typeof FACT_CLAIM_STATUSES)[number];

/** Node types whose statements can be checked against outside evidence (docs/contracts/fact-check.md#claim-selection). */
export const CHECKABLE_KINDS = [
  'fact',
  'claim',
  'inference',
  'rule',
  'definition',
  'counter_example',
] as const satisfies readonly NodeType[];

/** At most this many claims per report, in graph order (the 61st eligible node is not checked). */
export const MAX_FACT_CLAIMS = 60;
/** Pasted rule text, in characters. */
export const MAX_RULES_CHARS = 10_000;
/** Quick mode (model knowledge only): a verdict never claims more confidence than this. */
export const QUICK_CONFIDENCE_CAP = 0.6;

export interface FactEvidence {
  /** 'c3:w1' (Wikipedia hit 1 retrieved for claim c3) or 'r2' (rule passage 2, shared by every claim). */
  id: string;
  provider: 'wikipedia' | 'rules';
  /** The article for Wikipedia; null for a rule passage. */
  url: string | null;
  title: string;
  /** What the quote is checked against: the search snippet and the page extract for Wikipedia, the passage for rules. */
  snippet: string;
}

export interface FactCheckClaim {
  /** 'c1', 'c2', … in graph order. */
  id: string;
  nodeId: string;
  kind: NodeType;
  /** The node's first anchored unit (1-based), or null. */
  unit: number | null;
  /** The node's source quote (else its text), at most 300 characters. */
  quote: string;
  /** The checked statement: the source quote (the target is the source text, not the graph). */
  claim: string;
  /** Check-worthiness weight of the kind, 0..1. */
  checkworthy: number;
  status: FactClaimStatus;
  verdict: FactVerdict;
  confidence: number;
  rationale: string;
  correction: string;
  /** Only evidence the judge cited by an id it was given; at most a handful. */
  evidence: FactEvidence[];
  /** Verbatim from a cited evidence snippet, or '' (blanked when it was not found there). */
  evidenceQuote: string;
}

export interface FactCheckMetrics {
  totalClaims: number;
  supported: number;
  contradicted: number;
  partially_supported: number;
  insufficient: number;
  unverifiable: number;
  out_of_scope: number;
  /** Claims judged against evidence: deep mode, those citing an evidence item (neither unverifiable nor out of scope); quick mode, every claim that could be checked. */
  judged: number;
  /** round(100 · supported among the judged / judged); 0 when none was judged. */
  supportedRate: number;
}

export interface FactCheckReport {
  /** 'fc_…' */
  reportId: string;
  documentId: string;
  /** The revision the claims were read from; the report is stale once the document moved past it. */
  revision: number;
  mode: FactCheckMode;
  /** The evidence sources used ([] in quick mode). */
  sources: FactCheckSource[];
  createdAt: number;
  model: string;
  /** '外部事实核查完成：S 项支持 / C 项矛盾 / …' (the seed's wording) */
  summary: string;
  metrics: FactCheckMetrics;
  /** Retrieval failures (wikipedia_unavailable:<lang>:<cause>), quotes blanked, verdicts downgraded or dropped. */
  warnings: string[];
  claims: FactCheckClaim[];
}

/** GET /api/documents/:id/fact-check */
export interface FactCheckLatest {
  report: FactCheckReport | null;
  /** The document is past the report's revision (after an append or a commit). */
  stale: boolean;
}
