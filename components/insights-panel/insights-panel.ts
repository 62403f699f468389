// Defines <kg-insights-panel>. Importing this module declares the element (components/register.ts defines it) and does nothing else.
import { KgInsightsPanel } from './insights-panel.component';

export { KgInsightsPanel };

import { declareElement } from '../register';
declareElement('kg-insights-panel', KgInsightsPanel);

declare global {
  interface HTMLElementTagNameMap {
    'kg-insights-panel': KgInsightsPanel;
  }
}
