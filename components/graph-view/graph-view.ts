// Defines <kg-graph-view>. Importing this module declares the element (components/register.ts defines it) and does nothing else.
import { KgGraphView } from './graph-view.component';

export { KgGraphView };

import { declareElement } from '../register';
declareElement('kg-graph-view', KgGraphView);

declare global {
  interface HTMLElementTagNameMap {
    'kg-graph-view': KgGraphView;
  }
}
