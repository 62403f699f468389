// Every public event of the workbench bubbles and crosses shadow roots (composed), so a page can listen on any
// ancestor. The detail type comes from the event's entry in HTMLElementEventMap (one small module per event).
type DetailOf<K extends keyof HTMLElementEventMap> = HTMLElementEventMap[K] extends CustomEvent<infer D> ? D : never;

export function emit<K extends keyof HTMLElementEventMap>(target: EventTarget, type: K, detail: DetailOf<K>): boolean {
  return target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: false }));
}
