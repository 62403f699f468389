// Defines <kg-ask-panel>. Importing this module declares the element (components/register.ts defines it) and does nothing else.
import { KgAskPanel } from './ask-panel.component';

export { KgAskPanel };
export type { AskMode } from './ask-panel.component';
export type { AskBackend } from './ask-backend';
export type { AskResultsDetail, AskSelectDetail, AskShareDetail } from './events';

import { declareElement } from '../register';
declareElement('kg-ask-panel', KgAskPanel);

declare global {
  interface HTMLElementTagNameMap {
    'kg-ask-panel': KgAskPanel;
  }
}
