// The element classes without registering them: the npm package's `kg-workbench/elements` entry. Importing this
// module defines no tag; call `defineElements()` to define every kg-* element (what the `kg-workbench` entry,
// components/kg-workbench.ts, does on import), or define the classes yourself.
export { KgWorkbench } from './workbench/workbench';
export { KgGraphView } from './graph-view/graph-view';
export { KgInsightsPanel } from './insights-panel/insights-panel';
export { declaredTags, defineElements } from './register';
