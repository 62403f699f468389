// The concept layer over a graph: statements (grounded nodes that are not concepts) → candidate terms → anchors
// (existing concept nodes reused, new ones added) → mentions. Recomputed from scratch on every call: anchors this
// layer made earlier are set aside first (unless a relation holds them), so running it twice gives the same graph.
import type { Evidence, KgGraph, KgNode, Mention } from '../schema/graph';
import type { ContentUnit } from '../schema/units';
import { hashLanes } from '../text/stable-hash';
import { collectCandidates, type Group } from './candidates';
import { FormMatcher, type Found } from './matcher';
import { selectGroups } from './select';
import { type Form, formKey, latinWords } from './terms';

export interface ConceptLayerOptions {
  /** false: only link statements to anchors that already exist (hand edits, recompute); default true. */
  newAnchors?: boolean;
  /** At most this many mentions per statement (default 4). */
  mentionsPerStatement?: number;
}

const ANCHOR_PREFIX = 'concept_';

/** An anchor this layer made (recomputed on every call, unlike the extraction's own nodes). */
export function isLayerAnchor(node: KgNode): boolean {
  return node.type === 'concept' && node.id.startsWith(ANCHOR_PREFIX);
}
/** Longer concept texts are names of ideas, not terms a statement spells out; they are never searched for. */
const MAX_TERM_WORDS = 6;

interface Statement {
  node: KgNode;
  evidence: Evidence;
  unitText: string;
}

interface Anchor {
  /** The existing concept node, or the group a new anchor is made of. */
  node?: KgNode;
  group?: Group;
  forms: Form[];
}

export function buildConceptLayer(
  graph: KgGraph,
  units: readonly ContentUnit[],
  options: ConceptLayerOptions,
): KgGraph {
  const newAnchors = options.newAnchors !== false;
  const cap = Math.max(0, options.mentionsPerStatement ?? 4);
  const related = new Set(graph.edges.flatMap((e) => [e.fromNodeId, e.toNodeId]));
  const nodes = newAnchors ? graph.nodes.filter((n) => !(isLayerAnchor(n) && !related.has(n.id))) : graph.nodes;
  const statements = groundedStatements(nodes, units);

  const existing: Anchor[] = nodes.filter((n) => n.type === 'concept').map((node) => ({ node, forms: ownForms(node) }));
  const byForm = new Map<string, number>();
  existing.forEach((a, i) => {
    for (const f of a.forms) if (!byForm.has(formKey(f))) byForm.set(formKey(f), i);
  });

  const candidates = collectCandidates(statements.map((s) => s.node.quote));
  // A group whose canonical or head form is an existing concept's is that concept: its forms join the concept's.
  const mapped = new Map<string, number>();
  for (const g of candidates.groups.values()) {
    const at = [...g.forms]
      .reverse()
      .map((f) => byForm.get(formKey(f)))
      .find((i) => i !== undefined);
    if (at === undefined) continue;
    mapped.set(g.key, at);
    existing[at].forms.push(...g.forms);
  }
  const existingMatcher = new FormMatcher(existing.map((a) => a.forms));
  const { fresh } = selectGroups(
    candidates,
    mapped,
    (s) => related.has(statements[s].node.id) || existingMatcher.find(statements[s].node.quote).length > 0,
    newAnchors,
  );
  const anchors: Anchor[] = [...existing, ...fresh.map((group) => ({ group, forms: group.forms }))];

  // Every statement's finds, then the cap: rarer anchors first (they say more about the statement), then longer terms.
  const matcher = new FormMatcher(anchors.map((a) => a.forms));
  const finds = statements.map((s) => matcher.find(s.node.quote));
  const df = new Array<number>(anchors.length).fill(0);
  for (const list of finds) for (const f of list) df[f.anchor]++;
  const kept = finds.map((list) =>
    [...list]
      .sort((a, b) => df[a.anchor] - df[b.anchor] || b.surface.length - a.surface.length || a.start - b.start)
      .slice(0, cap)
      .sort((a, b) => a.start - b.start),
  );

  const ids = new Set(nodes.map((n) => n.id));
  const anchorIds = anchors.map((a) => a.node?.id ?? uniqueId(`${ANCHOR_PREFIX}${hash(a.group?.key ?? '')}`, ids));
  // A new anchor stands right after the statement that first names it (reading order), quoting the term there.
  const after = new Map<string, KgNode[]>();
  const placed = new Set<number>();
  statements.forEach((s, i) => {
    for (const f of kept[i]) {
      const a = anchors[f.anchor];
      if (!a.group || placed.has(f.anchor)) continue;
      placed.add(f.anchor);
      const list = after.get(s.node.id) ?? [];
      list.push(anchorNode(anchorIds[f.anchor], a.group, s, f));
      after.set(s.node.id, list);
    }
  });
  const outNodes = nodes.flatMap((n) => [n, ...(after.get(n.id) ?? [])]);
  const mentions: Mention[] = statements.flatMap((s, i) =>
    kept[i].map((f) => ({
      id: `mention_${s.node.id}_${anchorIds[f.anchor]}`,
      nodeId: s.node.id,
      conceptId: anchorIds[f.anchor],
      term: f.surface,
      evidence: [{ ...s.evidence, paragraph: s.node.paragraph ?? s.evidence.paragraph, quote: f.surface }],
    })),
  );
  return { ...graph, nodes: outNodes, mentions };
}

