// SVG templates of the scene: edges, nodes and label chips, each a keyed repeat so a re-render (selection, focus,
// language) patches attributes in place. Every piece of document text goes through Lit text or attribute bindings.
// Bindings per item are kept few (positions arrive as ready-made strings), since 800 nodes and 1,600 edges make
// every binding count on the first frame.
import { nothing, svg, type SVGTemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { LABEL_CHIP, NODE_BOX } from '../../core/layout/text-size';
import { format, relationLabel, strings, typeLabel, type Lang } from './i18n';
import type { Scene, SceneEdge, SceneMention, SceneNode, ScenePart } from './scene';

export interface SceneState {
  lang: Lang;
  selectedNodeId: string | null;
  highlightNodeIds: ReadonlySet<string>;
  /** Highlighted and selected edges: drawn emphasised, their label chips always shown. */
  highlightEdgeIds: ReadonlySet<string>;
  /** Open verification issues' targets: `data-issue` carries the severity (the styles colour it). */
  issueNodeSeverity: ReadonlyMap<string, string>;
  issueEdgeSeverity: ReadonlyMap<string, string>;
  /** The node holding the roving tabindex. */
  rovingId: string | null;
  /** Candidate and unsupported nodes (their edges carry data-ungrounded, hidden with them by the filter). */
  weakNodeIds: ReadonlySet<string>;
}

/** What the host's properties say about the drawing (the graph view's reactive properties). */
export interface SceneView {
  lang: Lang;
  selectedNodeId: string | null;
  selectedEdgeId: string | null;
  highlightNodeIds: ReadonlySet<string>;
  highlightEdgeIds: ReadonlySet<string>;
  issueNodeSeverity: ReadonlyMap<string, string>;
  issueEdgeSeverity: ReadonlyMap<string, string>;
  rovingId: string | null;
}

const NONE: ReadonlySet<string> = new Set();
const NO_ISSUES: ReadonlyMap<string, string> = new Map();

/** Nodes, edges and placed chips of `part`: re-rendered only when the scene, the selection, the focus or the
 * language changes (never for pan, zoom, hover or the tooltip). */
export function renderDrawn(
  part: ScenePart | null,
  scene: Scene | null,
  v: SceneView,
): SVGTemplateResult | typeof nothing {
  if (!part) return nothing;
  const edgeIds = v.selectedEdgeId ? new Set([...(v.highlightEdgeIds ?? NONE), v.selectedEdgeId]) : v.highlightEdgeIds;
  return renderLayers(part, {
    lang: v.lang,
    selectedNodeId: v.selectedNodeId,
    highlightNodeIds: v.highlightNodeIds ?? NONE,
    highlightEdgeIds: edgeIds ?? NONE,
    issueNodeSeverity: v.issueNodeSeverity ?? NO_ISSUES,
    issueEdgeSeverity: v.issueEdgeSeverity ?? NO_ISSUES,
    rovingId: v.rovingId,
    weakNodeIds: scene?.weakNodeIds ?? NONE,
  });
}

/** Chips placement hid, for the hovered, selected and highlighted edges. */
export function renderRevealed(
  scene: Scene | null,
  v: SceneView,
  hoveredEdgeId: string | null,
): SVGTemplateResult | typeof nothing {
  if (!scene) return nothing;
  const ids = new Set(v.highlightEdgeIds ?? NONE);
  if (v.selectedEdgeId) ids.add(v.selectedEdgeId);
  if (hoveredEdgeId) ids.add(hoveredEdgeId);
  return renderRevealedLabels(scene, ids, v.lang);
}

/** The layers in drawing order: mentions (under everything), edges, nodes, placed label chips. */
export function renderLayers(part: ScenePart, state: SceneState): SVGTemplateResult {
  return svg`<g class="mentions" aria-hidden="true">${renderMentions(part.mentions, state)}</g><g class="edges" aria-hidden="true">${renderEdges(part.edges, state)}</g><g class="nodes">${renderNodes(part.nodes, state)}</g
    ><g class="labels" aria-hidden="true">${renderLabels(part.labels, state)}</g>`;
}

/** Mentions (issue 25): a thin dashed line without arrow, chip or edge id, so no relation card, chip or keyboard
 * step can reach one; hovering shows the term (the SVG title). */
export function renderMentions(mentions: readonly SceneMention[], state: SceneState): SVGTemplateResult {
  const s = strings(state.lang);
  return svg`${repeat(
    mentions,
    (m) => m.id,
    (m) => {
      const weak = state.weakNodeIds.has(m.mention.nodeId);
      return svg`<g class="mention" data-mention-id=${m.id} data-ungrounded=${weak ? '' : nothing}
        ><title>${format(state.lang, s.mentionOf, { term: m.mention.term })}</title><path class="hit" d=${m.d}></path><path class="line" d=${m.d}></path></g>`;
    },
  )}`;
}

/** Edges are decoration for assistive technology (nodes carry the names); they stay mouse targets. */
export function renderEdges(edges: readonly SceneEdge[], state: SceneState): SVGTemplateResult {
  return svg`${repeat(
    edges,
    (e) => e.id,
    (e) => {
      const hl = state.highlightEdgeIds.has(e.id);
      const weak = state.weakNodeIds.has(e.edge.fromNodeId) || state.weakNodeIds.has(e.edge.toNodeId);
      return svg`<g class=${hl ? 'edge highlight' : 'edge'} part="edge" data-edge-id=${e.id} data-issue=${state.issueEdgeSeverity.get(e.id) ?? nothing} data-ungrounded=${weak ? '' : nothing}
        ><path class="hit" d=${e.d}></path><path class="line" d=${e.d}
        marker-end=${hl ? 'url(#kg-arrow-hl)' : 'url(#kg-arrow)'}></path></g>`;
    },
  )}`;
}

export function renderNodes(nodes: readonly SceneNode[], state: SceneState): SVGTemplateResult {
  const s = strings(state.lang);
  return svg`${repeat(
    nodes,
    (n) => n.id,
    (n) => {
      const selected = n.id === state.selectedNodeId;
      const highlighted = state.highlightNodeIds.has(n.id);
      const unanchored = n.node.paragraph === null;
      const grounding = n.node.groundingStatus;
      const weak = grounding === 'candidate' || grounding === 'unsupported';
      const cls = `node${selected ? ' selected' : ''}${highlighted ? ' highlight' : ''}${unanchored && !n.outside ? ' unanchored' : ''}${weak ? ' ungrounded' : ''}${n.outside ? ' outside' : ''}`;
      // The full text is the accessible name (the box may show it shortened); weak grounding is said, not only drawn.
      const name = `${typeLabel(n.node.type, state.lang)}: ${n.node.text}${unanchored ? ` (${s.notAnchored})` : ''}${weak ? ` (${s[grounding]})` : ''}`;
      return svg`<g class=${cls} part="node" data-node-id=${n.id} data-type=${n.node.type} data-grounding=${weak ? grounding : nothing} data-issue=${state.issueNodeSeverity.get(n.id) ?? nothing} transform=${n.transform}
        role="graphics-symbol" aria-roledescription=${s.nodeRole} aria-label=${name}
        aria-selected=${selected || highlighted ? 'true' : 'false'} tabindex=${n.id === state.rovingId ? '0' : '-1'}
        ><rect class="box" width=${n.width} height=${n.height} rx="6"></rect>${weak ? weakMarks(n, grounding) : nothing}<text transform=${n.textTransform ?? nothing}>${nodeLines(n)}</text></g>`;
    },
  )}`;
}

/** Candidate and unsupported nodes: a hatched fill over the box and a corner marker (? or !), on top of the dotted
 * outline of the styles, so they differ from grounded nodes in shape, not in colour alone. */
function weakMarks(n: SceneNode, grounding: 'candidate' | 'unsupported'): SVGTemplateResult {
  return svg`<rect class="hatch" width=${n.width} height=${n.height} rx="6"></rect><g class="mark" transform=${`translate(${n.width - 2},2)`}
    ><circle r="7"></circle><text y="4" text-anchor="middle">${grounding === 'unsupported' ? '!' : '?'}</text></g>`;
}

/** True while core/layout's metrics are the ones the static line templates bake in. */
const STATIC_LINES =
  NODE_BOX.paddingX === 10 &&
  NODE_BOX.paddingY === 8 &&
  NODE_BOX.lineHeight === 16 &&
  NODE_BOX.fontSize === 12 &&
  NODE_BOX.maxLines <= 4;

function nodeLines(n: SceneNode): SVGTemplateResult[] {
  return n.lines.map((line, i) => {
    const fit = line.fit ?? nothing;
    return STATIC_LINES && i < LINE_TEMPLATES.length ? LINE_TEMPLATES[i](line.text, fit) : anyLine(i, line.text, fit);
  });
}

// One template per line position (x and y are static, so each line binds only its text and its optional fit).
// The y values follow NODE_BOX: paddingY 8 + index × lineHeight 16 + baseline 12 (the 12 px font size).
const LINE_TEMPLATES: Array<(text: string, fit: number | typeof nothing) => SVGTemplateResult> = [
  (text, fit) => svg`<tspan x="10" y="20" textLength=${fit} lengthAdjust="spacingAndGlyphs">${text}</tspan>`,
  (text, fit) => svg`<tspan x="10" y="36" textLength=${fit} lengthAdjust="spacingAndGlyphs">${text}</tspan>`,
  (text, fit) => svg`<tspan x="10" y="52" textLength=${fit} lengthAdjust="spacingAndGlyphs">${text}</tspan>`,
  (text, fit) => svg`<tspan x="10" y="68" textLength=${fit} lengthAdjust="spacingAndGlyphs">${text}</tspan>`,
];

/** Any line position, for metrics other than the ones LINE_TEMPLATES bakes in. */
function anyLine(i: number, text: string, fit: number | typeof nothing): SVGTemplateResult {
  return svg`<tspan x=${NODE_BOX.paddingX} y=${NODE_BOX.paddingY + i * NODE_BOX.lineHeight + NODE_BOX.fontSize}
    textLength=${fit} lengthAdjust="spacingAndGlyphs">${text}</tspan>`;
}

/** The chips placement found room for. Chips it hid are not drawn at all until revealed (renderRevealedLabels). */
export function renderLabels(labelled: readonly SceneEdge[], state: SceneState): SVGTemplateResult {
  return svg`${repeat(
    labelled,
    (e) => e.id,
    (e) =>
      chip(
        e,
        state.highlightEdgeIds.has(e.id),
        state.lang,
        state.weakNodeIds.has(e.edge.fromNodeId) || state.weakNodeIds.has(e.edge.toNodeId),
      ),
  )}`;
}

/** Hidden chips of the edges that are hovered, selected or highlighted: drawn above everything else. */
export function renderRevealedLabels(
  scene: Scene,
  ids: Iterable<string>,
  lang: Lang,
): SVGTemplateResult | typeof nothing {
  const shown: SceneEdge[] = [];
  for (const id of ids) {
    const e = scene.edgeById.get(id);
    if (e?.label?.hidden) shown.push(e);
  }
  if (shown.length === 0) return nothing;
  return svg`${repeat(
    shown,
    (e) => e.id,
    (e) => chip(e, true, lang),
  )}`;
}

// Chips of core/layout's usual 16 px height use a template with static radius and baseline.
function chip(e: SceneEdge, highlighted: boolean, lang: Lang, weak = false): SVGTemplateResult {
  const l = e.label!;
  const cls = highlighted ? 'label highlight' : 'label';
  const text = relationLabel(e.edge.relation, lang);
  return l.height === 16
    ? svg`<g class=${cls} part="label" data-label-for=${e.id} data-ungrounded=${weak ? '' : nothing} transform=${e.labelTransform}
        ><rect width=${l.width} height="16" rx="8"></rect><text x=${l.width / 2} y="12" text-anchor="middle">${text}</text></g>`
    : svg`<g class=${cls} part="label" data-label-for=${e.id} data-ungrounded=${weak ? '' : nothing} transform=${e.labelTransform}
        ><rect width=${l.width} height=${l.height} rx=${l.height / 2}></rect
        ><text x=${l.width / 2} y=${l.height / 2 + LABEL_CHIP.fontSize * 0.35} text-anchor="middle">${text}</text></g>`;
}

/** Arrowheads: one for ordinary edges, one for highlighted ones (markers do not inherit the line's colour). */
export function renderMarkers(): SVGTemplateResult {
  return svg`<defs>
    <marker id="kg-arrow" class="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7"
      orient="auto-start-reverse" markerUnits="userSpaceOnUse"><path d="M0 0L10 5L0 10z"></path></marker>
    <pattern id="kg-hatch" class="hatch-pattern" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"
      ><rect width="2" height="6"></rect></pattern>
    <marker id="kg-arrow-hl" class="arrow hl" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8"
      orient="auto-start-reverse" markerUnits="userSpaceOnUse"><path d="M0 0L10 5L0 10z"></path></marker>
  </defs>`;
}
