/** A failure shown to the user: `code` is an error code of core/errors.ts (or `network`, `load_failed`). */
export type KgErrorEvent = CustomEvent<{ code: string; message: string }>;

declare global {
  interface HTMLElementEventMap {
    'kg-error': KgErrorEvent;
  }
}
