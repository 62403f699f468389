// Starting, following and cancelling extraction tasks. The running task's id is stored (with its document id), so a
// page closed mid-task picks it up again when it reopens.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TaskStatus } from '../../core/schema';
import type { ExtractRequest } from '../input-panel/input-panel';
import type { ApiClient, ModelInfo } from '../shared/api-client';
import type { LocalStateController } from '../shared/local-state';
import { TaskPollController } from '../shared/task-poll-controller';
import type { UiState } from './ui-state';

export interface ExtractionCallbacks {
  onStarted(documentId: string): void;
  onProgress(task: TaskStatus): void;
  onDone(task: TaskStatus): void;
  onError(error: unknown): void;
}

export class ExtractionController implements ReactiveController {
  models: ModelInfo[] = [];
  submitting = false;
  cancelling = false;
  private readonly poll: TaskPollController;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly ui: LocalStateController<UiState>,
    private readonly callbacks: ExtractionCallbacks,
  ) {
    host.addController(this);
    this.poll = new TaskPollController(host, {
      onProgress: (task) => callbacks.onProgress(task),
      onDone: (task) => this.finish(task),
      onError: (error) => {
        this.ui.set({ running: null });
        callbacks.onError(error);
      },
    });
  }

  hostConnected(): void {}

  get task(): TaskStatus | null {
    return this.poll.task;
  }

  get running(): boolean {
    return this.poll.running || this.submitting;
  }

  /** The stored choice when it is still offered, else the server's default. */
  get model(): string | null {
    const stored = this.ui.value.model;
    if (stored && this.models.some((m) => m.id === stored)) return stored;
    return this.models.find((m) => m.default)?.id ?? this.models[0]?.id ?? null;
  }

  async loadModels(client: ApiClient): Promise<void> {
    this.models = await client.models();
    this.host.requestUpdate();
  }

  async submit(client: ApiClient, request: ExtractRequest): Promise<boolean> {
    return this.start(request, async (model) => {
      const created = await client.createDocument({ title: request.title || undefined, text: request.text, model });
      this.callbacks.onStarted(created.documentId);
      return created;
    }, client);
  }

  /** Appends text to an open document (fenced by the revision the reader sees) and follows the task. */
  append(client: ApiClient, documentId: string, revision: number, request: ExtractRequest): Promise<boolean> {
    return this.start(request, (model) => client.appendToDocument(documentId, { text: request.text, model, expectedRevision: revision }), client);
  }

  /** Starts a task (one at a time), remembers it for a reopened page, and follows it. */
  private async start(
    request: ExtractRequest,
    begin: (model: string | undefined) => Promise<{ taskId: string; documentId: string }>,
    client: ApiClient,
  ): Promise<boolean> {
    if (this.running) return false;
    this.submitting = true;
    this.host.requestUpdate();
    try {
      const model = request.model ?? this.model ?? undefined;
      const started = await begin(model);
      this.ui.set({ running: { taskId: started.taskId, documentId: started.documentId }, ...(model ? { model } : {}) });
      this.poll.follow(client, started.taskId);
      return true;
    } catch (error) {
      this.callbacks.onError(error);
      return false;
    } finally {
      this.submitting = false;
      this.host.requestUpdate();
    }
  }

  /** Follows the task stored by an earlier visit, if any. */
  resume(client: ApiClient): boolean {
    const running = this.ui.value.running;
    if (!running) return false;
    this.poll.follow(client, running.taskId);
    return true;
  }

  /** Follows a task found active on an opened document. */
  follow(client: ApiClient, task: TaskStatus): void {
    this.ui.set({ running: { taskId: task.taskId, documentId: task.documentId } });
    this.poll.follow(client, task.taskId, task);
  }

  async cancel(client: ApiClient, taskId: string): Promise<void> {
    this.cancelling = true;
    this.host.requestUpdate();
    try {
      const task = await client.cancelTask(taskId);
      this.poll.stop();
      this.finish(task);
    } catch (error) {
      this.callbacks.onError(error);
    } finally {
      this.cancelling = false;
      this.host.requestUpdate();
    }
  }

  /** Forgets the last finished task shown. */
  dismiss(): void {
    if (!this.poll.running) this.poll.clear();
  }

  private finish(task: TaskStatus): void {
    this.ui.set({ running: null });
    this.poll.task = task;
    this.host.requestUpdate();
    this.callbacks.onDone(task);
  }
}
