// Defines <kg-ask-panel>. Importing this module declares the element (components/register.ts defines it) and does nothing else.
import { KgAskPanel } from './ask-panel.component';

export { KgAskPanel };

import { declareElement } from '../register';
declareElement('kg-ask-panel', KgAskPanel);

declare global {
  interface HTMLElementTagNameMap {
    'kg-ask-panel': KgAskPanel;
  }
}
