// The events of <kg-graph-view> (contract.ts GraphViewEvents), registered in the global event map so that
// addEventListener('kg-graph-node-select', e => e.detail.nodeId) is typed for embedders.
import type { GraphViewEvents } from './contract';

export type GraphViewEventName = keyof GraphViewEvents;
export type GraphViewEventDetail<K extends GraphViewEventName> = GraphViewEvents[K] extends CustomEvent<infer D> ? D : never;

/** Dispatches a bubbling, composed event; returns false when a listener cancelled it (cancelable events only). */
export function emit<K extends GraphViewEventName>(
  target: EventTarget,
  name: K,
  detail: GraphViewEventDetail<K>,
  options: { cancelable?: boolean } = {},
): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }));
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends GraphViewEvents {}
}
