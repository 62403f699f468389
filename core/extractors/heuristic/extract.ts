// extractUnits: the whole heuristic pass over a batch of units. Per unit: sentences (the segmenter's splitter),
// clauses at relation cues, a typed node per clause, edges only where a cue sits inside the edge quote (a
// sentence-opening connective may link back to the previous unit of the same paragraph), concept nodes for defined
// terms and for a few recurring key terms. Pure and deterministic; linear in the text length.
import { WIRE_LIMITS } from '../../limits';
import type { ContentUnit, WireBatch } from '../../schema';
import { sentenceSpans, splitLongSpan } from '../../units/sentences';
import { analyseSentence, type SentenceAnalysis } from './clauses';
import { classifyClause } from './classify';
import { TABLE_ROW_CONFIDENCE, confidenceOf } from './confidence';
import { GraphDraft, conceptKey, type Limits } from './draft';
import { Discourse, type Said } from './discourse';
import { continuesParagraph } from './paragraph';
import { findPhraseLinks, type PhraseEnd } from './phrases';
import { edgeQuote, hasContent, nodeText, quoteOf, type Span } from './spans';
import { summarise } from './summary';
import { isHeaderRow, splitCells, tableRows } from './table';
import { recurringTerms } from './terms';
import { readsPropositions, traceNodeType } from './trace';
import { eventPrefixLength } from '../../trace/labels';
import type { TraceEventType } from '../../trace/labels';
import { HELD_POSITION } from '../../text/reported-positions';

export interface ExtractOptions {
  /** Wire limits (defaults: the wire format's nodes and edges, core/limits.ts); the bench lifts them to see everything. */
  maxNodes?: number;
  maxEdges?: number;
  /** Agent traces: each unit's event type (trace.ts gives the semantics). */
  unitEvents?: ReadonlyMap<number, TraceEventType>;
}

/** Longest sentence handled as one proposition; longer runs are cut at soft punctuation first. */
const MAX_SENTENCE = 800;

export function extractUnits(units: ContentUnit[], options: ExtractOptions = {}): WireBatch {
  const limits: Limits = {
    maxNodes: options.maxNodes ?? WIRE_LIMITS.nodes,
    maxEdges: options.maxEdges ?? WIRE_LIMITS.edges,
  };
  const draft = new GraphDraft();
  let header: string[] | null = null;
  // The last stated sentence of the previous unit, when that unit was read as prose (else undefined).
  let tail: PreviousSentence | undefined;
  const discourse = new Discourse();
  units.forEach((unit, ui) => {
    const before = tail;
    tail = undefined;
    if (unit.kind !== 'table') header = null;
    if (unit.kind === 'heading' || unit.kind === 'code') return; // headings are not propositions; code is not prose
    if (unit.kind === 'table') {
      if (isHeaderRow(units, ui)) header = splitCells(unit.text);
      else addTableRows(draft, unit, ui, header);
      return;
    }
    const event = options.unitEvents?.get(unit.n);
    if (options.unitEvents && !readsPropositions(event)) return;
    if (!options.unitEvents && looksLikeTitle(unit)) return;
    const continues = continuesParagraph(units[ui - 1], unit);
    discourse.enterUnit(unit, continues);
    tail = addProse(
      draft,
      discourse,
      unit,
      ui,
      continues ? before : undefined,
      options.unitEvents ? { event } : undefined,
    );
  });

  // Concepts must not swamp the graph: defined terms get up to ~40 % of the propositions, recurring terms a tenth.
  const propositions = draft.propositionCount;
  const conceptBudget = Math.max(4, Math.ceil(propositions * 0.4));
  const recurringBudget = Math.min(12, Math.floor(propositions / 10));
  let added = 0;
  for (const term of recurringTerms(units, recurringBudget * 2)) {
    if (added >= recurringBudget) break;
    if (draft.hasConcept(conceptKey(term.surface))) continue;
    const unit = units[term.unitIndex];
    draft.concept(term.unitIndex, unit.n, term.start, unit.text.slice(term.start, term.end), 'recurring');
    added++;
  }
  // A trace's summary reads the events' content, not their `#seq label` prefixes.
  const summarised = options.unitEvents
    ? units.map((u) => ({ ...u, text: u.text.slice(eventPrefixLength(u.text)) }))
    : units;
  return draft.finish(summarise(summarised), limits, conceptBudget);
}

