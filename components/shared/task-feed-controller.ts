// Follows one task until it reaches a final state, with its progress pushed by the document's Durable Object over
// a WebSocket (GET /api/tasks/:id/events). Losing the connection is normal (network, server restart, laptop lid):
// the controller reconnects forever while the host is connected and the task is not final, with jittered backoff
// capped at a few seconds, at once when the browser comes back online; the first message after every reconnect is
// the server's current state and replaces whatever was shown (the resync). When sockets cannot work (blocked by a
// proxy, or no WebSocket at all) but HTTP does, it falls back to polling GET /api/tasks/:id, which never gives up
// either. Only a failure that ends following (the task is gone, access refused) is reported, once.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TaskStatus } from '../../core/schema';
import { isTerminal } from '../../core/schema/task';
import { FEED_PING } from '../../core/schema/task-feed';
import { ApiError, type ApiClient } from './api-client';

/** live: messages arrive (socket or polling); reconnecting: the server cannot be reached right now. */
export type FeedConnection = 'live' | 'reconnecting';

export interface TaskFeedCallbacks {
  onProgress(task: TaskStatus): void;
  onDone(task: TaskStatus): void;
  /** Following ended because of this failure (reported once). */
  onError(error: unknown): void;
  onConnection?(state: FeedConnection): void;
}

export interface TaskFeedTiming {
  /** First retry delay; doubles per failure up to backoffCapMs, then jittered to 50–100 %. */
  backoffMs: number;
  backoffCapMs: number;
  /** A ping keeps the socket checked; with no message at all for silenceMs it is treated as dead. */
  pingMs: number;
  silenceMs: number;
  pollMs: number;
  /** A status request that has not answered by then is abandoned and retried (a stalled connection never fails). */
  requestMs: number;
  /** Sockets that fail before opening while HTTP reaches the server, before polling takes over. */
  socketFailuresBeforePolling: number;
}

export const FEED_TIMING: TaskFeedTiming = {
  backoffMs: 500,
  backoffCapMs: 4_000,
  pingMs: 10_000,
  silenceMs: 25_000,
  pollMs: 1_000,
  requestMs: 10_000,
  socketFailuresBeforePolling: 3,
};

