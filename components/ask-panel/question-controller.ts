// One question at a time: submit, follow its answer task (pushed over the task feed, as extractions are), cancel.
// Its failures stay here and are shown by the panel; they never reach the workbench's own notice.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TaskStatus } from '../../core/schema';
import { ApiError } from '../shared/api-client';
import { TaskFeedController } from '../shared/task-feed-controller';
import type { AskBackend } from './ask-backend';
import { readAnswer, type AnswerRequest, type GraphAnswerResult } from './ask-types';

export type QuestionPhase = 'idle' | 'submitting' | 'running' | 'done' | 'failed' | 'cancelled';

export class QuestionController implements ReactiveController {
  phase: QuestionPhase = 'idle';
  question = '';
  answer: GraphAnswerResult | null = null;
  error: { code: string; message: string } | null = null;
  cancelling = false;
  /** The running answer task (known before its feed's first message arrives, so it can be cancelled at once). */
  private taskId: string | null = null;
  private backend: AskBackend | null = null;
  private abort: AbortController | null = null;
  private readonly feed: TaskFeedController;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
    this.feed = new TaskFeedController(host, {
      onProgress: () => host.requestUpdate(),
      onDone: (task) => this.settle(task),
      onError: (error) => this.fail(error),
    });
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.abort?.abort();
  }

  /** A question is being sent or answered: the input is disabled and a second submit is ignored. */
  get busy(): boolean {
    return this.phase === 'submitting' || this.phase === 'running';
  }

  get task(): TaskStatus | null {
    return this.feed.task;
  }

  async ask(backend: AskBackend, request: AnswerRequest): Promise<void> {
    if (this.busy) return;
    this.backend = backend;
    this.question = request.question;
    this.phase = 'submitting';
    this.answer = null;
    this.error = null;
    this.taskId = null;
    this.feed.clear();
    const abort = new AbortController();
    this.abort = abort;
    this.host.requestUpdate();
    try {
      const started = await backend.startAnswer(request, abort.signal);
      if (abort.signal.aborted) return;
      if (started.kind === 'answer') {
        this.answer = started.result;
        this.phase = 'done';
      } else {
        this.phase = 'running';
        this.taskId = started.taskId;
        this.feed.follow(backend.client!, started.taskId);
      }
    } catch (error) {
      this.fail(error);
    } finally {
      this.host.requestUpdate();
    }
  }

  /** Cancels the running question; a question already over keeps its final state (the feed brings it). */
  async cancel(): Promise<void> {
    const taskId = this.taskId;
    const client = this.backend?.client;
    if (this.phase === 'submitting') {
      this.abort?.abort();
      this.phase = 'cancelled';
      this.host.requestUpdate();
      return;
    }
    if (this.phase !== 'running' || !taskId || !client || this.cancelling) return;
    this.cancelling = true;
    this.host.requestUpdate();
    try {
      const final = await client.cancelTask(taskId);
      if (this.phase === 'running') {
        this.feed.stop();
        this.settle(final);
      }
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'not_cancellable')) this.fail(error);
    } finally {
      this.cancelling = false;
      this.host.requestUpdate();
    }
  }

  /** Forgets the shown question (another document was opened). */
  reset(): void {
    this.abort?.abort();
    this.feed.clear();
    this.phase = 'idle';
    this.answer = null;
    this.error = null;
    this.question = '';
    this.host.requestUpdate();
  }

  private settle(task: TaskStatus): void {
    this.feed.task = task;
    if (task.status === 'succeeded') {
      this.answer = readAnswer(task.result);
      if (this.answer) {
        // The task's model names the answerer when the result does not.
        if (!this.answer.model) this.answer.model = task.model;
        this.phase = 'done';
      } else this.fail(new ApiError('internal', 'unreadable answer'));
    } else if (task.status === 'cancelled') {
      this.phase = 'cancelled';
    } else {
      this.fail(new ApiError(task.error?.code ?? 'internal', task.error?.message ?? task.status));
    }
    this.host.requestUpdate();
  }

  private fail(error: unknown): void {
    if ((error as Error)?.name === 'AbortError') return;
    this.phase = 'failed';
    this.error = {
      code: error instanceof ApiError ? error.code : 'internal',
      message: error instanceof Error ? error.message : String(error),
    };
    this.host.requestUpdate();
  }
}
