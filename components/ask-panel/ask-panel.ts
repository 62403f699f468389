// Defines <kg-ask-panel>. Importing this module registers the element (once) and does nothing else.
import { KgAskPanel } from './ask-panel.component';

export { KgAskPanel };
export type { AskMode } from './ask-panel.component';
export type { AskBackend } from './ask-backend';
export type { AskResultsDetail, AskSelectDetail, AskShareDetail } from './events';

if (typeof customElements !== 'undefined' && !customElements.get('kg-ask-panel')) {
  customElements.define('kg-ask-panel', KgAskPanel);
}

declare global {
  interface HTMLElementTagNameMap {
    'kg-ask-panel': KgAskPanel;
  }
}
