// The public events of <kg-workbench>, each declared in its own module.
export type { KgNodeSelectEvent } from './kg-node-select';
export type { KgUnitSelectEvent } from './kg-unit-select';
export type { KgTaskProgressEvent } from './kg-task-progress';
export type { KgTaskDoneEvent } from './kg-task-done';
export type { KgErrorEvent } from './kg-error';
export { emit } from './emit';
