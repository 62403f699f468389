import type { TaskStatus } from '../../../core/schema';

/** A task reached a final state: succeeded (with its revision), failed (with its error) or cancelled. */
export type KgTaskDoneEvent = CustomEvent<{ task: TaskStatus }>;

declare global {
  interface HTMLElementEventMap {
    'kg-task-done': KgTaskDoneEvent;
  }
}
