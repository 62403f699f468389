// Layouts of a knowledge graph: node sizing, the three client layouts (force, circle, radial), edge-label
// placement shared by all of them, the layered (ELK) layout driver, and the quality score.
export * from './types';
export {
  nodeSize,
  edgeLabelSize,
  relationOf,
  textWidth,
  wrapText,
  NODE_BOX,
  LABEL_CHIP,
  type NodeSize,
} from './text-size';
export { relationRole, type RelationRole } from './relations';
export { layoutForce, type ForceOptions } from './force';
export { layoutCircle, type CircleOptions } from './circle';
export { layoutRadial, type RadialOptions } from './radial';
export { placeEdgeLabels } from './labels';
export { scoreLayout, type LayoutScore } from './score';
export { layoutLayered, LAYERED_OPTIONS, LABEL_OPTIONS, type LayeredOptions, type ElkEngine } from './layered';
