// Styles of <kg-graph-view>. Colours come from private --_x variables bound to the public --kg-… properties
// (palette.ts), so the light and dark defaults and any embedder override meet in one place.
import { css, unsafeCSS } from 'lit';
import { SEVERITY_COLOURS, typeRules } from '../shared/palette';
import { DARK, LIGHT, paletteDeclarations } from './palette';

const light = unsafeCSS(paletteDeclarations(LIGHT));
const dark = unsafeCSS(paletteDeclarations(DARK));
const typeColours = unsafeCSS(typeRules(['.node', '.swatch']));

export const graphViewStyles = css`
  :host {
    ${light}
    display: block;
    position: relative;
    min-height: 240px;
    color: var(--_fg);
    background: var(--_bg);
    /* Helvetica-like metrics first: core/layout sizes boxes for them. */
    font-family: var(
      --kg-font-family,
      Arial,
      'Liberation Sans',
      Helvetica,
      'Noto Sans CJK SC',
      'PingFang SC',
      'Microsoft YaHei',
      sans-serif
    );
    font-size: 13px;
    contain: content;
  }
  :host([theme='dark']) {
    ${dark}
    color-scheme: dark;
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${dark}
      color-scheme: dark;
    }
  }
  :host([hidden]) {
    display: none;
  }
  ${typeColours}

  .root {
    position: absolute;
    inset: 0;
    container: kg-graph / inline-size;
    display: grid;
    grid-template-rows: auto 1fr auto;
  }

  /* Toolbar: − 100% + fit, and the layout menu. */
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px;
    padding: 4px 6px;
    border-bottom: 1px solid var(--_border);
    background: var(--kg-toolbar-bg, var(--_bg));
  }
  .toolbar button,
  .toolbar select {
    font: inherit;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: 4px;
    min-width: 30px;
    height: 28px;
    padding: 0 8px;
    cursor: pointer;
  }
  .toolbar .percent {
    min-width: 58px;
    font-variant-numeric: tabular-nums;
  }
  .toolbar .spacer {
    flex: 1;
  }
  .toolbar button:focus-visible,
  .toolbar select:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 1px;
  }

  /* Canvas: one SVG, one transformed layer. */
  .canvas {
    position: relative;
    overflow: hidden;
    cursor: grab;
    touch-action: none;
    user-select: none;
    -webkit-user-select: none;
    outline: none;
  }
  .canvas.panning {
    cursor: grabbing;
  }
  .canvas:focus-visible {
    box-shadow: inset 0 0 0 3px var(--_focus);
  }
  /* The drawing at its layout size, on its own compositing layer; pan and zoom are a CSS transform on it
     (pan-zoom-controller.ts). */
  svg.graph {
    position: absolute;
    left: 0;
    top: 0;
    display: block;
    overflow: visible;
    transform-origin: 0 0;
    will-change: transform;
  }
  .status {
    position: absolute;
    left: 50%;
    top: 12px;
    transform: translateX(-50%);
    color: var(--_muted);
    pointer-events: none;
  }
  .status:empty {
    display: none;
  }

  /* Nodes. */
  .node {
    cursor: pointer;
    outline: none;
  }
  .node .box {
    fill: color-mix(in srgb, var(--_type) 13%, var(--_nodeBg));
    stroke: var(--_type);
    stroke-width: 1.5px;
  }
  .node.unanchored .box {
    stroke-dasharray: 5 3;
  }
  .node text {
    fill: var(--_nodeText);
    font-size: 12px;
  }
  /* Targets of open verification issues, in the severity colours of the verify panel (palette SEVERITY_COLOURS). */
  .node[data-issue] .box {
    stroke-width: 3px;
  }
  .node[data-issue='error'] .box,
  .edge[data-issue='error'] .line {
    stroke: ${unsafeCSS(SEVERITY_COLOURS.error)};
  }
  .node[data-issue='warning'] .box,
  .edge[data-issue='warning'] .line {
    stroke: ${unsafeCSS(SEVERITY_COLOURS.warning)};
  }
  .node[data-issue='suggestion'] .box,
  .edge[data-issue='suggestion'] .line {
    stroke: ${unsafeCSS(SEVERITY_COLOURS.suggestion)};
  }
  .edge[data-issue] .line {
    stroke-width: 2.5px;
  }
  /* Hover or focus on a node: it and its neighbours stay, the rest dims (neighbour-highlight.ts). */
  .canvas[data-dim] .node:not([data-near]),
  .canvas[data-dim] .label:not([data-near]) {
    opacity: 0.28;
  }
  .canvas[data-dim] .edge:not([data-near]),
  .canvas[data-dim] .mention:not([data-near]) {
    opacity: 0.15;
  }
  .canvas[data-dim] .edge[data-near] .line {
    stroke: var(--_edgeHighlight);
  }
  .node.highlight .box {
    stroke: var(--_selected);
    stroke-width: 2.5px;
  }
  .node.selected .box {
    stroke: var(--_selected);
    stroke-width: 3.5px;
  }
  .node:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 3px;
  }
  .node:focus-visible .box {
    stroke: var(--_focus);
    stroke-width: 3px;
  }
  .node[data-flash] .box {
    animation: kg-flash 0.4s ease-in-out 3 alternate;
  }
  @keyframes kg-flash {
    to {
      fill: var(--_flash);
      stroke: var(--_flash);
      stroke-width: 5px;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .node[data-flash] .box {
      animation: none;
      stroke: var(--_flash);
      stroke-width: 5px;
    }
  }

  /* Edges: a visible line plus a wide invisible hit path for hover and click. */
  .edge .line {
    fill: none;
    stroke: var(--_edge);
    stroke-width: 1.2px;
  }
  /* Never painted (visibility: hidden costs nothing per frame), yet a 10 px wide pointer target. */
  .edge .hit {
    fill: none;
    stroke: #000;
    stroke-width: 10px;
    visibility: hidden;
    pointer-events: stroke;
    cursor: pointer;
  }
  .edge.highlight .line,
  .edge[data-hover] .line {
    stroke: var(--_edgeHighlight);
    stroke-width: 2px;
  }
  .arrow {
    fill: var(--_edge);
  }
  /* Mentions (statement → concept): thinner than any relation, dashed, no arrow, a muted colour of their own (3:1
     against the background, as a graphic a reader needs). */
  .mention .line {
    fill: none;
    stroke: var(--_mention);
    stroke-width: 1px;
    stroke-dasharray: 3 3;
  }
  .mention .hit {
    fill: none;
    stroke: #000;
    stroke-width: 8px;
    visibility: hidden;
    pointer-events: stroke;
  }
  .mention:hover .line {
    stroke-dasharray: none;
  }
  :host([hide-mentions]) .mentions,
  :host([hide-mentions]) .node.outside {
    display: none;
  }
  .arrow.hl {
    fill: var(--_edgeHighlight);
  }

  /* Label chips. Chips placement found no room for are drawn only while their edge is hovered or selected. */
  .label rect {
    fill: var(--_labelBg);
    stroke: var(--_border);
    stroke-width: 0.5px;
  }
  .label text {
    fill: var(--_labelText);
    font-size: 11px;
  }
  .label {
    cursor: pointer;
  }
  .label.highlight rect,
  .label[data-hover] rect {
    stroke: var(--_edgeHighlight);
    stroke-width: 1px;
  }

  /* The quote tooltip (text only): placed from its measured size (quote-tooltip.ts), never narrower than 180 px. */
  .tooltip {
    position: absolute;
    left: 0;
    top: 0;
    box-sizing: border-box;
    width: max-content;
    min-width: min(180px, calc(100% - 16px));
    max-width: min(320px, calc(100% - 16px));
    padding: 6px 8px;
    border-radius: 4px;
    background: var(--_tooltipBg);
    color: var(--_tooltipText);
    font-size: 12px;
    line-height: 1.45;
    white-space: pre-wrap;
    overflow-wrap: break-word;
    pointer-events: none;
    z-index: 2;
  }
  .tooltip .full {
    font-weight: 600;
  }
  .tooltip .quote {
    margin-top: 4px;
    opacity: 0.9;
  }

  /* Candidate and unsupported nodes: dotted outline, hatched fill and a corner mark (render-scene.ts weakMarks). */
  .node.ungrounded .box {
    stroke-dasharray: 2 3;
  }
  .hatch {
    fill: url(#kg-hatch);
    pointer-events: none;
  }
  .hatch-pattern rect {
    fill: var(--_type, var(--_muted));
    fill-opacity: 0.22;
  }
  .node .mark circle {
    fill: var(--_bg);
    stroke: var(--_type);
    stroke-width: 1.5px;
  }
  .node .mark text {
    font-size: 11px;
    font-weight: 700;
    fill: var(--_type);
  }
  :host([hide-ungrounded]) .node.ungrounded,
  :host([hide-ungrounded]) [data-ungrounded] {
    display: none;
  }

  /* Minimap: bottom right of the canvas (minimap.ts). */
  .minimap {
    position: absolute;
    right: 8px;
    bottom: 8px;
    z-index: 1;
    background: color-mix(in srgb, var(--_bg) 88%, transparent);
    border: 1px solid var(--_border);
    border-radius: 4px;
    cursor: pointer;
    touch-action: none;
  }
  .minimap canvas {
    display: block;
    width: 100%;
    height: 100%;
  }
  .mm-view {
    position: absolute;
    box-sizing: border-box;
    border: 2px solid var(--_selected);
    background: color-mix(in srgb, var(--_selected) 10%, transparent);
    pointer-events: none;
  }
  .toolbar .minimap-toggle[aria-pressed='true'] {
    border-color: var(--_focus);
  }
  /* Narrow views: 40 px touch targets, a smaller minimap. */
  @container kg-graph (max-width: 560px) {
    .toolbar button,
    .toolbar select {
      min-width: 40px;
      height: 40px;
    }
    .minimap {
      transform: scale(0.75);
      transform-origin: 100% 100%;
    }
  }

  /* Legend of the 8 type colours. */
  .legend {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    margin: 0;
    padding: 4px 8px;
    list-style: none;
    border-top: 1px solid var(--_border);
    color: var(--_muted);
    font-size: 12px;
  }
  .legend li {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  .swatch {
    display: inline-block;
    width: 10px;
    height: 10px;
    border-radius: 2px;
    background: var(--_type);
  }
  .swatch.hatched {
    background: repeating-linear-gradient(45deg, var(--_muted) 0 2px, transparent 2px 5px);
    outline: 1px dotted var(--_muted);
  }
  .swatch.mention-line {
    width: 16px;
    height: 0;
    border-radius: 0;
    background: none;
    border-top: 1.5px dashed var(--_mention);
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
