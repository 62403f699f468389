import type { KgNode } from '../../../core/schema';

/** A node was selected in the graph (click, keyboard, or a located search result). */
export type KgNodeSelectEvent = CustomEvent<{ nodeId: string; node: KgNode | null; units: number[] }>;

declare global {
  interface HTMLElementEventMap {
    'kg-node-select': KgNodeSelectEvent;
  }
}
