// Compile-time only (never imported at run time): the hand-kept public types of the npm package
// (components/public-api.d.ts) against the real classes and schemas. A property the d.ts promises that the element
// lacks, or with another type, fails `tsc -b`.
import type * as Public from './public-api';
import { KgGraphView, KgInsightsPanel, KgWorkbench, declaredTags, defineElements } from './elements';
import type { KgNodeSelectEvent, KgUnitSelectEvent, KgErrorEvent } from './shared/events';
import type { EntailmentStatus, GroundingStatus, NodeType, Relation } from '../core/schema/vocabulary';
import type { KgEdge, KgNode } from '../core/schema';

const workbench: typeof Public.KgWorkbench = KgWorkbench;
const graphView: typeof Public.KgGraphView = KgGraphView;
const insights: typeof Public.KgInsightsPanel = KgInsightsPanel;
const define: typeof Public.defineElements = defineElements;
const tags: typeof Public.declaredTags = declaredTags;
// The data types both ways: what the view gives out and what an embedder may pass in.
const nodeOut = (n: KgNode): Public.KgNode => n;
const edgeOut = (e: KgEdge): Public.KgEdge => e;
const nodeType = (t: NodeType): Public.NodeType => t;
const nodeTypeIn = (t: Public.NodeType): NodeType => t;
const nodeIn = (n: Public.KgNode): KgNode => n;
const edgeIn = (e: Public.KgEdge): KgEdge => e;
const vocabulary = (
  r: Relation,
  g: GroundingStatus,
  e: EntailmentStatus,
): [Public.Relation, Public.GroundingStatus, Public.EntailmentStatus] => [r, g, e];
const events = (
  a: KgNodeSelectEvent,
  b: KgUnitSelectEvent,
  c: KgErrorEvent,
): [Public.KgNodeSelectEvent, Public.KgUnitSelectEvent, Public.KgErrorEvent] => [a, b, c];
void [
  workbench,
  graphView,
  insights,
  define,
  tags,
  nodeOut,
  edgeOut,
  nodeType,
  nodeTypeIn,
  nodeIn,
  edgeIn,
  vocabulary,
  events,
];
