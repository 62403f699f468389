// The shape every layout produces, on the server (ELK layered) and in the browser (force, circle, radial).
// Coordinates are in graph units; a node's (x, y) is its top-left corner.

export type LayoutAlgorithm = 'layered' | 'force' | 'circle' | 'radial';
export const LAYOUT_ALGORITHMS: readonly LayoutAlgorithm[] = ['layered', 'force', 'circle', 'radial'];

export interface LayoutInputNode {
  id: string;
  width?: number;
  height?: number;
  /** Text the node shows (its size is derived from it when width/height are absent). */
  label?: string;
  /** Node type (one of the 8), used for ordering hints. */
  type?: string;
}

export interface LayoutInputEdge {
  id: string;
  source: string;
  target: string;
  /** Relation (one of the 12); also the edge label. */
  label?: string;
}

export interface LayoutGraph {
  nodes: LayoutInputNode[];
  edges: LayoutInputEdge[];
  /** The radial layout: the node at the centre of its component (the reader's selection); else the best connected. */
  centre?: string;
}

export interface PlacedNode {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedLabel {
  x: number;
  y: number;
  width: number;
  height: number;
  /** No free place was found: the chip is hidden and shown only on hover or selection of its edge. */
  hidden?: boolean;
}

export interface RoutedEdge {
  id: string;
  /** Polyline through these points, source end first. */
  points: Array<[number, number]>;
  /** SVG path data when the route is curved (radial arcs, fanned quadratic curves); renderers prefer it. */
  path?: string;
  label?: PlacedLabel;
}

export interface LayoutResult {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: RoutedEdge[];
}
