// Flashing nodes the shell asked to locate (a clicked source unit): restartable even when the same node flashes twice.
export const FLASH_MS = 1300;

export function flashElements(elements: Iterable<Element | null>): void {
  for (const el of elements) {
    if (!el) continue;
    el.removeAttribute('data-flash');
    void el.getBoundingClientRect(); // a reflow restarts the animation
    el.setAttribute('data-flash', '');
    setTimeout(() => el.removeAttribute('data-flash'), FLASH_MS);
  }
}
