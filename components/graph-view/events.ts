// The events of <kg-graph-view> (contract.ts GraphViewEvents), registered in the global event map so that
// addEventListener('kg-graph-node-select', e => e.detail.nodeId) is typed for embedders. They are dispatched with
// the one shared emit (shared/events/emit.ts).
import type { GraphViewEvents } from './contract';

declare global {
  interface HTMLElementEventMap extends GraphViewEvents {}
}
