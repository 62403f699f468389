// Defines <kg-graph-view>. Importing this module registers the element (once) and does nothing else.
import { KgGraphView } from './graph-view.component';

export { KgGraphView };
export type { GraphViewApi, GraphViewEvents, GraphViewProps } from './contract';

if (typeof customElements !== 'undefined' && !customElements.get('kg-graph-view')) {
  customElements.define('kg-graph-view', KgGraphView);
}

declare global {
  interface HTMLElementTagNameMap {
    'kg-graph-view': KgGraphView;
  }
}
