// SVG templates of the scene: edges, nodes and label chips, each a keyed repeat so a re-render (selection, focus,
// language) patches attributes in place. Every piece of document text goes through Lit text or attribute bindings.
import { nothing, svg, type SVGTemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { LABEL_CHIP, NODE_BOX } from '../../core/layout';
import { relationLabel, strings, typeLabel, type Lang } from './i18n';
import type { Scene, SceneEdge, SceneNode } from './scene';

export interface SceneState {
  lang: Lang;
  selectedNodeId: string | null;
  highlightNodeIds: ReadonlySet<string>;
  highlightEdgeIds: ReadonlySet<string>;
  /** The node holding the roving tabindex. */
  rovingId: string | null;
}

/** Baseline offset of a 12 px line inside its 16 px line box. */
const BASELINE = 12;

export function renderEdges(scene: Scene, state: SceneState): SVGTemplateResult {
  const s = strings(state.lang);
  return svg`${repeat(
    scene.edges,
    (e) => e.id,
    (e) => {
      const hl = state.highlightEdgeIds.has(e.id);
      return svg`<g class=${hl ? 'edge highlight' : 'edge'} part="edge" data-edge-id=${e.id} data-relation=${e.edge.relation}
        role="graphics-symbol" aria-roledescription=${s.edgeRole} aria-label=${edgeName(e, scene, state.lang)}
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
      return svg`<g class=${cls} part="node" data-node-id=${n.id} data-type=${n.node.type}
        transform="translate(${n.x},${n.y})" role="graphics-symbol" aria-roledescription=${s.nodeRole}
        aria-label=${name} aria-selected=${selected || highlighted ? 'true' : 'false'}
        tabindex=${n.id === state.rovingId ? '0' : '-1'}
        ><rect class="box" width=${n.width} height=${n.height} rx="6"></rect><text>${nodeLines(n)}</text></g>`;
    },
  )}`;
}

function nodeLines(n: SceneNode): SVGTemplateResult[] {
  return n.lines.map(
    (line, i) =>
      svg`<tspan x=${NODE_BOX.paddingX} y=${NODE_BOX.paddingY + i * NODE_BOX.lineHeight + BASELINE}
        textLength=${line.fit ?? nothing} lengthAdjust=${line.fit ? 'spacingAndGlyphs' : nothing}>${line.text}</tspan>`,
  );
}

export function renderLabels(scene: Scene, state: SceneState): SVGTemplateResult {
  return svg`${repeat(
    scene.edges,
    (e) => e.id,
    (e) => {
      const l = e.label;
      if (!l) return svg``;
      const cls = `label${l.hidden ? ' collide' : ''}${state.highlightEdgeIds.has(e.id) ? ' highlight' : ''}`;
      return svg`<g class=${cls} part="label" data-label-for=${e.id} transform="translate(${l.x},${l.y})" aria-hidden="true"
        ><rect width=${l.width} height=${l.height} rx=${l.height / 2}></rect
        ><text x=${l.width / 2} y=${l.height / 2 + LABEL_CHIP.fontSize * 0.35} text-anchor="middle"
        >${relationLabel(e.edge.relation, state.lang)}</text></g>`;
    },
  )}`;
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

function edgeName(e: SceneEdge, scene: Scene, lang: Lang): string {
  const from = scene.nodeById.get(e.edge.fromNodeId)?.node.text ?? '';
  const to = scene.nodeById.get(e.edge.toNodeId)?.node.text ?? '';
  return `${clip(from)} → ${relationLabel(e.edge.relation, lang)} → ${clip(to)}`;
}

function clip(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
