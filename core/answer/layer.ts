// The offline answerer along the concept layer and the reason relations (issue 25). A "why" question about a
// statement follows the relations that give it a reason (causes, infers, supports into it; driven_by out of it) and
// answers with the reason; "what is X" finds X's concept anchor and answers with its definition (a node that
// `defines` it, else a definition or a statement that names it: a mention). Mentions only lead to statements: they
// are never cited, never a relation; every part cites catalogue evidence and goes through the same admission.
// The catalogue (catalogue.ts) takes the reason and definition nodes of a why / what question from here, so the
// retrieval's neighbours this answer cites are authenticated like every other item.
import type { GraphQueryResult } from '../query/types';
import { sameTerm } from '../query/text';
import type { Relation } from '../schema/vocabulary';
import { supportText } from './gates';
import { detectIntent } from './intent';
import { bestClause, EXTRACTIVE, hedged, intersect, relevanceTokens } from './relevance';
import type { AnswerDraft, EvidenceItem, ExtractiveInput } from './types';

/**
 * The relations that give a statement a reason, and the end the reason stands on (the extraction contract's
 * directions, core/extract/prompt.ts: causes cause→effect, infers premise→conclusion, supports support→claim; and
 * driven_by thing→driver, as the built-in extractor links "growth depends on sunlight"). In the order answers
 * prefer them: the most precise first, supports (the vaguest) last.
 */
const REASON_END: ReadonlyMap<Relation, 'from' | 'to'> = new Map([
  ['causes', 'from'],
  ['infers', 'from'],
  ['driven_by', 'to'],
  ['supports', 'from'],
]);
const REASON_ORDER: readonly Relation[] = [...REASON_END.keys()];

interface Link {
  relation: Relation | null;
  fromNodeId: string | null;
  toNodeId: string | null;
}

/** The reason this edge gives `statementId`, or null when it gives it none. */
export function reasonOf(edge: Link, statementId: string): string | null {
  const end = edge.relation ? REASON_END.get(edge.relation) : undefined;
  if (end === 'from' && edge.toNodeId === statementId) return edge.fromNodeId;
  if (end === 'to' && edge.fromNodeId === statementId) return edge.toNodeId;
  return null;
}

/** The node this edge says defines `anchorId` (definition → concept), or null. */
function definitionOf(edge: Link, anchorId: string): string | null {
  return edge.relation === 'defines' && edge.toNodeId === anchorId ? edge.fromNodeId : null;
}

/** Content tokens of a why question's statement that a statement's text must cover to be the one asked about. */
function covers(text: string, subject: Set<string>): number {
  if (subject.size === 0) return 0;
  const hit = intersect(relevanceTokens(text), subject).size;
  return hit >= Math.min(EXTRACTIVE.minOverlap, subject.size) ? hit / subject.size : 0;
}

/**
 * The retrieval's nodes a why / what answer cites beyond the direct matches: the reasons of the direct statements
 * the question is about, and the definitions of the anchor it asks for. Each with the edge that links it.
 */
export function layerTargets(question: string, retrieval: GraphQueryResult): { nodeId: string; edgeId: string }[] {
  const intent = detectIntent(question);
  if (!intent) return [];
  const nodes = new Map(retrieval.graph.nodes.map((n) => [n.id, n]));
  const direct = retrieval.matches.map((m) => nodes.get(m.nodeId)).filter((n) => n !== undefined);
  const out: { nodeId: string; edgeId: string }[] = [];
  const seen = new Set(direct.map((n) => n.id));
  const take = (nodeId: string | null, edgeId: string) => {
    if (nodeId === null || seen.has(nodeId) || !nodes.has(nodeId)) return;
    seen.add(nodeId);
    out.push({ nodeId, edgeId });
  };
  if (intent.kind === 'why') {
    const subject = relevanceTokens(intent.subject, true);
    const asked = direct
      .filter((n) => n.type !== 'concept' && covers(`${n.text}\n${n.quote}`, subject) >= EXTRACTIVE.minCoverage)
      .map((n) => n.id);
    for (const relation of REASON_ORDER)
      for (const id of asked)
        for (const e of retrieval.graph.edges) if (e.relation === relation) take(reasonOf(e, id), e.id);
  } else {
    const anchors = direct.filter((n) => n.type === 'concept' && sameTerm(n.text, intent.term)).map((n) => n.id);
    for (const id of anchors) for (const e of retrieval.graph.edges) take(definitionOf(e, id), e.id);
  }
  return out;
}