/** Nodes that can name a term: grounded, not concepts, their quote verbatim in their unit (so a term in it is too). */
function groundedStatements(nodes: readonly KgNode[], units: readonly ContentUnit[]): Statement[] {
  const byN = new Map(units.map((u) => [u.n, u]));
  const out: Statement[] = [];
  for (const node of nodes) {
    if (node.type === 'concept' || node.groundingStatus !== 'grounded' || node.paragraph === null) continue;
    const unit = byN.get(node.paragraph);
    if (!unit || !node.quote || !unit.text.includes(node.quote)) continue;
    const evidence = node.evidence.find((e) => e.paragraph === node.paragraph) ?? node.evidence[0];
    if (evidence) out.push({ node, evidence, unitText: unit.text });
  }
  return out;
}

/**
 * The forms a concept node is found by: its text, and its quote when that differs (both when term-sized). An anchor
 * of this layer quotes the term as one statement spells it ("DSH Web" for "web"): only its text says what it is.
 */
function ownForms(node: KgNode): Form[] {
  const out: Form[] = [];
  const texts = node.id.startsWith(ANCHOR_PREFIX) ? [node.text.trim()] : [node.text.trim(), node.quote.trim()];
  for (const text of new Set(texts)) {
    if (!text) continue;
    if (/[\u3400-\u9fff]/.test(text)) {
      if (text.length <= 12) out.push({ han: text });
      continue;
    }
    const words = latinWords(text);
    if (words.length > 0 && words.length <= MAX_TERM_WORDS) out.push({ latin: words.map((w) => w.fold) });
  }
  return out;
}

function anchorNode(id: string, group: Group, s: Statement, f: Found): KgNode {
  const paragraph = s.node.paragraph ?? s.evidence.paragraph;
  const quote = canonicalQuote(group.text, f.surface, s.unitText) ?? f.surface;
  return {
    id,
    type: 'concept',
    text: group.text,
    paragraph,
    quote,
    evidence: [{ ...s.evidence, paragraph, quote }],
    groundingStatus: 'grounded',
    entailmentStatus: 'unverified',
    ...(s.node.sectionId !== undefined ? { sectionId: s.node.sectionId } : {}),
  };
}

/**
 * The anchor's own spelling as the unit writes it (any case, whole words), when the statement named the group by
 * a form that does not contain it ("walls" of "sea walls"): the anchor's quote should still show the term it is.
 */
function canonicalQuote(text: string, surface: string, unitText: string): string | null {
  const term = text.toLowerCase();
  const lower = unitText.toLowerCase();
  // Lower-casing can change a string's length (İ): then offsets are not the unit's, and the surface is used.
  if (surface.toLowerCase().includes(term) || lower.length !== unitText.length) return null;
  const letter = (i: number) => /[a-z0-9]/i.test(unitText.charAt(i));
  for (let at = lower.indexOf(term); at >= 0; at = lower.indexOf(term, at + 1)) {
    if (!letter(at - 1) && !letter(at + term.length)) return unitText.slice(at, at + term.length);
  }
  return null;
}

function uniqueId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  taken.add(id);
  return id;
}

/** 53 bits of the stable hash (cyrb53), so an anchor's id follows from its term alone. */
function hash(text: string): string {
  const { h1, h2 } = hashLanes(text);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
