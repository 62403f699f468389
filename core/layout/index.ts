// Layouts of a knowledge graph: node sizing, the three client layouts (force, circle, radial), edge-label
// placement shared by all of them, the layered (ELK) layout driver, and the quality score.
export * from './types';
export { nodeSize, edgeLabelSize } from './text-size';
export { layoutForce } from './force';
export { layoutCircle } from './circle';
export { layoutRadial } from './radial';
export { scoreLayout, type LayoutScore } from './score';
export { layoutLayered } from './layered';
