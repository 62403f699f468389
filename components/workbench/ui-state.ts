// The small UI state the workbench remembers in localStorage (never text or graph data).
import type { LayoutAlgorithm } from '../../core/layout/types';

export interface UiState {
  layout: LayoutAlgorithm;
  /** Share of the width given to the source pane (0.15–0.85). */
  split: number;
  /** Height of the result panes in pixels (0: fit the window). */
  height: number;
  /** The extractor last picked. */
  model: string;
  /** The document shown last, reopened from the server on the next visit. */
  lastDocumentId: string;
  /** A task that was running when the page closed, picked up again on load. */
  running: { taskId: string; documentId: string } | null;
  insightsOpen: boolean;
  /** Candidate and unsupported nodes are drawn (the view controls' filter). */
  ungroundedShown: boolean;
  /** Mentions (statement → concept, issue 25) are drawn (the view controls' filter). */
  mentionsShown: boolean;
}

export const UI_DEFAULTS: UiState = {
  layout: 'layered',
  split: 0.42,
  height: 0,
  model: '',
  lastDocumentId: '',
  running: null,
  insightsOpen: true,
  ungroundedShown: true,
  mentionsShown: true,
};

export const clampSplit = (v: number) => Math.min(0.85, Math.max(0.15, v));
export const clampHeight = (v: number) => Math.min(4000, Math.max(240, Math.round(v)));
