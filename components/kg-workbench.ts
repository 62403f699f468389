// The one ES module embedders load: it defines every element of the workbench. No DOM work happens at load time
// beyond customElements.define.
import './graph-view/graph-view';
