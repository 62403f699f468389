// Starting, following and cancelling extraction tasks. The running task's id is stored (with its document id), so a
// page closed mid-task picks it up again when it reopens. Progress is pushed by the server and survives lost
// connections (shared/task-feed-controller.ts); a cancel is retried while the server cannot be reached.
import { isTraceFileName } from '../../core/trace/file-names';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TaskStatus } from '../../core/schema';
import type { ExtractRequest } from '../input-panel/input-panel';
import type { ApiClient, ModelInfo } from '../shared/api-client';
import type { LocalStateController } from '../shared/local-state';
import { ApiError } from '../shared/api-client';
import { TaskFeedController, backoffDelay, type FeedConnection } from '../shared/task-feed-controller';
import type { UiState } from './ui-state';
import { toImagePayload } from '../image-gallery/image-files';

export interface ExtractionCallbacks {
  onStarted(documentId: string): void;
  onProgress(task: TaskStatus): void;
  onDone(task: TaskStatus): void;
  onError(error: unknown): void;
  /** The task's connection was lost (reconnecting) or is back (live). */
  onConnection?(state: FeedConnection): void;
}

/** A cancel that cannot reach the server is sent again this many times (about 11 s in all) before it is reported. */
const CANCEL_RETRIES = 5;

/** Resolves after `ms`, or at once when the browser comes back online. */
function onlineOrAfter(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    addEventListener('online', done);
  });
}

export class ExtractionController implements ReactiveController {
  models: ModelInfo[] = [];
  submitting = false;
  cancelling = false;
  private readonly feed: TaskFeedController;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly ui: LocalStateController<UiState>,
    private readonly callbacks: ExtractionCallbacks,
  ) {
    host.addController(this);
    this.feed = new TaskFeedController(host, {
      onProgress: (task) => callbacks.onProgress(task),
      onDone: (task) => this.finish(task),
      onError: (error) => {
        this.ui.set({ running: null });
        callbacks.onError(error);
      },
      onConnection: (state) => callbacks.onConnection?.(state),
    });
  }

  hostConnected(): void {}

  get task(): TaskStatus | null {
    return this.feed.task;
  }

  get running(): boolean {
    return this.feed.running || this.submitting;
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
    return this.start(
      request,
      async (model) => {
        if (request.file && isTraceFileName(request.file.name)) {
          const created = await client.createTraceFromFile(request.file, { title: request.title || undefined, model });
          this.callbacks.onStarted(created.documentId);
          return created;
        }
        if (request.file) {
          const created = await client.createDocumentFromFile(request.file, {
            title: request.title || undefined,
            model,
          });
          this.callbacks.onStarted(created.documentId);
          return created;
        }
        // Images go as base64 JSON (the text, when given, is their 说明文字); otherwise the text alone.
        const images = request.images?.length ? await Promise.all(request.images.map(toImagePayload)) : undefined;
        const body = images
          ? { images, ...(request.text.trim() ? { text: request.text } : {}) }
          : { text: request.text };
        const created = await client.createDocument({ title: request.title || undefined, ...body, model });
        this.callbacks.onStarted(created.documentId);
        return created;
      },
      client,
    );
  }

  /** Appends text to an open document (fenced by the revision the reader sees) and follows the task. */
  append(client: ApiClient, documentId: string, revision: number, request: ExtractRequest): Promise<boolean> {
    return this.start(
      request,
      (model) => client.appendToDocument(documentId, { text: request.text, model, expectedRevision: revision }),
      client,
    );
  }

  /** Appends an agent trace's new events to the open trace (fenced by the revision the reader sees) and follows the task. */
  appendTraceEvents(client: ApiClient, documentId: string, revision: number, events: unknown[]): Promise<boolean> {
    return this.start(
      { title: '', text: '', model: null },
      (model) => client.appendTraceEvents(documentId, { events, model, expectedRevision: revision }),
      client,
    );
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
      this.feed.follow(client, started.taskId);
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
    this.feed.follow(client, running.taskId);
    return true;
  }

  /** Follows a task found active on an opened document. */
  follow(client: ApiClient, task: TaskStatus): void {
    this.ui.set({ running: { taskId: task.taskId, documentId: task.documentId } });
    this.feed.follow(client, task.taskId, task);
  }

  /** Cancels the task; works while its feed reconnects (the request is retried), and says so at most once. */
  async cancel(client: ApiClient, taskId: string): Promise<void> {
    if (this.cancelling) return;
    this.cancelling = true;
    this.host.requestUpdate();
    try {
      const task = await this.cancelRequest(client, taskId);
      if (this.feed.task?.taskId === taskId && !this.feed.running) return; // the feed brought the final state first
      this.feed.stop();
      this.finish(task);
    } catch (error) {
      // Already over (it succeeded or failed meanwhile): the feed brings that final state, nothing to report.
      if (error instanceof ApiError && error.code === 'not_cancellable') return;
      this.callbacks.onError(error);
    } finally {
      this.cancelling = false;
      this.host.requestUpdate();
    }
  }

  private async cancelRequest(client: ApiClient, taskId: string): Promise<TaskStatus> {
    for (let attempt = 1; ; attempt++) {
      if (navigator.onLine !== false) {
        try {
          return await client.cancelTask(taskId);
        } catch (error) {
          const transient = error instanceof ApiError && (error.code === 'network' || error.status >= 500);
          if (!transient || attempt > CANCEL_RETRIES) throw error;
        }
      } else if (attempt > CANCEL_RETRIES) {
        throw new ApiError('network', 'The browser is offline.');
      }
      await onlineOrAfter(backoffDelay(attempt));
    }
  }

  /** Forgets the last finished task shown. */
  dismiss(): void {
    if (!this.feed.running) this.feed.clear();
  }

  private finish(task: TaskStatus): void {
    this.ui.set({ running: null });
    this.feed.task = task;
    this.host.requestUpdate();
    this.callbacks.onDone(task);
  }
}
