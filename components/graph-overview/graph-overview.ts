// Defines <kg-graph-overview>. The workbench loads this module with a dynamic import() only when a document is
// larger than one view window, so the overview's code is not part of the first load (a chunk of its own).
import { GraphOverview, HANDOFF_SCALE, type OverviewFocusDetail } from './graph-overview.component';
import { declareElement } from '../register';

export { GraphOverview, HANDOFF_SCALE };
export type { OverviewFocusDetail };

declareElement('kg-graph-overview', GraphOverview);
