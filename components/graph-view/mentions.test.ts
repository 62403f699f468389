// The concept layer in the graph view (issue 25): mentions are drawn apart from the relations (no arrow, no chip,
// no edge id), hidden by their filter, counted in a node's degree for its size, and join the piece the view opens on.
import { describe, expect, it } from 'vitest';
import { placeEdgeLabels } from '../../core/layout/labels';
import { MENTION_LINK } from '../../core/layout/relations';
import { DEGREE_GROWTH, degreeInset, nodeSize } from '../../core/layout/text-size';
import type { LayoutResult } from '../../core/layout/types';
import type { KgEdge, KgNode, Mention } from '../../core/schema';
import { graphViewStyles } from './graph-view.styles';
import { LayoutRunner, mentionLinkId } from './layout-runner';
import { DARK, LIGHT } from './palette';
import { renderLayers, type SceneState } from './render-scene';
import { buildScene, sceneWithin } from './scene';
import { fitTransform, openingTransform } from './viewport-math';

const node = (id: string, type: KgNode['type'] = 'fact', text = `Text of ${id}`): KgNode => ({
  id,
  type,
  text,
  paragraph: 1,
  quote: '',
  evidence: [],
  groundingStatus: 'grounded',
  entailmentStatus: 'unverified',
});
const edge = (id: string, from: string, to: string): KgEdge => ({
  id,
  fromNodeId: from,
  toNodeId: to,
  relation: 'causes',
  evidence: [],
});
const mention = (id: string, nodeId: string, conceptId: string, term = 'energy'): Mention => ({
  id,
  nodeId,
  conceptId,
  term,
  evidence: [{ documentId: 'doc', sourceId: 'src', chunkId: 'ch', paragraph: 1, quote: term }],
});

const place = (id: string, x: number, y: number) => ({ id, x, y, width: 100, height: 40 });
const straight = (id: string, a: [number, number], b: [number, number]) => ({ id, points: [a, b] });

// a → b (a relation); c, d, e name the concept k (mentions); k2 lies outside the window, named by d.
const nodes = [node('a'), node('b'), node('c'), node('d'), node('e'), node('k', 'concept', 'energy')];
const outside = node('k2', 'concept', 'entropy');
const edges = [edge('ab', 'a', 'b')];
const mentions = [mention('m1', 'c', 'k'), mention('m2', 'd', 'k'), mention('m3', 'e', 'k'), mention('m4', 'd', 'k2')];
const layout: LayoutResult = {
  width: 2000,
  height: 600,
  nodes: [
    place('a', 20, 20),
    place('b', 200, 20),
    place('c', 1200, 300),
    place('d', 1400, 300),
    place('e', 1600, 300),
    place('k', 1400, 450),
    place('k2', 1800, 450),
  ],
  edges: [
    { ...straight('ab', [120, 40], [200, 40]), label: { x: 140, y: 60, width: 40, height: 16 } },
    straight(mentionLinkId('m1'), [1250, 340], [1450, 450]),
  ],
};
const state: SceneState = {
  lang: 'en',
  selectedNodeId: null,
  highlightNodeIds: new Set(),
  highlightEdgeIds: new Set(),
  issueNodeSeverity: new Map(),
  issueEdgeSeverity: new Map(),
  rovingId: null,
  weakNodeIds: new Set(),
};

function sceneOf() {
  return buildScene(layout, nodes, edges, () => ['x'], undefined, {
    mentions,
    concepts: [outside],
    routeId: mentionLinkId,
  });
}

/** The static markup of a Lit template and every nested template or array in its values, for string checks. */
function markup(value: unknown): string {
  if (Array.isArray(value)) return value.map(markup).join('');
  if (value && typeof value === 'object' && 'strings' in value && 'values' in value) {
    const t = value as { strings: readonly string[]; values: unknown[] };
    return t.strings.map((s, i) => s + (i < t.values.length ? markup(t.values[i]) : '')).join('');
  }
  // A repeat(items, key, template) directive: the templates of its items.
  if (value && typeof value === 'object' && 'values' in value) {
    const [items, , template] = (value as { values: unknown[] }).values;
    if (Array.isArray(items) && typeof template === 'function')
      return items.map((x, i) => markup(template(x, i))).join('');
  }
  return typeof value === 'string' ? value : '';
}

