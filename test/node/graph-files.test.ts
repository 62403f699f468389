// The graph files for other tools, read back by real readers: GraphML by graphology-graphml (after saxes, a strict
// XML 1.0 parser, has found it well-formed: xmldom under graphology forgives bare `&` and control characters), the Cytoscape.js JSON by cytoscape headless, the Cypher script by
// Neo4j's own Cypher 5 parser (@neo4j-cypher/language-support). Graphs: two QA texts through the built-in extractor
// and the concept layer, and one graph of hostile text (quotes, backslashes, newlines, `<`, `&`, controls, lone
// surrogates, Chinese). Counts, texts, quotes and units must come back equal to the JSON export's.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import cytoscape from 'cytoscape';
import { MultiDirectedGraph } from 'graphology';
import { parse as parseGraphml } from 'graphology-graphml';
import { SaxesParser } from 'saxes';
import { beforeAll, describe, expect, it } from 'vitest';
import { withConceptLayer } from '../../core/concepts';
import { cypherWriter } from '../../core/export/cypher';
import { cytoscapeWriter } from '../../core/export/cytoscape';
import { GRAPH_FILES, writeWhole } from '../../core/export/files';
import { graphmlWriter } from '../../core/export/graphml';
import { runPipeline } from '../../core/extract/pipeline';
import { createHeuristicExtractor } from '../../core/extractors/heuristic';
import type { KgEdge, KgNode, Mention } from '../../core/schema';
import { segment } from '../../core/units';
import { systemScheduler } from '../support/scheduler';

// The package's ESM build imports without file extensions, which Node's loader refuses; its CommonJS build loads.
const cypher = createRequire(import.meta.url)('@neo4j-cypher/language-support') as {
  lintCypherQuery(q: string, schema: object): Array<{ severity: number; message: string }>;
  parserWrapper: {
    parse(q: string): {
      statementsParsing: Array<{
        ctx: ParseTree;
        collectedLabelOrRelTypes: Array<{ labelText: string; couldCreateNewLabel: boolean }>;
      }>;
    };
  };
};
interface ParseTree {
  constructor: { name: string };
  children?: ParseTree[] | null;
  getText(): string;
}

interface Graph {
  documentId: string;
  title: string;
  revision: number;
  nodes: KgNode[];
  edges: KgEdge[];
  mentions: Mention[];
}

async function qaGraph(name: string): Promise<Graph> {
  const text = readFileSync(new URL(`../fixtures/qa/${name}.txt`, import.meta.url), 'utf8');
  const { units } = segment(text);
  const { graph } = await runPipeline({
    documentId: `qa-${name}`,
    sourceId: `qa-${name}`,
    title: name,
    units,
    extractor: createHeuristicExtractor(),
    concurrency: 1,
    scheduler: systemScheduler,
  });
  const layered = withConceptLayer(graph, units);
  return {
    documentId: `qa-${name}`,
    title: `${name} "QA" <set> & co`,
    revision: 1,
    nodes: layered.nodes,
    edges: layered.edges,
    mentions: layered.mentions ?? [],
  };
}

const HOSTILE = `He said "it's" \\ 'fine'\nline two\r\nthree\t<b>&amp;</b> ]]> -- */ // \`tick\` 中文“引号”，😀`;
const ev = (quote: string, paragraph = 1) => ({ documentId: 'd', sourceId: 's', chunkId: 'c', paragraph, quote });
function hostileGraph(): Graph {
  const node = (id: string, text: string, quote: string, paragraph: number | null): KgNode => ({
    id,
    type: id === 'n2' ? 'counter_example' : 'fact',
    text,
    paragraph,
    quote,
    evidence: paragraph === null ? [] : [ev(quote, paragraph)],
    groundingStatus: paragraph === null ? 'unsupported' : 'grounded',
    entailmentStatus: 'unverified',
    ...(id === 'n1' ? { confidence: 0.75, sectionId: 's1' } : {}),
  });
  return {
    documentId: 'doc\'"<&>',
    title: `Title ${HOSTILE}`,
    revision: 3,
    nodes: [
      node('n1', HOSTILE, `${HOSTILE} quote`, 2),
      node('n2', 'ctrl \u0000\u0001\u0008\u000b\u001f\u007f end, lone \ud800 surrogate', 'x\u2028y', 3),
      node('n\'3"<', '中文节点：知识图谱“证据”', '', null),
    ],
    edges: [
      { id: 'e1', fromNodeId: 'n1', toNodeId: 'n2', relation: 'counter_example', evidence: [ev(HOSTILE, 2)] },
      { id: 'e2', fromNodeId: 'n2', toNodeId: 'n\'3"<', relation: 'is_a', evidence: [ev('a', 3), ev('b', 4)] },
      { id: 'e3', fromNodeId: 'n1', toNodeId: 'n2', relation: 'supports', evidence: [ev('parallel', 2)] },
    ],
    mentions: [{ id: 'm1', nodeId: 'n1', conceptId: 'n\'3"<', term: '知识<&>', evidence: [ev('知识<&>', 2)] }],
  };
}

