/** A source unit was selected; `nodeIds` are the loaded nodes anchored to it. */
export type KgUnitSelectEvent = CustomEvent<{ unit: number; nodeIds: string[] }>;

declare global {
  interface HTMLElementEventMap {
    'kg-unit-select': KgUnitSelectEvent;
  }
}
