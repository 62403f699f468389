// Follows one task (GET /api/tasks/:id) until it reaches a final state; the host re-renders on every poll.
// Polling stops when the host disconnects and resumes when it reconnects, so a page that closes mid-task can pick
// the task up again from its stored id.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TaskStatus } from '../../core/schema';
import { isTerminal } from '../../core/schema/task';
import type { ApiClient } from './api-client';

export interface TaskPollCallbacks {
  onProgress(task: TaskStatus): void;
  onDone(task: TaskStatus): void;
  onError(error: unknown): void;
}

export class TaskPollController implements ReactiveController {
  task: TaskStatus | null = null;
  private taskId: string | null = null;
  private client: ApiClient | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private abort: AbortController | null = null;
  private connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly callbacks: TaskPollCallbacks,
    private readonly intervalMs = 400,
  ) {
    host.addController(this);
  }

  get running(): boolean {
    return this.taskId !== null;
  }

  follow(client: ApiClient, taskId: string, initial?: TaskStatus): void {
    this.stop();
    this.client = client;
    this.taskId = taskId;
    this.task = initial ?? null;
    this.host.requestUpdate();
    if (this.connected) this.poll();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.abort?.abort();
    this.abort = null;
    this.taskId = null;
  }

  /** Clears the last task shown (a finished task stays visible until then). */
  clear(): void {
    this.stop();
    this.task = null;
    this.host.requestUpdate();
  }

  hostConnected(): void {
    this.connected = true;
    if (this.taskId) this.poll();
  }

  hostDisconnected(): void {
    this.connected = false;
    clearTimeout(this.timer);
    this.abort?.abort();
  }

  private async poll(): Promise<void> {
    const taskId = this.taskId;
    if (!taskId || !this.client) return;
    this.abort = new AbortController();
    try {
      const task = await this.client.task(taskId, this.abort.signal);
      if (this.taskId !== taskId) return;
      this.task = task;
      this.host.requestUpdate();
      if (isTerminal(task.status)) {
        this.taskId = null;
        this.callbacks.onDone(task);
        return;
      }
      this.callbacks.onProgress(task);
    } catch (error) {
      if ((error as Error).name === 'AbortError' || this.taskId !== taskId) return;
      this.taskId = null;
      this.callbacks.onError(error);
      return;
    }
    if (this.connected) this.timer = setTimeout(() => this.poll(), this.intervalMs);
  }
}
