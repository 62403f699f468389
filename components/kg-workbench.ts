// The one ES module embedders load: it defines every element of the workbench (each element's folder adds its
// import here). No DOM work happens at load time beyond customElements.define.
import './graph-view/graph-view';
import './workbench/workbench';
import './insights-panel/insights-panel';
export {};
