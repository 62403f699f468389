// The explanation-coverage review (issue 29): one bounded second call for a batch whose accepted answer left out a
// point the source makes explicitly (review-hints.ts). Only a model extractor that offers `reviewCoverage` is asked;
// the call is made once, never retried, and its answer only adds (review-admission.ts). When it fails the first
// answer stands and the note says why. A diagram relation unit still unlinked after an answered review keeps its
// relation as an atomic fact node in the unit's own words, so nothing the diagram showed is silently lost.
import { isKgError } from '../errors';
import type { Scheduler } from '../scheduler';
import type { ContentUnit } from '../schema';
import type { BatchPlan } from './batches';
import type { Extractor } from './extractor';
import { gateBatch, type AcceptedBatch, type GateContext } from './gate';
import { joinBatches } from './join-batches';
import { answerValue, parseBatchOutput } from './parse';
import { admitReview, keepUnmappedDiagramRelations, type ReviewAdmission } from './review-admission';
import { reviewHints, type ReviewHint, type ReviewNote } from './review-hints';

export interface ReviewInput {
  extractor: Extractor;
  title: string;
  units: readonly ContentUnit[];
  ctx: GateContext;
  signal?: AbortSignal;
  scheduler: Scheduler;
  onOutput?: (charsReceived: number) => void;
  modelCall?: <T>(attempt: number, call: () => Promise<T>) => Promise<T>;
}

export async function reviewBatch(
  input: ReviewInput,
  plan: BatchPlan,
  first: { batch: AcceptedBatch; attempts: number },
): Promise<{ batch: AcceptedBatch; attempts: number }> {
  const extractor = input.extractor;
  if (extractor.kind !== 'model' || !extractor.reviewCoverage) return first;
  const hints = reviewHints(input.units, first.batch);
  if (hints.length === 0) return first;
  const attempt = first.attempts + 1;
  const call = () =>
    extractor.reviewCoverage!({
      title: input.title,
      batchIndex: plan.index,
      units: input.units,
      nodes: first.batch.nodes,
      hints,
      signal: input.signal,
      scheduler: input.scheduler,
      onOutput: input.onOutput,
    });
  let admission: ReviewAdmission;
  try {
    const raw = await (input.modelCall ? input.modelCall(attempt, call) : call());
    const wire = parseBatchOutput(keepUnmappedDiagramRelations(answerValue(raw), input.ctx.batch));
    admission = admitReview(wire, first.batch, hints, input.ctx);
  } catch (error) {
    if (input.signal?.aborted) throw error;
    const note: ReviewNote = {
      hints: hints.length,
      addedNodes: 0,
      addedEdges: 0,
      left: 0,
      error: isKgError(error) ? error.code : 'internal',
    };
    return { batch: { ...first.batch, review: note }, attempts: attempt };
  }
  const added = withDiagramFacts(admission.added, first.batch, hints, input.ctx);
  const left = Object.values(admission.dropped).reduce((a, b) => a + b, 0);
  const note: ReviewNote = {
    hints: hints.length,
    addedNodes: added.nodes.length,
    addedEdges: added.edges.length,
    left,
  };
  const batch = added.nodes.length + added.edges.length > 0 ? joinBatches(first.batch, added) : first.batch;
  return { batch: { ...batch, coverage: first.batch.coverage, review: note }, attempts: attempt };
}

/** A diagram relation unit neither the first answer nor the review linked: its relation as a fact node. */
function withDiagramFacts(
  added: AcceptedBatch,
  first: AcceptedBatch,
  hints: readonly ReviewHint[],
  ctx: GateContext,
): AcceptedBatch {
  const linked = new Set(added.edges.flatMap((e) => e.evidence.map((ev) => ev.paragraph)));
  // A node that already quotes the whole relation says it (the first answer may have kept the unit as one node).
  const said = (h: ReviewHint) =>
    [...first.nodes, ...added.nodes].some((n) => n.paragraph === h.unit && n.quote.includes(h.excerpt));
  const open = hints.filter((h) => h.kind === 'diagram_relation' && !linked.has(h.unit) && !said(h));
  if (open.length === 0) return added;
  const facts = gateBatch(
    {
      summary: '',
      nodes: open.map((h) => ({
        id: `diagram-${h.unit}`,
        type: 'fact',
        text: h.excerpt,
        paragraph: h.unit,
        quote: h.excerpt,
      })),
      edges: [],
    },
    ctx,
  ).accepted.nodes.filter((n) => n.groundingStatus === 'grounded');
  return { ...added, nodes: [...added.nodes, ...facts] };
}

/** The task's line for a batch's review (read back by describeTaskWarning). */
export function reviewWarning(batchIndex: number, note: ReviewNote): string {
  if (note.error) return `batch ${batchIndex}: the coverage review failed (${note.error}); the first answer stands`;
  return `batch ${batchIndex}: the coverage review added ${note.addedNodes} nodes and ${note.addedEdges} relations; ${note.left} proposals left out`;
}
