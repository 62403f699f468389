// The one ES module embedders load: it defines every element of the workbench (each element's folder adds its
// import here, and declares its tag with components/register.ts). No DOM work happens at load time beyond
// customElements.define. The same classes, unregistered, are the `kg-workbench/elements` entry (./elements.ts).
import './graph-view/graph-view';
import './workbench/workbench';
import './insights-panel/insights-panel';
import { defineElements } from './register';

export * from './elements';
defineElements();
