// The events of <kg-graph-view> (contract.ts GraphViewEvents), registered in the global event map so that
// addEventListener('kg-graph-node-select', e => e.detail.nodeId) is typed for embedders. They are dispatched with
// the one shared emit (shared/events/emit.ts).
import type { GraphViewEvents } from './contract';

export type GraphViewEventName = keyof GraphViewEvents;
export type GraphViewEventDetail<K extends GraphViewEventName> =
  GraphViewEvents[K] extends CustomEvent<infer D> ? D : never;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends GraphViewEvents {}
}
