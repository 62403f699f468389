import { css } from 'lit';
import { controls } from '../shared/styles';

// The colours and radius are the workbench's (its --_* properties inherit here); `controls` styles what this element
// slots into the tabs (the fact-check tab's loading line).
export const trustToolsStyles = [
  controls,
  css`
    :host {
      display: block;
    }
    :host([hidden]) {
      display: none;
    }
  `,
];
