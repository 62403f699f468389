// Descriptions of the task routes and the agent-trace routes.
import { AppendBody as TraceAppendBody, CreateBody as TraceCreateBody } from '../../routes/traces';
import { op } from '../registry';
import * as S from '../schemas';

const TASKS = 'Tasks';
const TRACES = 'Traces';

const events = [
  { seq: 1, kind: 'user', text: 'Why does the build fail?' },
  { seq: 2, kind: 'tool_result', text: 'The test fails because the cache is stale.' },
];

export const taskOperations = [
  op({
    method: 'get',
    path: '/api/tasks/:taskId',
    tag: TASKS,
    access: 'read',
    summary: "A task's state, progress and (read-only tasks) result",
    responses: {
      200: {
        description: 'The task.',
        schema: S.TaskStatusSchema,
        example: {
          taskId: 'task_w7rr7cg3tfcxg6jm',
          documentId: '3f0c…',
          kind: 'extract',
          status: 'succeeded',
          stage: 'done',
          progress: { done: 1, total: 1, charsReceived: 0 },
          elapsedMs: 235,
          warnings: [],
          model: 'builtin:heuristic',
          revision: 1,
        },
      },
    },
    errors: [],
  }),
  op({
    method: 'post',
    path: '/api/tasks/:taskId/cancel',
    tag: TASKS,
    access: 'write',
    summary: 'Cancel a queued or running task; nothing is published',
    description: 'Cancelling a read-only task (review, question, answer) needs read access only.',
    responses: { 200: { description: 'The task, now cancelled.', schema: S.TaskStatusSchema } },
    errors: ['not_cancellable'],
  }),
  op({
    method: 'get',
    path: '/api/tasks/:taskId/events',
    tag: TASKS,
    access: 'read',
    summary: "The task's progress pushed over a WebSocket",
    description:
      'Offer subprotocol `kg.v1` (and, with a token, `kg.bearer.<base64url of the token>`). The current state at once (the JSON of GET /api/tasks/{taskId}), every change (at most 4 a second), the final state, then close code 1000. Send `ping` to get `pong`.',
    responses: { 101: { description: 'Switching protocols (WebSocket).', contentType: 'none' } },
    errors: ['upgrade_required'],
  }),
];

export const traceOperations = [
  op({
    method: 'post',
    path: '/api/traces',
    tag: TRACES,
    access: 'create',
    summary: "An agent's execution trace as a document",
    description:
      'Send `events`, or a trace `file` as read (`{ name?, text }`): OpenAI chat messages (with `tool_calls` and `role: "tool"` results), Anthropic messages (`text`, `tool_use` and `tool_result` blocks) or kg-workbench events, as JSON or JSON Lines. The format is read from the content and given back as `file.format`.',
    body: TraceCreateBody,
    bodyExample: { title: 'Debug session', events },
    responses: { 202: { description: 'The trace document and its extraction task.', schema: S.TraceStarted } },
    errors: ['invalid_input', 'input_too_large', 'unknown_model', 'forbidden'],
  }),
  op({
    method: 'post',
    path: '/api/traces/:id/events',
    tag: TRACES,
    access: 'write',
    summary: 'Append the events after the last one in the graph',
    body: TraceAppendBody,
    bodyExample: { events: [{ seq: 3, kind: 'assistant', text: 'So I cleared the cache.' }] },
    responses: { 202: { description: 'The append task and what was counted.', schema: S.TraceStarted } },
    errors: ['invalid_input', 'input_too_large', 'unknown_model', 'empty', 'busy', 'revision_conflict'],
  }),
  op({
    method: 'get',
    path: '/api/traces/:id/events',
    tag: TRACES,
    access: 'read',
    summary: "The trace's events with the units each covers",
    responses: { 200: { description: 'Events.', schema: S.TraceEventsAnswer } },
    errors: ['invalid_input'],
  }),
];
