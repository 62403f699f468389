// An agent trace in the workbench (issue 13): its events listed with kind badges instead of paragraphs, navigation
// both ways (an event selects its nodes; a node marks its event), and live follow: events an agent appends through
// the API appear without a reload.
import { expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { eventually, graphNodes, openDemo, settled, taskSucceeded } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const EVENTS = [
  { seq: 1, type: 'turn/start', data: { turn: 1 } },
  { seq: 2, type: 'user/message', data: { content: [{ type: 'text', text: 'Why is the nightly export empty?' }] } },
  { seq: 3, type: 'tool/call', data: { name: 'sql', arguments: { query: 'select count(*) from exports' } } },
  {
    seq: 4,
    type: 'tool/result',
    data: {
      content: [
        { type: 'text', text: 'The exports table holds 0 rows. The job log shows a permission error at 02:00.' },
      ],
    },
  },
  {
    seq: 5,
    type: 'assistant/message',
    data: { content: [{ type: 'text', text: 'The job could not write its rows, so the export is empty.' }] },
  },
  { seq: 6, type: 'turn/end', data: { turn: 1, reason: 'done' } },
];
const MORE = [
  { seq: 7, kind: 'tool_result', text: 'After the grant the job wrote 1200 rows.' },
  { seq: 8, kind: 'assistant', text: 'The grant fixed the job, so tonight’s export will be complete.' },
];

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  if (res.status !== 202) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer as { documentId: string; taskId: string; writeCapability: string };
}

it('shows a trace as events, navigates both ways, and follows the trace as it grows', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1280, height: 800 });
  const created = await post('/api/traces', { events: EVENTS });
  await taskSucceeded(baseUrl, created.taskId);
  await openDemo(page, baseUrl, `/#doc=${created.documentId}`);
  const events = page.locator('kg-trace-events li[data-seq]');
  await eventually(() =>
    events.evaluateAll((els) => els.map((e) => [e.getAttribute('data-seq'), e.getAttribute('data-kind')])),
  ).toEqual([
    ['1', 'turn/start'],
    ['2', 'user/message'],
    ['3', 'tool/call'],
    ['4', 'tool/result'],
    ['5', 'assistant/message'],
    ['6', 'turn/end'],
  ]);
  // Badges name the kind; the text is the event's content, not its `#seq label` prefix.
  const toolResult = page.locator('kg-trace-events li[data-seq="4"]');
  expect(await toolResult.locator('.kind').textContent()).toBe('Tool result');
  expect(await toolResult.locator('.text').textContent()).toBe(
    'The exports table holds 0 rows. The job log shows a permission error at 02:00.',
  );
  expect(await page.locator('kg-source-pane').count()).toBe(0);
  await settled(page);
  await page.screenshot({ path: 'test-results/workbench-trace.png' });

  // Event → nodes: the tool result's nodes are selected in the graph.
  await toolResult.locator('button').click();
  const selected = page.locator('kg-graph-view [data-node-id][aria-selected="true"]');
  await eventually(() => selected.count()).toBeGreaterThan(0);
  const selectedTexts = await selected.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  expect(selectedTexts.join(' ')).toMatch(/exports table|permission error/);
  expect(await toolResult.getAttribute('aria-current')).toBe('true');

  // Node → event: clicking the reply's node marks the reply's event current. The view opens on the largest connected
  // piece; the reply's node lies in another, so the reader fits the whole graph first.
  await page.getByRole('button', { name: 'Fit to view' }).click();
  const reply = graphNodes(page)
    .filter({ hasText: /could not write/ })
    .first();
  await reply.click();
  await eventually(() =>
    page
      .locator('kg-trace-events li[aria-current="true"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-seq'))),
  ).toEqual(['5']);

  // Keyboard: the events are buttons in the tab order; Enter on one selects its nodes.
  await page.locator('kg-trace-events li[data-seq="2"] button').focus();
  await page.keyboard.press('Enter');
  await eventually(() => page.locator('kg-trace-events li[data-seq="2"]').getAttribute('aria-current')).toBe('true');

  // Nothing feeds this trace yet: the pane does not claim to follow it.
  const following = page.locator('kg-trace-events .following');
  expect(await following.count()).toBe(0);
  // Live follow: the agent appends two events through the API; the open page shows them without a reload.
  const grew = page.evaluate(
    () =>
      new Promise((resolve) =>
        document.addEventListener('kg-trace-grew', (e) => resolve((e as CustomEvent).detail), { once: true }),
      ),
  );
  const appended = await post(
    `/api/traces/${created.documentId}/events`,
    { events: MORE, expectedRevision: 1 },
    created.writeCapability,
  );
  await taskSucceeded(baseUrl, appended.taskId);
  expect(await grew).toMatchObject({ documentId: created.documentId, revision: 2 });
  await eventually(() => events.evaluateAll((els) => els.map((e) => e.getAttribute('data-seq')))).toEqual([
    '1',
    '2',
    '3',
    '4',
    '5',
    '6',
    '7',
    '8',
  ]);
  await eventually(() =>
    graphNodes(page)
      .filter({ hasText: /1200 rows/ })
      .count(),
  ).toBe(1);
  // It grew while open: now the pane says it follows.
  await eventually(() => following.count()).toBe(1);

  // "Append new events": a harness gives the workbench its whole trace; only the events after seq 8 are added. The
  // button is offered only to a page that may change the trace (it holds the trace's write capability).
  await page.evaluate(
    ([id, token]) => localStorage.setItem('kg-workbench:write-capabilities', JSON.stringify({ [id]: token })),
    [created.documentId, created.writeCapability],
  );
  await page.evaluate(() => {
    const wb = document.querySelector('kg-workbench') as unknown as { traceEventSource: () => unknown[] };
    wb.traceEventSource = () => [
      { seq: 7, kind: 'tool_result', text: 'After the grant the job wrote 1200 rows.' },
      { seq: 9, kind: 'tool_result', text: 'The export file holds 1200 lines.' },
    ];
    (wb as unknown as HTMLElement & { requestUpdate(): void }).requestUpdate();
  });
  await page.getByRole('button', { name: 'Append new events' }).click();
  await eventually(() => events.evaluateAll((els) => els.map((e) => e.getAttribute('data-seq'))), {
    timeout: 60_000,
  }).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  // Sent again, nothing is new: the reader is told so, and nothing changes.
  await page.getByRole('button', { name: 'Append new events' }).click();
  await eventually(() => page.locator('[data-error-code="empty"]').count()).toBe(1);
  expect(await events.count()).toBe(9);
});

it('labels the events in Chinese', async () => {
  const { page } = browser;
  const created = await post('/api/traces', {
    events: [
      { seq: 1, kind: 'user', text: '为什么导出为空？' },
      { seq: 2, kind: 'tool_result', text: '导出表中有 0 行。' },
    ],
  });
  await taskSucceeded(baseUrl, created.taskId);
  await openDemo(page, baseUrl, `/?lang=zh#doc=${created.documentId}`);
  await page.evaluate(() => document.querySelector('kg-workbench')!.setAttribute('lang', 'zh'));
  const kinds = page.locator('kg-trace-events li[data-seq] .kind');
  await eventually(() => kinds.allTextContents()).toEqual(['用户消息', '工具结果']);
  expect(await page.locator('kg-trace-events h2').textContent()).toBe('轨迹事件');
});
