import type { TaskStatus } from '../../../core/schema';

/** Every poll of a running extraction task. */
export type KgTaskProgressEvent = CustomEvent<{ task: TaskStatus }>;

declare global {
  interface HTMLElementEventMap {
    'kg-task-progress': KgTaskProgressEvent;
  }
}