/** A lone short line in Title Case without an end mark is a heading the segmenter could not see (e.g. an essay title). */
function looksLikeTitle(unit: ContentUnit): boolean {
  const t = unit.text.trim();
  if (unit.kind !== 'narrative' || t.includes('\n') || /[.!?。！？:：]$/.test(t)) return false;
  const words = t.split(/\s+/);
  if (words.length > 12 || /[\u4e00-\u9fff]/.test(t)) return false;
  return words.filter((w) => /^[A-Z0-9]/.test(w)).length * 2 >= words.length;
}

function addTableRows(draft: GraphDraft, unit: ContentUnit, ui: number, header: string[] | null): void {
  for (const row of tableRows(unit.text, header)) {
    const quote = quoteOf(unit.text, row.span.start, row.span.end);
    const text = nodeText(row.text);
    if (quote && text && hasContent(unit.text, row.span.start, row.span.end)) {
      draft.addProposition(ui, unit.n, row.span.start, 'fact', text, quote, TABLE_ROW_CONFIDENCE);
    }
  }
}

/** Lines of list-like units are separate items; prose is handed to the sentence splitter whole. */
function blocksOf(unit: ContentUnit, from = 0): Span[] {
  if (unit.kind === 'narrative') return [{ start: from, end: unit.text.length }];
  const out: Span[] = [];
  let at = 0;
  for (const line of unit.text.split('\n')) {
    if (at + line.length > from) out.push({ start: Math.max(at, from), end: at + line.length });
    at += line.length + 1;
  }
  return out;
}

interface PreviousSentence {
  analysis: SentenceAnalysis;
  nodes: (number | undefined)[];
}

/**
 * Reads a prose unit sentence by sentence and returns its last sentence that yielded nodes. `carried` is the
 * previous unit's last such sentence when this unit continues its paragraph: a connective opening this unit's
 * first sentence links to it.
 */
function addProse(
  draft: GraphDraft,
  discourse: Discourse,
  unit: ContentUnit,
  ui: number,
  carried: PreviousSentence | undefined,
  trace?: { event: TraceEventType | undefined },
): PreviousSentence | undefined {
  const text = unit.text;
  let prev: PreviousSentence | undefined;
  let first = true;
  // A trace unit that opens an event starts with its `#seq label` prefix: not part of any proposition.
  for (const block of blocksOf(unit, trace ? eventPrefixLength(text) : 0)) {
    for (const sentence of sentenceSpans(text, block.start, block.end)) {
      for (const piece of splitLongSpan(text, sentence.start, sentence.end, MAX_SENTENCE)) {
        discourse.nextSentence();
        const previous = discourse.previousSentence();
        const analysis = analyseSentence(text, piece.start, piece.end);
        const nodes = addSentence(draft, discourse, unit, ui, analysis, trace);
        const before = prev
          ? { sentence: prev, where: 'same-unit' as const }
          : first && carried
            ? { sentence: carried, where: 'previous-unit' as const }
            : undefined;
        linkLead(draft, discourse, unit, analysis, nodes, before, previous);
        first = false;
        if (nodes.some((n) => n !== undefined)) prev = { analysis, nodes };
      }
    }
  }
  return prev;
}