/** What XML 1.0 can hold of a string: the writer's documented replacement, applied independently here. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids.
const XML_UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])/g;
const xmlSafe = (s: string) => s.replace(XML_UNSAFE, '\uFFFD');
const noLone = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])/g, '\uFFFD');

function readGraphml(xml: string): MultiDirectedGraph {
  const strict = new SaxesParser({ xmlns: true });
  let error: Error | undefined;
  strict.on('error', (e) => {
    error ??= e;
  });
  strict.write(xml).close();
  if (error) throw new Error(`not well-formed XML: ${error.message}`);
  return parseGraphml(MultiDirectedGraph, xml) as MultiDirectedGraph;
}

function readCytoscape(text: string) {
  const file = JSON.parse(text);
  return { file, cy: cytoscape({ headless: true, styleEnabled: false, elements: file.elements }) };
}

/** Cypher string literal → string (the Cypher manual's escapes), written apart from the writer's escaper. */
function decodeCypherString(literal: string): string {
  const quote = literal[0];
  expect(quote === "'" || quote === '"').toBe(true);
  const body = literal.slice(1, -1);
  const simple: Record<string, string> = {
    t: '\t',
    b: '\b',
    n: '\n',
    r: '\r',
    f: '\f',
    "'": "'",
    '"': '"',
    '\\': '\\',
  };
  return body.replace(/\\(u[0-9a-fA-F]{4}|.)/gs, (_m, e: string) =>
    e.length === 5 ? String.fromCharCode(Number.parseInt(e.slice(1), 16)) : (simple[e] ?? fail(`bad escape \\${e}`)),
  );
}
function fail(message: string): never {
  throw new Error(message);
}

interface CypherStatement {
  labels: string[];
  /** key → value of every property map written in the statement, in order (maps of the two MATCHed ends first). */
  maps: Array<Record<string, unknown>>;
}

/**
 * Errors (severity 1) of Neo4j's own Cypher front end, which the linter runs on each statement (its ANTLR parse
 * alone recovers from errors and reports none): syntax and semantics, unbound variables among them. About 70 ms a
 * statement here, so it reads the Chinese QA graph's script and the hostile one; the English one is read by the
 * parse tree only.
 */
const lintErrors = (script: string) => cypher.lintCypherQuery(script, {}).filter((d) => d.severity === 1);

/** Each statement's labels and property maps, from the parse tree of Neo4j's Cypher grammar. */
function readCypher(script: string): CypherStatement[] {
  const parsed = cypher.parserWrapper.parse(script);
  const out: CypherStatement[] = [];
  for (const s of parsed.statementsParsing) {
    if (!s.ctx.getText().trim() || s.ctx.getText() === '<EOF>') continue;
    const maps: Array<Record<string, unknown>> = [];
    const walk = (t: ParseTree) => {
      if (t.constructor.name === 'MapContext') maps.push(mapOf(t));
      for (const c of t.children ?? []) walk(c);
    };
    walk(s.ctx);
    out.push({ labels: s.collectedLabelOrRelTypes.map((l) => l.labelText.replace(/^`|`$/g, '')), maps });
  }
  return out;
}

function find(t: ParseTree, name: string): ParseTree[] {
  if (t.constructor.name === name) return [t];
  return (t.children ?? []).flatMap((c) => find(c, name));
}

/** A map literal's entries: keys (backticks undone), values as strings, numbers or lists of them. */
function mapOf(map: ParseTree): Record<string, unknown> {
  const kids = map.children ?? [];
  const entry: Record<string, unknown> = {};
  for (let i = 0; i < kids.length; i++) {
    if (kids[i]!.constructor.name !== 'PropertyKeyNameContext') continue;
    const key = kids[i]!.getText().replace(/^`|`$/g, '').replace(/``/g, '`');
    entry[key] = valueOfExpression(kids[i + 2]!);
  }
  return entry;
}
function valueOfExpression(expression: ParseTree): unknown {
  const strings = find(expression, 'StringLiteralContext');
  if (find(expression, 'ListLiteralContext').length) {
    const numbers = find(expression, 'NumberLiteralContext');
    return strings.length
      ? strings.map((s) => decodeCypherString(s.getText()))
      : numbers.map((n) => Number(n.getText()));
  }
  if (strings.length) return decodeCypherString(strings[0]!.getText());
  return Number(expression.getText());
}

