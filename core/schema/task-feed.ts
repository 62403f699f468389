// The task feed: `GET /api/tasks/:taskId/events` upgraded to a WebSocket. The document's Durable Object sends the
// task's state (the same JSON as `GET /api/tasks/:taskId`, a TaskStatus) at once on connect and after every change,
// progress at most every FEED_PROGRESS_INTERVAL_MS, the final state at once; then it closes with FEED_FINAL_CLOSE.
// One home for the protocol, read by the Worker, the object and the browser.

/** The subprotocol a client offers and the server echoes back. */
export const TASK_FEED_PROTOCOL = 'kg.v1';

/**
 * Browsers cannot set an Authorization header on a WebSocket, so the bearer token travels as a second offered
 * subprotocol: this prefix plus the token's UTF-8 bytes in base64url (no padding). Encoded because a subprotocol
 * must be an HTTP token (no '/', '=', spaces), which arbitrary secrets are not. It is never echoed back.
 */
export const FEED_BEARER_PREFIX = 'kg.bearer.';

/** Sent by the client to check that the connection is alive; answered without waking a hibernating object. */
export const FEED_PING = 'ping';
export const FEED_PONG = 'pong';

/** Progress messages per task are at most this often (final states are sent at once). */
export const FEED_PROGRESS_INTERVAL_MS = 250;

/** Close code once the final state was sent (a normal closure). */
export const FEED_FINAL_CLOSE = 1000;
