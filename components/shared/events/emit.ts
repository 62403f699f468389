// The one typed event dispatcher of every element. Every public event bubbles and crosses shadow roots (composed),
// so a page can listen on any ancestor. The detail type comes from the event's entry in HTMLElementEventMap (each
// element or event module declares its own).
export type DetailOf<K extends keyof HTMLElementEventMap> =
  HTMLElementEventMap[K] extends CustomEvent<infer D> ? D : never;

/** Dispatches a bubbling, composed event; returns false when a listener cancelled it (cancelable events only). */
export function emit<K extends keyof HTMLElementEventMap>(
  target: EventTarget,
  type: K,
  detail: DetailOf<K>,
  options: { cancelable?: boolean } = {},
): boolean {
  return target.dispatchEvent(
    new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }),
  );
}
