// Did a model read the whole batch? An answer that leaves most of the batch's units without a node was read in part
// (a source that closed its frame, an answer cut short, a model that lost its place), and "succeeded" must not hide
// it: the batch runner retries those units once as a batch of their own, and the task carries a warning.
//
// Which units should hold a node: prose, list, table, dialogue and quote units with visible content (a letter or a
// digit). Headings and code are legitimately left without one, and so are a trace's tool calls (actions, not
// propositions: TRACE_RULES) and its turn markers. A unit holds a node when an accepted node sits in it (its unit
// after the gate's anchoring, whatever its grounding) or an accepted edge cites it: a unit that only links to a
// node already in the graph was read too.
//
// The threshold is "more than half": a model that reads the whole batch still skips some units (a transition, an
// aside, a sentence that restates the one before), but rarely most of them, while an answer that stopped early
// leaves the whole tail. Fewer missing units than that are an ordinary answer and are not retried.
import type { ContentUnit, Evidence, KgNode, UnitKind } from '../schema';
import type { TraceEventType } from '../trace/labels';

const STATING_KINDS: ReadonlySet<UnitKind> = new Set<UnitKind>(['narrative', 'list', 'table', 'dialogue', 'quote']);
const NON_STATING_EVENTS: ReadonlySet<TraceEventType> = new Set<TraceEventType>([
  'tool/call',
  'turn/start',
  'turn/end',
]);
const VISIBLE = /[\p{L}\p{N}]/u;

export function shouldHoldNode(unit: ContentUnit, event?: TraceEventType): boolean {
  return STATING_KINDS.has(unit.kind) && VISIBLE.test(unit.text) && !(event && NON_STATING_EVENTS.has(event));
}

export interface Coverage {
  /** Units of the batch that should hold a node. */
  eligible: number;
  /** Of those, the ones the answer left without a node (unit numbers, ascending). */
  missed: number[];
}

export function coverageOf(
  units: readonly ContentUnit[],
  batch: {
    nodes: readonly Pick<KgNode, 'paragraph'>[];
    edges: readonly { evidence: readonly Pick<Evidence, 'paragraph'>[] }[];
  },
  unitEvents?: ReadonlyMap<number, TraceEventType>,
): Coverage {
  const held = new Set<number>();
  for (const node of batch.nodes) if (node.paragraph !== null) held.add(node.paragraph);
  for (const edge of batch.edges) for (const ev of edge.evidence) held.add(ev.paragraph);
  const eligible = units.filter((u) => shouldHoldNode(u, unitEvents?.get(u.n)));
  return { eligible: eligible.length, missed: eligible.filter((u) => !held.has(u.n)).map((u) => u.n) };
}

/** More than half of the units that should hold a node hold none. */
export function readInPart(coverage: Coverage): boolean {
  return coverage.missed.length * 2 > coverage.eligible;
}

/** What the accepted batch records about a batch read in part (checkpointed, so a resumed task still says it). */
export interface CoverageNote extends Coverage {
  /** Units still without a node after the one retry (all of `missed` when the retry itself failed). */
  stillMissed: number[];
  /** The retry's error code, when it failed; the first answer is kept as it was. */
  retryError?: string;
}

export function coverageWarning(batchIndex: number, note: CoverageNote): string {
  const head = `batch ${batchIndex}: the model's answer left ${note.missed.length} of ${note.eligible} units without a node (${unitList(note.missed)}); retried them once as a batch of their own`;
  if (note.retryError) return `${head}, which failed (${note.retryError}): they hold no node`;
  if (note.stillMissed.length === 0) return `${head}: every one now holds a node`;
  return `${head}: ${note.stillMissed.length} still hold none (${unitList(note.stillMissed)})`;
}

/** "units 3-7, 9" (ranges folded, at most 12 ranges shown). */
function unitList(ns: readonly number[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < ns.length; i++) {
    let j = i;
    while (j + 1 < ns.length && ns[j + 1] === ns[j] + 1) j++;
    ranges.push(j > i ? `${ns[i]}-${ns[j]}` : `${ns[i]}`);
    i = j;
  }
  const shown = ranges.slice(0, 12).join(', ');
  return `${ns.length === 1 ? 'unit' : 'units'} ${ranges.length > 12 ? `${shown}, …` : shown}`;
}