/** The wait before retry number `attempt` (1-based): exponential, capped, jittered so clients do not stampede. */
export function backoffDelay(
  attempt: number,
  timing: Pick<TaskFeedTiming, 'backoffMs' | 'backoffCapMs'> = FEED_TIMING,
  random = Math.random,
): number {
  const ceiling = Math.min(timing.backoffCapMs, timing.backoffMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

/** Failures that no retry can fix: the task does not exist (any more) or access is refused. */
export function isPermanent(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

export class TaskFeedController implements ReactiveController {
  task: TaskStatus | null = null;
  connection: FeedConnection = 'live';
  /** How the task is followed now (polling after sockets proved impossible). */
  transport: 'socket' | 'polling' = 'socket';
  private taskId: string | null = null;
  private client: ApiClient | null = null;
  private socket: WebSocket | null = null;
  private abort: AbortController | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  /** Failures since the last message: drives the backoff. */
  private failures = 0;
  private socketFailures = 0;
  /** Bumped whenever following starts or stops, so late events of an earlier connection are ignored. */
  private generation = 0;
  private connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly callbacks: TaskFeedCallbacks,
    private readonly timing: TaskFeedTiming = FEED_TIMING,
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
    this.failures = 0;
    this.socketFailures = 0;
    this.transport = typeof WebSocket === 'function' ? 'socket' : 'polling';
    this.host.requestUpdate();
    if (this.connected) this.connect();
  }

  stop(): void {
    this.generation++;
    this.disconnect();
    this.taskId = null;
    this.setConnection('live');
  }

  /** Clears the last task shown (a finished task stays visible until then). */
  clear(): void {
    this.stop();
    this.task = null;
    this.host.requestUpdate();
  }

  hostConnected(): void {
    this.connected = true;
    addEventListener('online', this.onOnline);
    addEventListener('offline', this.onOffline);
    if (this.taskId) this.connect();
  }

  hostDisconnected(): void {
    this.connected = false;
    removeEventListener('online', this.onOnline);
    removeEventListener('offline', this.onOffline);
    this.generation++;
    this.disconnect();
  }

  /** Back online: retry now instead of waiting out the backoff. */
  private readonly onOnline = () => {
    if (this.taskId && this.connected && !this.socket && !this.abort) this.connect();
  };

  /** Offline: the socket (or request) is dead even if the browser has not noticed yet; say so, wait for `online`. */
  private readonly onOffline = () => {
    if (!this.taskId || (!this.socket && !this.abort)) return;
    this.generation++;
    this.disconnect();
    this.retry();
  };

  private connect(): void {
    clearTimeout(this.retryTimer);
    if (!this.taskId || !this.client || !this.connected || this.socket || this.abort) return;
    // Offline: no attempt can succeed; the 'online' event (or the next retry) tries again.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      this.retry();
      return;
    }
    if (this.transport === 'polling') void this.fetchStatus('poll');
    else this.openSocket(this.client, this.taskId);
  }

  private openSocket(client: ApiClient, taskId: string): void {
    const generation = this.generation;
    let ws: WebSocket;
    try {
      ws = client.taskEvents(taskId);
    } catch {
      // The constructor itself refused (a content security policy, say): HTTP is all there is.
      this.transport = 'polling';
      return void this.fetchStatus('poll');
    }
    this.socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.socketFailures = 0;
      this.pingTimer = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(FEED_PING), this.timing.pingMs);
      this.armSilence(ws);
    };
    ws.onmessage = (event) => {
      if (generation !== this.generation) return;
      this.armSilence(ws);
      const task = parseStatus(event.data);
      if (task) this.receive(task);
    };
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.clearSocketTimers();
      if (generation !== this.generation || !this.taskId) return;
      // A socket that never opened may mean the task is gone or sockets are blocked: HTTP tells which.
      if (opened) this.retry();
      else void this.fetchStatus('probe');
    };
  }

  /** No message (not even a pong) for too long: the connection is dead without having said so. */
  private armSilence(ws: WebSocket): void {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      if (this.socket !== ws) return;
      this.generation++;
      this.disconnect();
      this.retry();
    }, this.timing.silenceMs);
  }

  /** GET /api/tasks/:id: the polling fallback, or the check after a socket failed to open. */
  private async fetchStatus(why: 'poll' | 'probe'): Promise<void> {
    const { client, taskId } = this;
    if (!client || !taskId) return;
    const generation = this.generation;
    const abort = new AbortController();
    this.abort = abort;
    // Aborted with a reason that is not an AbortError, so the client reports it as a network failure (retried).
    const timer = setTimeout(
      () => abort.abort(new DOMException('The status request timed out.', 'TimeoutError')),
      this.timing.requestMs,
    );
    try {
      const task = await client.task(taskId, abort.signal);
      if (generation !== this.generation) return;
      this.abort = null;
      if (this.receive(task)) return;
      if (why === 'probe' && ++this.socketFailures >= this.timing.socketFailuresBeforePolling)
        this.transport = 'polling';
      if (this.transport === 'polling') this.retryTimer = setTimeout(() => this.connect(), this.timing.pollMs);
      else this.retry();
    } catch (error) {
      // Only disconnect() aborts otherwise, and it starts a new generation.
      if (generation !== this.generation) return;
      const timedOut = (abort.signal.reason as Error | undefined)?.name === 'TimeoutError';
      if ((error as Error).name === 'AbortError' && !timedOut) return;
      this.abort = null;
      if (!timedOut && isPermanent(error)) return this.fail(error);
      this.retry();
    } finally {
      clearTimeout(timer);
    }
  }

  /** Applies the server's state; true when it is final (following ends). */
  private receive(task: TaskStatus): boolean {
    if (task.taskId !== this.taskId) return false;
    this.failures = 0;
    this.setConnection('live');
    this.task = task;
    this.host.requestUpdate();
    if (!isTerminal(task.status)) {
      this.callbacks.onProgress(task);
      return false;
    }
    this.stop();
    this.callbacks.onDone(task);
    return true;
  }

  private retry(): void {
    clearTimeout(this.retryTimer);
    if (!this.taskId || !this.connected) return;
    this.failures++;
    this.setConnection('reconnecting');
    this.retryTimer = setTimeout(() => this.connect(), backoffDelay(this.failures, this.timing));
  }

  private fail(error: unknown): void {
    this.stop();
    this.callbacks.onError(error);
  }

  private disconnect(): void {
    clearTimeout(this.retryTimer);
    this.clearSocketTimers();
    this.abort?.abort();
    this.abort = null;
    const ws = this.socket;
    this.socket = null;
    if (ws) {
      ws.onmessage = ws.onclose = null;
      // Closing a socket that is still connecting makes the browser log an error: close it once it opens instead.
      if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close();
      else {
        ws.onopen = null;
        if (ws.readyState === WebSocket.OPEN) ws.close();
      }
    }
  }

  private clearSocketTimers(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.silenceTimer);
  }

  private setConnection(state: FeedConnection): void {
    if (this.connection === state) return;
    this.connection = state;
    this.host.requestUpdate();
    this.callbacks.onConnection?.(state);
  }
}

function parseStatus(data: unknown): TaskStatus | null {
  if (typeof data !== 'string' || !data.startsWith('{')) return null;
  try {
    const value = JSON.parse(data) as TaskStatus;
    return typeof value.taskId === 'string' && typeof value.status === 'string' && value.progress ? value : null;
  } catch {
    return null;
  }
}