/** The concept-layer answer to a why / what question, or null when the question is neither or the layer has none. */
export function layerDraft(input: ExtractiveInput): AnswerDraft | null {
  const intent = detectIntent(input.question);
  if (!intent) return null;
  return intent.kind === 'why' ? whyDraft(intent.subject, input) : whatDraft(intent.term, input);
}

const nodeItem = (catalogue: readonly EvidenceItem[], nodeId: string | null) =>
  catalogue.find((ev) => ev.targetKind === 'node' && ev.targetId === nodeId);

function part(ev: EvidenceItem, tokens: Set<string>, input: ExtractiveInput) {
  return { text: hedged(bestClause(ev.quote, tokens), input.lang), evidenceIds: [ev.id] };
}

function whyDraft(subjectText: string, input: ExtractiveInput): AnswerDraft | null {
  const subject = relevanceTokens(subjectText, true);
  const { catalogue } = input;
  const statements = catalogue
    .filter((ev) => ev.targetKind === 'node' && ev.nodeType !== 'concept')
    .map((ev) => ({ ev, coverage: covers(supportText(ev), subject) }))
    .filter((s) => s.coverage >= EXTRACTIVE.minCoverage)
    .sort((a, b) => b.coverage - a.coverage);
  for (const { ev: statement, coverage } of statements) {
    const reasons = catalogue
      .filter((ev) => ev.targetKind === 'edge' && reasonOf(ev, statement.targetId) !== null)
      .sort((a, b) => REASON_ORDER.indexOf(a.relation!) - REASON_ORDER.indexOf(b.relation!));
    if (reasons.length === 0) continue;
    const parts: AnswerDraft['parts'] = [];
    const given = new Set<string>();
    for (const edge of reasons) {
      // An edge (or a node) with two evidence items is one reason, given once.
      const reasonId = reasonOf(edge, statement.targetId)!;
      if (given.has(reasonId)) continue;
      given.add(reasonId);
      const reason = nodeItem(catalogue, reasonId);
      const reasonText = (edge.fromNodeId === reasonId ? edge.fromNodeText : edge.toNodeText) ?? '';
      if (reason) parts.push(part(reason, relevanceTokens(reason.nodeText ?? reason.quote), input));
      parts.push(part(edge, new Set([...subject, ...relevanceTokens(reasonText)]), input));
      if (parts.length >= EXTRACTIVE.maxParts) break;
    }
    return { status: 'answered', parts: parts.slice(0, EXTRACTIVE.maxParts), confidence: confidence(coverage) };
  }
  return null;
}

function whatDraft(term: string, input: ExtractiveInput): AnswerDraft | null {
  const { catalogue } = input;
  const anchors = catalogue.filter(
    (ev) => ev.targetKind === 'node' && ev.nodeType === 'concept' && sameTerm(ev.nodeText ?? '', term),
  );
  const tokens = relevanceTokens(term);
  for (const anchor of anchors) {
    const id = anchor.targetId;
    const parts: AnswerDraft['parts'] = [];
    // 1. A node that defines the anchor, with the relation that says so (each definition once).
    const given = new Set<string>();
    for (const edge of catalogue.filter((ev) => ev.targetKind === 'edge' && definitionOf(ev, id) !== null)) {
      const definitionId = definitionOf(edge, id)!;
      if (given.has(definitionId)) continue;
      given.add(definitionId);
      const definition = nodeItem(catalogue, definitionId);
      if (definition) parts.push(part(definition, tokens, input));
      parts.push(part(edge, tokens, input));
    }
    // 2. Else a definition node that names it (a mention), 3. else the statements that name it.
    if (parts.length === 0) {
      const naming = catalogue.filter(
        (ev) => ev.targetKind === 'node' && ev.targetId !== id && (ev.names ?? []).includes(id),
      );
      const definitions = naming.filter((ev) => ev.nodeType === 'definition');
      for (const ev of definitions.length > 0 ? definitions : naming) parts.push(part(ev, tokens, input));
    }
    if (parts.length > 0)
      return { status: 'answered', parts: parts.slice(0, EXTRACTIVE.maxParts), confidence: confidence(1) };
  }
  return null;
}

const confidence = (coverage: number) => Math.round((0.3 + 0.5 * coverage) * 100) / 100;
