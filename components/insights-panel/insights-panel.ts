// Defines <kg-insights-panel>. Importing this module registers the element (once) and does nothing else.
import { KgInsightsPanel } from './insights-panel.component';

export { KgInsightsPanel };
export type { InsightsPanelData } from './insights-panel.component';
export type { InsightSelectDetail, KgInsightSelectEvent } from './events';

if (typeof customElements !== 'undefined' && !customElements.get('kg-insights-panel')) {
  customElements.define('kg-insights-panel', KgInsightsPanel);
}

declare global {
  interface HTMLElementTagNameMap {
    'kg-insights-panel': KgInsightsPanel;
  }
}