describe('mentions in the scene', () => {
  it('are a layer of their own: not edges, no chip, the route the layout gave or a straight line', () => {
    const scene = sceneOf();
    expect(scene.edges.map((e) => e.id)).toEqual(['ab']);
    expect(scene.placedLabels.map((e) => e.id)).toEqual(['ab']);
    expect(scene.edgeById.has('m1')).toBe(false);
    expect(scene.mentions.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(scene.mentions[0].d).toBe('M1250 340L1450 450');
    expect(scene.mentions[1].d).toBe('M1450 320L1450 470'); // no route: centre to centre
  });

  it('draw concepts outside the window as nodes marked outside, so every mention has two ends', () => {
    const scene = sceneOf();
    expect(scene.nodeById.get('k2')?.outside).toBe(true);
    expect(scene.nodeById.get('k')?.outside).toBeUndefined();
    expect(scene.mentions.find((m) => m.id === 'm4')).toBeDefined();
  });

  it('render thin, dashed and arrowless under a distinct class, with no edge id and the term on hover', () => {
    const scene = sceneOf();
    const html = markup(renderLayers(sceneWithin(scene, { x: 0, y: 0, width: 2000, height: 600 }), state));
    const mentionsLayer = html.slice(html.indexOf('class="mentions"'), html.indexOf('class="edges"'));
    expect(mentionsLayer).toContain('class="mention"');
    expect(mentionsLayer).toContain('data-mention-id=');
    expect(mentionsLayer).not.toContain('marker-end');
    expect(mentionsLayer).not.toContain('data-edge-id');
    expect(mentionsLayer).not.toContain('part="edge"');
    expect(mentionsLayer).toContain('<title>');
    const css = graphViewStyles.cssText;
    const width = (rule: string) => Number(new RegExp(`${rule} \\{[^}]*stroke-width: ([\\d.]+)px`).exec(css)?.[1]);
    expect(width('\\.mention \\.line')).toBeLessThan(width('\\.edge \\.line'));
    expect(css).toMatch(/\.mention \.line \{[^}]*stroke-dasharray/);
  });

  it('have a muted colour of their own, apart from the relation, highlight and type colours', () => {
    for (const p of [LIGHT, DARK]) {
      const others = [p.edge, p.edgeHighlight, p.selected, p.flash, ...Object.values(p.types)];
      expect(others).not.toContain(p.mention);
    }
  });
});

describe('a mention beside a relation of the same two nodes', () => {
  it('is not drawn, placed or counted (it would only double the relation)', () => {
    const both = [...mentions, mention('m6', 'a', 'b', 'Text')];
    const scene = buildScene(layout, nodes, edges, () => ['x'], undefined, { mentions: both, concepts: [outside] });
    expect(scene.mentions.map((m) => m.id)).not.toContain('m6');
    const runner = new LayoutRunner();
    runner.setData(nodes, edges, 4, both, [outside]);
    expect(runner.graph.edges.map((e) => e.id)).not.toContain(mentionLinkId('m6'));
    expect(runner.degree.get('a')).toBe(1);
  });
});

describe('the mentions filter', () => {
  it('hides the mentions layer and the outside concepts under hide-mentions', () => {
    const css = graphViewStyles.cssText;
    expect(css).toMatch(
      /:host\(\[hide-mentions\]\) \.mentions,\s*:host\(\[hide-mentions\]\) \.node\.outside \{\s*display: none;/,
    );
  });
});

describe('layouts take mentions as light links', () => {
  it('gives every layout the mentions after the relations, labelled MENTION_LINK, and places no chip for them', () => {
    const runner = new LayoutRunner();
    runner.setData(nodes, edges, 4, mentions, [outside]);
    const g = runner.graph;
    expect(g.nodes.map((n) => n.id)).toContain('k2');
    expect(g.edges.map((e) => e.label)).toEqual(['causes', MENTION_LINK, MENTION_LINK, MENTION_LINK, MENTION_LINK]);
    expect(runner.edges.map((e) => e.id)).toEqual(['ab']); // keyboard adjacency: relations only
    const labelled = placeEdgeLabels(layout, g);
    expect(labelled.edges.find((e) => e.id === mentionLinkId('m1'))?.label).toBeUndefined();
    expect(labelled.edges.find((e) => e.id === 'ab')?.label).toBeDefined();
  });
});

describe('the layered layout takes only the mentions that place a relation-less concept', () => {
  it('sends the server the relations and one mention per concept no relation touches', () => {
    const runner = new LayoutRunner();
    // k (no relation) is named by c, d and e; a is named too, but a has a relation (a → b).
    runner.setData(nodes, edges, 4, [...mentions, mention('m5', 'c', 'a', 'Text')], [outside]);
    expect(runner.layeredGraph.edges.map((e) => e.id)).toEqual(['ab', mentionLinkId('m1'), mentionLinkId('m4')]);
    expect(runner.graph.edges).toHaveLength(6); // every mention counts in the degree; each layout places three
  });
});

describe('outside concepts the layout left out', () => {
  it('sit under the statements naming them, and the server is sent at most GRAPH_VIEW_LIMIT nodes', () => {
    const result = { ...layout, nodes: layout.nodes.filter((n) => n.id !== 'k2') };
    const scene = buildScene(result, nodes, edges, () => ['x'], undefined, { mentions, concepts: [outside] });
    const k2 = scene.nodeById.get('k2')!;
    expect(k2).toMatchObject({ x: 1450 - 60, y: 340 + 24 });
    const many = Array.from({ length: 800 }, (_, i) => node(`w${i}`));
    const far = Array.from({ length: 5 }, (_, i) => node(`o${i}`, 'concept', 'term'));
    const runner = new LayoutRunner();
    runner.setData(
      many,
      [],
      4,
      far.map((c, i) => mention(`x${i}`, `w${i}`, c.id)),
      far,
    );
    expect(runner.graph.nodes).toHaveLength(805);
    expect(runner.layeredGraph.nodes).toHaveLength(800);
    expect(runner.layeredGraph.edges).toHaveLength(0);
  });
});

describe('node size by degree (relations + mentions)', () => {
  it('grows with the degree within DEGREE_GROWTH.max and keeps the lines', () => {
    const hub = node('hub', 'concept', 'energy');
    const statements = Array.from({ length: 40 }, (_, i) => node(`s${i}`));
    const runner = new LayoutRunner();
    runner.setData(
      [hub, ...statements],
      [edge('r', 's0', 's1')],
      4,
      statements.map((s, i) => mention(`m${i}`, s.id, 'hub')),
    );
    const base = nodeSize('energy', 'concept');
    const sized = runner.graph.nodes.find((n) => n.id === 'hub')!;
    expect(sized.width).toBe(base.width + 2 * DEGREE_GROWTH.max);
    expect(sized.height).toBe(base.height + 2 * DEGREE_GROWTH.max);
    expect(runner.linesOf('hub')).toEqual(base.lines);
    expect(runner.insetOf('hub')).toBe(DEGREE_GROWTH.max);
    // s0: one relation + one mention; s2: one mention (a leaf keeps its measured box).
    expect(runner.insetOf('s0')).toBe(degreeInset(2));
    expect(runner.insetOf('s2')).toBe(0);
    expect(runner.graph.nodes.find((n) => n.id === 's2')!.width).toBe(nodeSize('Text of s2').width);
    expect(degreeInset(0)).toBe(0);
    expect(degreeInset(4)).toBeGreaterThan(degreeInset(2));
    expect(degreeInset(10_000)).toBe(DEGREE_GROWTH.max);
  });

  it('draws the lines inset in a grown box, so the text stays inside it', () => {
    const scene = buildScene(layout, nodes, edges, () => ['x'], undefined, { insetOf: (id) => (id === 'k' ? 6 : 0) });
    expect(scene.nodeById.get('k')?.textTransform).toBe('translate(6,6)');
    expect(scene.nodeById.get('a')?.textTransform).toBeUndefined();
  });
});

describe('the opening view', () => {
  it('is the largest connected piece, relations and mentions both joining', () => {
    const scene = sceneOf();
    // c, d, e, k, k2 (joined by mentions only) outnumber a → b.
    expect(scene.mainPiece.nodes.map((n) => n.id).sort()).toEqual(['c', 'd', 'e', 'k', 'k2']);
    expect(scene.mainPiece.bounds).toEqual({ x: 1200, y: 300, width: 700, height: 190 });
    const viewport = { width: 1280, height: 800 };
    const t = openingTransform(scene.mainPiece.bounds, scene.mainPiece.nodes, viewport);
    expect(t).toEqual(fitTransform(scene.mainPiece.bounds, viewport));
    // The piece fills the view: its box lies inside the viewport, touching the padding on one axis.
    const left = scene.mainPiece.bounds.x * t.k + t.x;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(Math.round(left + scene.mainPiece.bounds.width * t.k)).toBeLessThanOrEqual(1280);
  });

  it('without mentions is the largest relation piece', () => {
    const scene = buildScene(layout, nodes, edges, () => ['x']);
    expect(scene.mainPiece.nodes.map((n) => n.id)).toEqual(['a', 'b']);
  });
});
