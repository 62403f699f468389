// SVG templates of the scene: edges, nodes and label chips, each a keyed repeat so a re-render (selection, focus,
// language) patches attributes in place. Every piece of document text goes through Lit text or attribute bindings.
// Bindings per item are kept few (positions arrive as ready-made strings), since 800 nodes and 1,600 edges make
// every binding count on the first frame.
import { nothing, svg, type SVGTemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { LABEL_CHIP, NODE_BOX } from '../../core/layout';
import { relationLabel, strings, typeLabel, type Lang } from './i18n';
import type { Scene, SceneEdge, SceneNode } from './scene';

export interface SceneState {
  lang: Lang;
  selectedNodeId: string | null;
  highlightNodeIds: ReadonlySet<string>;
  /** Highlighted and selected edges: drawn emphasised, their label chips always shown. */
  highlightEdgeIds: ReadonlySet<string>;
  /** The node holding the roving tabindex. */
  rovingId: string | null;
}

/** Baseline offset of a 12 px line inside its 16 px line box. */
const BASELINE = 12;
const LABEL_BASELINE = LABEL_CHIP.height / 2 + LABEL_CHIP.fontSize * 0.35;

/** Edges are decoration for assistive technology (nodes carry the names); they stay mouse targets. */
export function renderEdges(scene: Scene, state: SceneState): SVGTemplateResult {
  return svg`${repeat(
    scene.edges,
    (e) => e.id,
    (e) => {
      const hl = state.highlightEdgeIds.has(e.id);
      return svg`<g class=${hl ? 'edge highlight' : 'edge'} part="edge" data-edge-id=${e.id}
        ><path class="hit" d=${e.d}></path><path class="line" d=${e.d}
        marker-end=${hl ? 'url(#kg-arrow-hl)' : 'url(#kg-arrow)'}></path></g>`;
    },
  )}`;
}

export function renderNodes(scene: Scene, state: SceneState): SVGTemplateResult {
  const s = strings(state.lang);
  return svg`${repeat(
    scene.nodes,
    (n) => n.id,
    (n) => {
      const selected = n.id === state.selectedNodeId;
      const highlighted = state.highlightNodeIds.has(n.id);
      const unanchored = n.node.paragraph === null;
      const cls = `node${selected ? ' selected' : ''}${highlighted ? ' highlight' : ''}${unanchored ? ' unanchored' : ''}`;
      const name = `${typeLabel(n.node.type, state.lang)}: ${n.node.text}${unanchored ? ` (${s.notAnchored})` : ''}`;
      return svg`<g class=${cls} part="node" data-node-id=${n.id} data-type=${n.node.type} transform=${n.transform}
        role="graphics-symbol" aria-roledescription=${s.nodeRole} aria-label=${name}
        aria-selected=${selected || highlighted ? 'true' : 'false'} tabindex=${n.id === state.rovingId ? '0' : '-1'}
        ><rect class="box" width=${n.width} height=${n.height} rx="6"></rect><text>${nodeLines(n)}</text></g>`;
    },
  )}`;
}

function nodeLines(n: SceneNode): SVGTemplateResult[] {
  return n.lines.map((line, i) =>
    line.fit === undefined
      ? svg`<tspan x=${NODE_BOX.paddingX} y=${NODE_BOX.paddingY + i * NODE_BOX.lineHeight + BASELINE}>${line.text}</tspan>`
      : svg`<tspan x=${NODE_BOX.paddingX} y=${NODE_BOX.paddingY + i * NODE_BOX.lineHeight + BASELINE}
          textLength=${line.fit} lengthAdjust="spacingAndGlyphs">${line.text}</tspan>`,
  );
}

/** The chips placement found room for. Chips it hid are not drawn at all until revealed (renderRevealedLabels). */
export function renderLabels(scene: Scene, state: SceneState): SVGTemplateResult {
  return svg`${repeat(
    scene.placedLabels,
    (e) => e.id,
    (e) => chip(e, state.highlightEdgeIds.has(e.id), state.lang),
  )}`;
}

/** Hidden chips of the edges that are hovered, selected or highlighted: drawn above everything else. */
export function renderRevealedLabels(scene: Scene, ids: Iterable<string>, lang: Lang): SVGTemplateResult | typeof nothing {
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

function chip(e: SceneEdge, highlighted: boolean, lang: Lang): SVGTemplateResult {
  const l = e.label!;
  return svg`<g class=${highlighted ? 'label highlight' : 'label'} part="label" data-label-for=${e.id}
    transform=${e.labelTransform} aria-hidden="true"
    ><rect width=${l.width} height=${l.height} rx=${l.height / 2}></rect
    ><text x=${l.width / 2} y=${LABEL_BASELINE} text-anchor="middle">${relationLabel(e.edge.relation, lang)}</text></g>`;
}

/** Arrowheads: one for ordinary edges, one for highlighted ones (markers do not inherit the line's colour). */
export function renderMarkers(): SVGTemplateResult {
  return svg`<defs>
    <marker id="kg-arrow" class="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7"
      orient="auto-start-reverse" markerUnits="userSpaceOnUse"><path d="M0 0L10 5L0 10z"></path></marker>
    <marker id="kg-arrow-hl" class="arrow hl" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8"
      orient="auto-start-reverse" markerUnits="userSpaceOnUse"><path d="M0 0L10 5L0 10z"></path></marker>
  </defs>`;
}
