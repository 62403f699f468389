// A Cypher script that loads a document graph into Neo4j (cypher-shell -f FILE, or pasted into Neo4j Browser):
// one :KgDocument node, every node as :KgNode plus its type as a label (counter_example → :CounterExample), every
// relation as a relationship of its own type (counter_example → :COUNTER_EXAMPLE), and the concept layer's mentions
// as :MENTIONS, never among the relations. Only fixed text goes into comments; untrusted text is written as Cypher
// string literals (backslash escapes for quotes, backslashes and controls; lone surrogates → U+FFFD), names as
// backtick-quoted identifiers. Neo4j has no null properties, so an absent anchor or confidence is left out.
import type { KgEdge, KgNode, Mention } from '../schema';
import { LONE_SURROGATE, evidenceUnits, type GraphFileMeta, type GraphFileWriter } from './writer';

const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: controls are escaped, never written raw.
const ESCAPED = /[\\'\u0000-\u001f\u007f\u2028\u2029]/g;

/** A Cypher string literal of any text. */
export function cypherString(s: string): string {
  const body = s
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(ESCAPED, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `'${body}'`;
}

/** A backtick-quoted name (labels, relationship types, keys). */
export const cypherName = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** The label of a node type: fact → Fact, counter_example → CounterExample. */
export const typeLabel = (type: string) =>
  type
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** The relationship type of a relation: is_a → IS_A. */
export const relationType = (relation: string) => relation.toUpperCase();

export const MENTION_TYPE = 'MENTIONS';

type Value = string | number | readonly string[] | readonly number[] | null | undefined;

function literal(value: Exclude<Value, null | undefined>): string {
  if (typeof value === 'string') return cypherString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0';
  return `[${(value as ReadonlyArray<string | number>).map((v) => literal(v)).join(', ')}]`;
}

/** A property map, leaving out what Neo4j cannot store (null). */
function props(map: Record<string, Value>): string {
  const entries = Object.entries(map).filter((e): e is [string, Exclude<Value, null | undefined>] => e[1] != null);
  return `{${entries.map(([k, v]) => `${cypherName(k)}: ${literal(v)}`).join(', ')}}`;
}

export function cypherWriter(meta: GraphFileMeta): GraphFileWriter {
  const doc = cypherString(meta.documentId);
  const nodeRef = (variable: string, id: string) =>
    `(${variable}:KgNode {documentId: ${doc}, id: ${cypherString(id)}})`;
  const link = (from: string, to: string, type: string, map: Record<string, Value>) =>
    `MATCH ${nodeRef('a', from)} MATCH ${nodeRef('b', to)} CREATE (a)-[:${cypherName(type)} ${props(map)}]->(b);\n`;
  return {
    head() {
      return (
        '// A kg-workbench graph for Neo4j 5: run with `cypher-shell -f FILE` (or paste it into Neo4j Browser).\n' +
        '// Nodes are :KgNode with their type as a second label; relations are relationships of their own type.\n' +
        'CREATE INDEX kg_node_key IF NOT EXISTS FOR (n:KgNode) ON (n.documentId, n.id);\n' +
        `CREATE (:KgDocument ${props({ id: meta.documentId, title: meta.title, revision: meta.revision })});\n`
      );
    },
    node(n: KgNode) {
      const map = props({
        id: n.id,
        type: n.type,
        text: n.text,
        quote: n.quote,
        unit: n.paragraph,
        evidenceUnits: evidenceUnits(n.evidence),
        evidenceQuotes: n.evidence.map((e) => e.quote),
        groundingStatus: n.groundingStatus,
        entailmentStatus: n.entailmentStatus,
        confidence: n.confidence,
        sectionId: n.sectionId,
      });
      return `CREATE (:KgNode:${cypherName(typeLabel(n.type))} {documentId: ${doc}, ${map.slice(1)});\n`;
    },
    between: () => '',
    edge(e: KgEdge) {
      return link(e.fromNodeId, e.toNodeId, relationType(e.relation), {
        id: e.id,
        relation: e.relation,
        quote: e.evidence[0]?.quote,
        unit: e.evidence[0]?.paragraph,
        evidenceUnits: evidenceUnits(e.evidence),
        evidenceQuotes: e.evidence.map((ev) => ev.quote),
      });
    },
    mention(m: Mention) {
      return link(m.nodeId, m.conceptId, MENTION_TYPE, {
        id: m.id,
        term: m.term,
        quote: m.evidence[0]?.quote,
        unit: m.evidence[0]?.paragraph,
      });
    },
    tail: () => '',
  };
}
