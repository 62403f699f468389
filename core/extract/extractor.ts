// One interface for every extractor: a batch of numbered units in, nodes and edges that cite unit numbers and
// verbatim quotes out (the wire format). Extractors are stateless per call so batches can run concurrently.
import type { Scheduler } from '../scheduler';
import type { TraceEventType } from '../trace/labels';
import type { ContentUnit, KgNode, NodeType, WireBatch } from '../schema';
import type { ReviewHint } from './review-hints';

/** A typed problem the gate found in an earlier attempt, fed back to a model for a targeted retry. */
export interface GateFeedback {
  code: string;
  /** Blocking problems trigger a retry; the rest are reported and handled deterministically. */
  blocking: boolean;
  message: string;
  nodeId?: string;
  edgeIndex?: number;
}

export interface BatchRequest {
  documentId: string;
  sourceId: string;
  title: string;
  /** 0-based batch index within the task. */
  batchIndex: number;
  /** The batch's units, numbered globally (unit.n is what nodes cite). */
  units: ContentUnit[];
  /** Nodes already in the graph (append): an extractor may link to them by id instead of repeating them. */
  existingNodes?: ReadonlyArray<{ id: string; type: NodeType; text: string }>;
  /**
   * Agent traces: each unit's trace event type (core/trace). A trace has its own semantics: a tool result states
   * facts it observed, a user's or the agent's message makes claims, the agent's conclusions are inferences.
   */
  unitEvents?: ReadonlyMap<number, TraceEventType>;
  /** 1 for the first attempt; retries carry the gate's feedback. */
  attempt: number;
  feedback?: GateFeedback[];
  /** The previous answer when it could not be parsed (models see the start of it with the feedback). */
  previousAnswer?: string;
  signal?: AbortSignal;
  /** The task's clock: a model call's deadline and backoff wait on it (core has no timers of its own). */
  scheduler: Scheduler;
  /** Streaming progress: called with the number of characters received so far in this call. */
  onOutput?: (charsReceived: number) => void;
}

/** The explanation-coverage review of one batch (review-pass.ts): its units, its accepted nodes, what they left out. */
export interface ReviewRequest {
  title: string;
  batchIndex: number;
  units: readonly ContentUnit[];
  nodes: ReadonlyArray<Pick<KgNode, 'id' | 'type' | 'text' | 'paragraph'>>;
  hints: readonly ReviewHint[];
  signal?: AbortSignal;
  scheduler: Scheduler;
  onOutput?: (charsReceived: number) => void;
}

export interface Extractor {
  /** Stable id shown to users, e.g. "builtin:heuristic" or "openai-compatible:gpt-4o". */
  readonly id: string;
  /** "heuristic" is deterministic and offline; it is never presented as a model. */
  readonly kind: 'heuristic' | 'model' | 'service';
  /** Preferred batch size in characters (the engine plans batches with it). */
  readonly batchChars: number;
  /** The batch in the wire format: an object, or a model's raw answer (parsed strictly by the pipeline). */
  extractBatch(request: BatchRequest): Promise<WireBatch | string>;
  /** The coverage review's one call for a batch (models only): additions in the wire format. */
  reviewCoverage?(request: ReviewRequest): Promise<WireBatch | string>;
}