/** One node per clause, its phrase relations, and the edges between its clauses. Returns node handles by clause. */
function addSentence(
  draft: GraphDraft,
  discourse: Discourse,
  unit: ContentUnit,
  ui: number,
  a: SentenceAnalysis,
  trace?: { event: TraceEventType | undefined },
): (number | undefined)[] {
  const text = unit.text;
  // A question asks rather than states: it is not a proposition.
  if (/[?？]["”’)）]*$/.test(text.slice(a.start, a.end))) return a.clauses.map(() => undefined);
  const handles = a.clauses.map((c) => {
    if (!hasContent(text, c.textStart, c.quoteEnd)) return undefined;
    const phrases = findPhraseLinks(text, c.textStart, c.quoteEnd);
    const body = nodeText(text.slice(c.textStart, c.quoteEnd));
    const quote = quoteOf(text, c.quoteStart, c.quoteEnd);
    if (!body || !quote) return undefined;
    const classified = classifyClause(body, { introduced: c.introduced, definition: phrases.definition });
    const type = trace ? traceNodeType(trace.event, classified) : classified;
    const id = draft.addProposition(ui, unit.n, c.quoteStart, type, body, quote, confidenceOf(body, type));
    discourse.note({ handle: id, type, text: body, n: unit.n, quoteStart: c.quoteStart });
    // Phrase relations quote the whole clause: it holds both terms and the cue between them.
    const end = (e: PhraseEnd) =>
      e === 'clause' ? id : draft.concept(ui, unit.n, e.start, text.slice(e.start, e.end), 'cue');
    for (const p of phrases.links) draft.link(end(p.from), end(p.to), p.relation, unit.n, quote);
    return id;
  });
  for (const link of a.links) {
    const from = handles[link.from];
    const to = handles[link.to];
    if (from === undefined || to === undefined) continue;
    const cf = a.clauses[link.from];
    const ct = a.clauses[link.to];
    const quote = edgeQuote(
      text,
      Math.min(cf.quoteStart, ct.quoteStart),
      Math.max(cf.quoteEnd, ct.quoteEnd),
      link.cueStart,
      link.cueEnd,
    );
    draft.link(from, to, link.relation, unit.n, quote);
  }
  return handles;
}

/**
 * "X. Therefore, Y.": link Y's main clause to the previous sentence's main clause, in the direction of the cue.
 * Same unit: the edge quote spans both sentences. Previous unit (same paragraph, see paragraph.ts): the evidence is
 * the cue sentence alone, in this unit (it holds the cue word, not the premise, which is in the unit before).
 * An example goes to what it illustrates (discourse.ts: the nearest claim, rule or definition of its paragraph, or
 * the one it names, also in an earlier paragraph of the section); a contrast to the clause it answers.
 */
function linkLead(
  draft: GraphDraft,
  discourse: Discourse,
  unit: ContentUnit,
  a: SentenceAnalysis,
  nodes: (number | undefined)[],
  before: { sentence: PreviousSentence; where: 'same-unit' | 'previous-unit' } | undefined,
  previous: Said[],
): void {
  if (!a.lead) return;
  const here = nodes[a.head];
  if (here === undefined) return;
  const sentence = unit.text.slice(a.start, a.end);
  const relation = a.lead.cue.relation;
  if (a.lead.cue.answersPosition && !previous.some((s) => HELD_POSITION.test(s.text))) return;
  let target: Said | undefined;
  if (relation === 'example') target = discourse.exampleTarget(sentence);
  else if (relation === 'counter_example' && before) target = discourse.contrastTarget(sentence, previous);
  if (target) {
    const sameUnit = target.n === unit.n;
    const quote = edgeQuote(
      unit.text,
      sameUnit ? target.quoteStart : a.start,
      sameUnit ? a.clauses[a.head].quoteEnd : a.end,
      a.lead.cueStart,
      a.lead.cueEnd,
    );
    draft.link(here, target.handle, relation, unit.n, quote);
    return;
  }
  if (!before) return;
  const prev = before.sentence;
  const prevHead = prev.nodes[prev.analysis.head] ?? prev.nodes.find((n) => n !== undefined);
  if (prevHead === undefined) return;
  const start = before.where === 'same-unit' ? prev.analysis.clauses[0].quoteStart : a.start;
  const end = before.where === 'same-unit' ? a.clauses[a.head].quoteEnd : a.end;
  const quote = edgeQuote(unit.text, start, end, a.lead.cueStart, a.lead.cueEnd);
  const [from, to] = a.lead.cue.direction === 'forward' ? [prevHead, here] : [here, prevHead];
  draft.link(from, to, a.lead.cue.relation, unit.n, quote);
}
