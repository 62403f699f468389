// One home for registering the custom elements. An element's module declares its tag and class here instead of
// calling customElements.define when it is imported, so the npm package's `kg-workbench/elements` entry can export
// the classes without registering anything (an embedder may want other tag names, a scoped registry, or to define
// later). `defineElements()` — called by the `kg-workbench` entry (components/kg-workbench.ts) — defines every element
// declared so far and, from then on, each one declared later (an inner element in a lazily loaded chunk).
const declared = new Map<string, CustomElementConstructor>();
let defining = false;

/** Called once at the bottom of each element's module: `declareElement('kg-graph-view', KgGraphView)`. */
export function declareElement(tag: string, element: CustomElementConstructor): void {
  declared.set(tag, element);
  if (defining) define(tag, element);
}

/** Defines every declared element under its kg-* tag (an element already defined is left alone), now and later. */
export function defineElements(): void {
  defining = true;
  for (const [tag, element] of declared) define(tag, element);
}

/** The tags declared so far, e.g. to check which are defined. */
export function declaredTags(): string[] {
  return [...declared.keys()];
}

function define(tag: string, element: CustomElementConstructor): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  customElements.define(tag, element);
}
