// The overview's wire format (GET /api/documents/:id/overview), shared by the Worker that writes it and the browser
// that draws it. Columnar: one array per field, index i is the node of canonical order (ord) i, so 15,000 nodes are
// a few hundred KB of JSON and the browser copies the numbers straight into typed arrays. No texts but a few labels:
// the rest are asked for by ord as the reader zooms (GET …/overview/labels), the full nodes by ord when a region is
// opened in the detailed view (GET …/overview/nodes).

export const OVERVIEW_FORMAT_VERSION = 1;

export interface OverviewSection {
  /** The document section's id, or null for the group of nodes outside every section. */
  id: string | null;
  title: string;
  /** Its region in world units. */
  x: number;
  y: number;
  w: number;
  h: number;
  count: number;
}

export interface OverviewData {
  version: number;
  documentId: string;
  revision: number;
  count: number;
  width: number;
  height: number;
  /** Node type names; `type[i]` indexes this list. */
  typeNames: string[];
  ids: string[];
  type: number[];
  /** Index into `sections` of each node's region. */
  section: number[];
  x: number[];
  y: number[];
  degree: number[];
  /** Relations as index pairs, flat: [from0, to0, from1, to1, ...]. */
  edges: number[];
  sections: OverviewSection[];
  /** Texts of the best-connected nodes (clipped), so the first frame has labels without another request. */
  labels: { index: number[]; text: string[] };
}

/** Answer of GET …/overview/labels: texts by ord (clipped like the included labels). */
export interface OverviewLabels {
  revision: number;
  texts: Record<string, string>;
}

/** Labels longer than this are clipped with an ellipsis: a label is a landmark, the detail card has the text. */
export const OVERVIEW_LABEL_CHARS = 60;
/** Ords one labels or nodes request may name. */
export const OVERVIEW_MAX_ORDS = 800;

export function clipLabel(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > OVERVIEW_LABEL_CHARS ? `${flat.slice(0, OVERVIEW_LABEL_CHARS - 1)}…` : flat;
}
