// The insight engine's contract: what the analyzers produce, the attribution profile every insight carries, and
// the topics built from them. Pure data; analyzers write both languages, readers pick one.
import type { GroundingStatus, NodeType } from '../schema';
import type { Lang } from '../i18n/lang';

/** Chains are relation families: the five lines of reasoning a text can run along (chains.ts). */
export const CHAIN_FAMILIES = ['causal', 'taxonomic', 'evidential', 'contrastive', 'purposive'] as const;
export type ChainFamily = (typeof CHAIN_FAMILIES)[number];

export const INSIGHT_TYPES = [
  'cross-reaction',
  'migration',
  'confidence-trend',
  'gap-aggregation',
  'divergence-watch',
  'snapshot-trend',
] as const;
export type InsightType = (typeof INSIGHT_TYPES)[number];
export type Severity = 'info' | 'warn';
export type { Lang };

/** Text written in both interface languages (node text inside it stays as the source wrote it). */
export interface LocalText {
  en: string;
  zh: string;
}

/**
 * What an insight is about. Exact node ids win; otherwise `scopeKey` names a set of nodes as `key:value` pairs
 * joined by `&`, with keys `chain` (a ChainFamily), `section` (a section id), `type` (a node type) and
 * `grounding` (a grounding status), e.g. `chain:causal&section:s2`.
 */
export interface InsightReferences {
  nodeIds?: string[];
  scopeKey?: string;
}

/** An analyzer's finding, in both languages. `id` is stable across rounds for the same finding. */
export interface InsightDraft {
  id: string;
  type: InsightType;
  severity: Severity;
  title: LocalText;
  detail: LocalText;
  references: InsightReferences;
}

/** The InsightItem: a finding in the reader's language. */
export interface InsightItem {
  id: string;
  type: InsightType;
  severity: Severity;
  title: string;
  detail: string;
  references: InsightReferences;
}

export type EvidenceRole = 'primary' | 'supporting' | 'contradicting';

export interface NodeEvidence {
  nodeId: string;
  role: EvidenceRole;
  /** primary 1.0, supporting 0.6, contradicting 0.4. */
  weight: number;
  /** The node's confidence (explicit, else derived from its grounding); undefined when unknown. */
  confidence?: number;
}

export const EDGE_EVIDENCE_KINDS = [
  'parent-child',
  'revision',
  'supersede',
  'diverged-from',
  'converged-into',
  'cross-chain-link',
] as const;
export type EdgeEvidenceKind = (typeof EDGE_EVIDENCE_KINDS)[number];

export interface EdgeEvidence {
  kind: EdgeEvidenceKind;
  fromNodeId: string;
  /** null for a node removed without a successor. */
  toNodeId: string | null;
  /** The graph edge, when the evidence is one (parent-child, diverged-from, cross-chain-link). */
  edgeId?: string;
  /** 0-1. */
  strength: number;
}

export const CONTRADICTION_KINDS = ['superseded', 'reverse-divergence', 'confidence-decay', 'no-support'] as const;
export type ContradictionKind = (typeof CONTRADICTION_KINDS)[number];

export interface ContradictingEvidence {
  kind: ContradictionKind;
  /** The node (or edge, for a divergence) it concerns; the insight id for no-support. */
  refId: string;
  /** 0-1. */
  strength: number;
  note?: string;
}

export interface ConfidenceProfile {
  nodeEvidence: NodeEvidence[];
  edgeEvidence: EdgeEvidence[];
  contradictingEvidence: ContradictingEvidence[];
  attributionScore: number;
  /** The four steps in words, in the reader's language. */
  rationale: string;
}

/** An insight as kept across rounds. */
export interface StoredInsight {
  draft: InsightDraft;
  profile: ConfidenceProfile;
  firstRound: number;
  lastSeenRound: number;
}

/** An insight as the API answers it. */
export interface InsightView extends InsightItem {
  profile: ConfidenceProfile;
  firstRound: number;
  lastSeenRound: number;
  /** Not produced again in the latest round. */
  stale: boolean;
}

export type TopicKind = 'extension' | 'convergence';

export interface TopicBasis {
  insightId: string;
  insightTitle: LocalText;
  attributionScore: number;
  keyNodeContents: string[];
  keyEdgeKinds: EdgeEvidenceKind[];
}

/** A recommended next question. Rules 1-4 cite their insight in `basedOn`; rules 5-6 come from structure. */
export interface StoredTopic {
  /** Dedup key: the rule and the nodes the question is about. */
  key: string;
  kind: TopicKind;
  question: LocalText;
  rationale: LocalText;
  relatedChain?: ChainFamily;
  nodeIds: string[];
  round: number;
  basedOn?: TopicBasis;
}

export interface TopicView {
  key: string;
  kind: TopicKind;
  question: string;
  rationale: string;
  relatedChain?: ChainFamily;
  nodeIds: string[];
  round: number;
  basedOn?: {
    insightId: string;
    insightTitle: string;
    attributionScore: number;
    keyNodeContents: string[];
    keyEdgeKinds: EdgeEvidenceKind[];
  };
}

/** Compact per-node state kept per round (history): enough to diff rounds without the node's full text. */
export interface NodeState {
  type: NodeType;
  /** Section id ('' when none). */
  section: string;
  family: ChainFamily;
  /** Explicit or derived confidence; null when unknown. */
  confidence: number | null;
  grounding: GroundingStatus;
  /** Hash of the node text: a change at the same id is a revision. */
  textHash: string;
  /** Hashes of `paragraph:quote` of its evidence: a removed node whose quotes another node gained was merged. */
  evidence: string[];
}