function cypherCounts(statements: CypherStatement[]) {
  const nodes = statements.filter((s) => s.labels[0] === 'KgNode' && s.labels.length === 2 && s.maps.length === 1);
  const links = statements.filter((s) => s.maps.length === 3);
  return { nodes, links };
}

describe('graph files read back by real readers', { timeout: 60_000 }, () => {
  const graphs: Graph[] = [];
  beforeAll(async () => {
    // Two QA texts, English and Chinese, through the built-in extractor and the concept layer.
    graphs.push(await qaGraph('antibiotics.en'), await qaGraph('groundwater.zh'));
  });

  it('GraphML (graphology-graphml, strict XML): counts, types, texts, quotes, units and relations equal', () => {
    for (const g of graphs) {
      expect(g.nodes.length).toBeGreaterThan(10);
      expect(g.edges.length).toBeGreaterThan(3);
      const read = readGraphml(writeWhole(graphmlWriter, g));
      expect(read.order).toBe(g.nodes.length);
      const kinds = read.mapEdges((_e, a) => a.kind as string);
      expect(kinds.filter((k) => k === 'relation')).toHaveLength(g.edges.length);
      expect(kinds.filter((k) => k === 'mention')).toHaveLength(g.mentions.length);
      expect(read.getAttribute('title')).toBe(g.title);
      for (const n of g.nodes) {
        const a = read.getNodeAttributes(n.id);
        expect(a).toMatchObject({ type: n.type, text: n.text, quote: n.quote, groundingStatus: n.groundingStatus });
        expect(a.unit).toBe(n.paragraph ?? undefined);
      }
      for (const e of g.edges) {
        const a = read.getEdgeAttributes(e.id);
        expect(read.source(e.id)).toBe(e.fromNodeId);
        expect(read.target(e.id)).toBe(e.toNodeId);
        expect(a).toMatchObject({ relation: e.relation, quote: e.evidence[0]!.quote, unit: e.evidence[0]!.paragraph });
      }
    }
  });

  it('Cytoscape.js JSON (cytoscape headless): counts, fields and ends equal', () => {
    for (const g of graphs) {
      const { file, cy } = readCytoscape(writeWhole(cytoscapeWriter, g));
      expect(file).toMatchObject({ format_version: '1.0', generated_by: 'kg-workbench' });
      expect(cy.nodes()).toHaveLength(g.nodes.length);
      expect(cy.edges('.relation')).toHaveLength(g.edges.length);
      expect(cy.edges('.mention')).toHaveLength(g.mentions.length);
      for (const n of g.nodes) {
        expect(cy.getElementById(n.id).data()).toMatchObject({
          type: n.type,
          text: n.text,
          quote: n.quote,
          unit: n.paragraph,
        });
      }
      for (const e of g.edges) {
        const edge = cy.getElementById(e.id);
        expect(edge.source().id()).toBe(e.fromNodeId);
        expect(edge.target().id()).toBe(e.toNodeId);
        expect(edge.data()).toMatchObject({
          relation: e.relation,
          quote: e.evidence[0]!.quote,
          unit: e.evidence[0]!.paragraph,
        });
      }
    }
  });

  it('Cypher (Neo4j Cypher 5 parser): every statement parses; one per node and per link, types as labels', () => {
    for (const g of graphs) {
      const script = writeWhole(cypherWriter, g);
      if (g.documentId.endsWith('.zh')) expect(lintErrors(script)).toEqual([]);
      const statements = readCypher(script);
      const { nodes, links } = cypherCounts(statements);
      expect(nodes).toHaveLength(g.nodes.length);
      expect(links).toHaveLength(g.edges.length + g.mentions.length);
      nodes.forEach((s, i) => {
        const n = g.nodes[i]!;
        expect(s.labels[1]).toBe(n.type.replace(/(^|_)(\w)/g, (_m, _u, c: string) => c.toUpperCase()));
        expect(s.maps[0]).toMatchObject({ documentId: g.documentId, id: n.id, text: n.text, quote: n.quote });
        expect(s.maps[0]!.unit).toBe(n.paragraph ?? undefined);
      });
      g.edges.forEach((e, i) => {
        const s = links[i]!;
        expect(s.labels).toEqual(['KgNode', 'KgNode', e.relation.toUpperCase()]);
        expect(s.maps[0]!.id).toBe(e.fromNodeId);
        expect(s.maps[1]!.id).toBe(e.toNodeId);
        expect(s.maps[2]).toMatchObject({ id: e.id, quote: e.evidence[0]!.quote, unit: e.evidence[0]!.paragraph });
      });
      expect(links.slice(g.edges.length).every((s) => s.labels[2] === 'MENTIONS')).toBe(true);
    }
  });

  it('hostile text survives each format exactly (XML: what it cannot hold becomes U+FFFD)', () => {
    const g = hostileGraph();
    const xml = readGraphml(writeWhole(graphmlWriter, g));
    expect(xml.getAttribute('title')).toBe(xmlSafe(g.title));
    expect(xml.order).toBe(3);
    expect(xml.size).toBe(4);
    for (const n of g.nodes) {
      expect(xml.getNodeAttributes(n.id)).toMatchObject({ text: xmlSafe(n.text), quote: xmlSafe(n.quote) });
    }
    expect(xml.getEdgeAttributes('e1').quote).toBe(HOSTILE);
    expect(xml.getEdgeAttributes('m1')).toMatchObject({ kind: 'mention', term: '知识<&>' });
    expect(xml.getNodeAttributes('n1').confidence).toBe(0.75);

    const { cy } = readCytoscape(writeWhole(cytoscapeWriter, g));
    for (const n of g.nodes)
      expect(cy.getElementById(n.id).data()).toMatchObject({ text: noLone(n.text), quote: n.quote });
    expect(cy.getElementById('e1').data('quote')).toBe(HOSTILE);

    const script = writeWhole(cypherWriter, g);
    expect(lintErrors(script)).toEqual([]);
    const statements = readCypher(script);
    const { nodes, links } = cypherCounts(statements);
    expect(nodes.map((s) => s.maps[0]!.text)).toEqual(g.nodes.map((n) => noLone(n.text)));
    expect(nodes.map((s) => s.maps[0]!.quote)).toEqual(g.nodes.map((n) => n.quote));
    expect(nodes[0]!.maps[0]).toMatchObject({ documentId: g.documentId, confidence: 0.75, evidenceUnits: [2] });
    expect(links.map((s) => s.labels[2])).toEqual(['COUNTER_EXAMPLE', 'IS_A', 'SUPPORTS', 'MENTIONS']);
    expect(links[1]!.maps[2]).toMatchObject({ evidenceUnits: [3, 4], evidenceQuotes: ['a', 'b'] });
    expect(links[0]!.maps[2]!.quote).toBe(HOSTILE);
    // The document node carries the title; no untrusted text ever lands in a comment.
    expect(statements.find((s) => s.labels[0] === 'KgDocument')!.maps[0]!.title).toBe(g.title);
  });

  it('the readers refuse broken files: they are real checks, not pass-throughs', () => {
    const g = hostileGraph();
    const script = writeWhole(cypherWriter, g);
    // The same script with one quote left unescaped, and one statement cut short.
    const unescaped = script.replace("\\'fine\\'", "'fine'");
    expect(unescaped).not.toBe(script);
    expect(lintErrors(unescaped)[0]?.message).toMatch(/Invalid input 'fine'/);
    const cut = script.replace(/\]->\(b\);\n/, ']->(b;\n');
    expect(lintErrors(cut).length).toBeGreaterThan(0);
    expect(lintErrors("CREATE (:KgNode {id: 'x')").length).toBeGreaterThan(0);
    // Semantics too: a variable that nothing binds.
    expect(lintErrors('CREATE (a)-[:IS_A]->(b) RETURN c;')[0]?.message).toMatch(/Variable `c` not defined/);

    const xml = writeWhole(graphmlWriter, g);
    expect(() => readGraphml(xml.replace('&amp;amp;', '&amp'))).toThrow();
    expect(() => readGraphml(xml.replace('&lt;b&gt;', '<b>'))).toThrow();
    expect(() => readGraphml(xml.replace('\uFFFD', '\u0001'))).toThrow();

    expect(() => readCytoscape(writeWhole(cytoscapeWriter, g).replace('"source":"n1"', '"source":"nx"'))).toThrow();
  });

  it('each format has its media type', () => {
    expect(GRAPH_FILES.graphml.contentType).toMatch(/^application\/graphml\+xml/);
    expect(GRAPH_FILES['cytoscape.json'].contentType).toMatch(/^application\/json/);
    expect(GRAPH_FILES.cypher.contentType).toMatch(/^text\/plain/);
  });
});
