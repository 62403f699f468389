// Pushes a task's state to the browsers that follow it (core/schema/task-feed.ts has the protocol). The sockets are
// hibernatable (ctx.acceptWebSocket, tagged with the task id): a client that waits costs nothing while the object
// sleeps, keep-alive pings are answered by the runtime without waking it, and the sockets survive the object being
// evicted and constructed again. Every state the task store records goes out as the same JSON as
// GET /api/tasks/:taskId; progress is throttled, final states are sent at once and the socket is then closed.
import { KgError } from '../core/errors';
import { isTerminal, type TaskStatus } from '../core/schema/task';
import {
  FEED_FINAL_CLOSE,
  FEED_PING,
  FEED_PONG,
  FEED_PROGRESS_INTERVAL_MS,
  TASK_FEED_PROTOCOL,
} from '../core/schema/task-feed';

const EVENTS_PATH = /^\/api\/tasks\/([^/]+)\/events$/;

export class ProgressFeed {
  private readonly lastSent = new Map<string, number>();
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly ctx: DurableObjectState,
    /** The task's current state as GET /api/tasks/:taskId answers it, or null when the object has no such task. */
    private readonly read: (taskId: string) => TaskStatus | null,
    private readonly intervalMs = FEED_PROGRESS_INTERVAL_MS,
  ) {
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(FEED_PING, FEED_PONG));
  }

  /**
   * Upgrades GET /api/tasks/:taskId/events (the Worker has checked access and that the task exists). The current
   * state goes out first, so a client that reconnects always starts from the truth (its resync).
   */
  accept(request: Request): Response {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket')
      return errorJson(new KgError('upgrade_required'));
    const taskId = EVENTS_PATH.exec(new URL(request.url).pathname)?.[1];
    const status = taskId ? this.read(decodeURIComponent(taskId)) : null;
    if (!taskId || !status) return errorJson(new KgError('not_found', 'No such task.'));
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server, [status.taskId]);
    server.send(JSON.stringify(status));
    if (isTerminal(status.status)) server.close(FEED_FINAL_CLOSE, status.status);
    const offered = (request.headers.get('sec-websocket-protocol') ?? '').split(',').map((p) => p.trim());
    // Echo only the protocol itself: the bearer token offered beside it must never come back in a response.
    const headers = offered.includes(TASK_FEED_PROTOCOL) ? { 'Sec-WebSocket-Protocol': TASK_FEED_PROTOCOL } : undefined;
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  /** Called after every write of the task store: sends the new state to the task's sockets, if it has any. */
  changed(taskId: string): void {
    if (this.ctx.getWebSockets(taskId).length === 0) return;
    const status = this.read(taskId);
    if (!status) return;
    if (isTerminal(status.status)) {
      clearTimeout(this.pending.get(taskId));
      this.pending.delete(taskId);
      this.lastSent.delete(taskId);
      this.broadcast(taskId, status, true);
      return;
    }
    if (this.pending.has(taskId)) return;
    const wait = (this.lastSent.get(taskId) ?? 0) + this.intervalMs - Date.now();
    if (wait <= 0) {
      this.broadcast(taskId, status, false);
      return;
    }
    // A trailing send carries the newest state once the interval has passed.
    this.pending.set(
      taskId,
      setTimeout(() => {
        this.pending.delete(taskId);
        const latest = this.read(taskId);
        if (latest && !isTerminal(latest.status)) this.broadcast(taskId, latest, false);
      }, wait),
    );
  }

  /** Clients only send pings (answered by the runtime); anything else asks for the current state again. */
  message(ws: WebSocket, message: string | ArrayBuffer): void {
    if (message === FEED_PING) return;
    const [taskId] = this.ctx.getTags(ws);
    const status = taskId ? this.read(taskId) : null;
    if (status) ws.send(JSON.stringify(status));
  }

  /** Completes the closing handshake the client started. */
  closed(ws: WebSocket, code: number, reason: string): void {
    try {
      ws.close(code === 1005 || code === 1006 ? FEED_FINAL_CLOSE : code, reason);
    } catch {
      // Already closed (the runtime may have answered the close itself).
    }
  }

  private broadcast(taskId: string, status: TaskStatus, final: boolean): void {
    this.lastSent.set(taskId, Date.now());
    const data = JSON.stringify(status);
    for (const ws of this.ctx.getWebSockets(taskId)) {
      try {
        ws.send(data);
        if (final) ws.close(FEED_FINAL_CLOSE, status.status);
      } catch {
        // A socket that went away meanwhile: its client reconnects and resyncs.
      }
    }
  }
}

function errorJson(error: KgError): Response {
  return Response.json({ error: error.toBody('en') }, { status: error.status });
}
