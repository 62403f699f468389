// The check a graph file passes before <kg-workbench src> renders it: every field the view reads has the type it
// expects, so a hand-edited or hostile file is refused with a message naming the first problem instead of throwing
// somewhere inside the view. Zod-free on purpose: the browser bundle does not carry zod (core/schema/vocabulary.ts).
import { ENTAILMENT_STATUSES, GROUNDING_STATUSES, NODE_TYPES, RELATIONS } from '../schema/vocabulary';
import { GRAPH_EXPORT_FORMAT, GRAPH_EXPORT_VERSION, type GraphExport } from './format';

const TYPES: ReadonlySet<unknown> = new Set(NODE_TYPES);
const RELATION_SET: ReadonlySet<unknown> = new Set(RELATIONS);
const GROUNDING: ReadonlySet<unknown> = new Set(GROUNDING_STATUSES);
const ENTAILMENT: ReadonlySet<unknown> = new Set(ENTAILMENT_STATUSES);

type Rec = Record<string, unknown>;

const isObject = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isUnitNumber = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const str = (v: unknown): v is string => typeof v === 'string';
/** Ids are quoted in messages; keep them short and on one line. */
const label = (v: unknown) => JSON.stringify(String(v).slice(0, 40));

function checkEvidence(list: unknown, owner: string): void {
  if (!Array.isArray(list)) throw new Error(`${owner} has no evidence array`);
  for (const ev of list) {
    if (!isObject(ev) || !isUnitNumber(ev.paragraph) || !str(ev.quote))
      throw new Error(`${owner} has evidence without a unit number and a quote`);
  }
}

/** Checks the shape of a loaded file enough to render it safely; throws a plain Error naming the first problem. */
export function assertGraphExport(value: unknown): asserts value is GraphExport {
  if (!isObject(value)) throw new Error('not a JSON object');
  if (value.format !== GRAPH_EXPORT_FORMAT) throw new Error(`format is not "${GRAPH_EXPORT_FORMAT}"`);
  if (value.version !== GRAPH_EXPORT_VERSION) throw new Error(`unsupported version ${label(value.version)}`);
  if (!str(value.documentId) || !str(value.title)) throw new Error('documentId or title is not text');
  if (!isCount(value.revision)) throw new Error('revision is not a whole number');
  for (const key of ['units', 'nodes', 'edges', 'sections'] as const) {
    if (!Array.isArray(value[key])) throw new Error(`${key} is not an array`);
  }
  for (const u of value.units as unknown[]) {
    if (!isObject(u) || !isUnitNumber(u.n) || !str(u.text)) throw new Error('a unit lacks a unit number n or its text');
  }
  for (const s of value.sections as unknown[]) {
    if (!isObject(s) || !str(s.id) || !str(s.title) || !isCount(s.firstUnit) || !isCount(s.lastUnit))
      throw new Error('a section lacks id, title or unit range');
  }
  const ids = new Set<string>();
  for (const n of value.nodes as unknown[]) {
    if (!isObject(n) || !str(n.id) || !str(n.text) || !str(n.quote)) throw new Error('a node lacks id, text or quote');
    if (ids.has(n.id)) throw new Error(`node ${label(n.id)} appears twice`);
    ids.add(n.id);
    if (!TYPES.has(n.type)) throw new Error(`node ${label(n.id)} has an unknown type ${label(n.type)}`);
    if (n.paragraph !== null && !isUnitNumber(n.paragraph))
      throw new Error(`node ${label(n.id)} has a paragraph that is not a unit number`);
    if (!GROUNDING.has(n.groundingStatus) || !ENTAILMENT.has(n.entailmentStatus))
      throw new Error(`node ${label(n.id)} has an unknown status`);
    if (n.confidence !== undefined && !(typeof n.confidence === 'number' && n.confidence >= 0 && n.confidence <= 1)) {
      throw new Error(`node ${label(n.id)} has a confidence outside 0..1`);
    }
    if (n.sectionId !== undefined && !str(n.sectionId))
      throw new Error(`node ${label(n.id)} has a section id that is not text`);
    checkEvidence(n.evidence, `node ${label(n.id)}`);
  }
  for (const e of value.edges as unknown[]) {
    if (!isObject(e) || !str(e.id) || !str(e.fromNodeId) || !str(e.toNodeId))
      throw new Error('an edge lacks its id or ends');
    if (!ids.has(e.fromNodeId) || !ids.has(e.toNodeId))
      throw new Error(`edge ${label(e.id)} joins a node the file does not hold`);
    if (!RELATION_SET.has(e.relation))
      throw new Error(`edge ${label(e.id)} has an unknown relation ${label(e.relation)}`);
    checkEvidence(e.evidence, `edge ${label(e.id)}`);
  }
  // The concept layer (optional: files written before it have none): each mention joins two nodes the file holds.
  if (value.mentions === undefined) return;
  if (!Array.isArray(value.mentions)) throw new Error('mentions is not an array');
  const mentionIds = new Set<string>();
  for (const m of value.mentions as unknown[]) {
    if (!isObject(m) || !str(m.id) || !str(m.nodeId) || !str(m.conceptId) || !str(m.term) || m.term === '')
      throw new Error('a mention lacks its id, ends or term');
    if (mentionIds.has(m.id)) throw new Error(`mention ${label(m.id)} appears twice`);
    mentionIds.add(m.id);
    if (!ids.has(m.nodeId) || !ids.has(m.conceptId))
      throw new Error(`mention ${label(m.id)} joins a node the file does not hold`);
    checkEvidence(m.evidence, `mention ${label(m.id)}`);
    if ((m.evidence as unknown[]).length === 0) throw new Error(`mention ${label(m.id)} has no evidence`);
  }
}
