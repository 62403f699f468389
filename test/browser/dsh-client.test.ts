// The DSH plugin's client half (integrations/dsh/lib/client.js, the persistent bundle's __ModuleLoader__ module) in a
// stand-in harness page (dsh-shell.fixture.js: real React and a real Cordis context with stand-in slot/session
// services, written from docs/contracts/dsh-plugin.md), served with the host half by the stand-in web server
// (test/support/dsh-stand-in.ts), which forwards to the browser tests' `wrangler dev`. The 「知识图」 header button
// opens the floating workbench; a chat selection is graphed in it; the 「轨迹知识图」 tab graphs the session's trace
// and appends its new events.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import * as hostModule from '../../integrations/dsh/lib/index.js';
import { clientModule } from '../../integrations/dsh/build.mjs';
import { useBrowser } from '../support/browser';
import { startStandIn, type StandIn } from '../support/dsh-stand-in';
import { eventually } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser({ locale: 'zh-CN' });
let harness: StandIn;

beforeAll(async () => {
  harness = await startStandIn();
  await harness.ctx.plugin(hostModule as never, { api: baseUrl } as never);
  const shell = await build({
    entryPoints: [new URL('./dsh-shell.fixture.js', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  harness.serve('/shell.js', Buffer.from(shell.outputFiles[0].contents), 'text/javascript; charset=utf-8');
  harness.serve(
    '/client.js',
    readFileSync(new URL('../../integrations/dsh/lib/client.js', import.meta.url)),
    'text/javascript; charset=utf-8',
  );
  harness.serve(
    '/',
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>stand-in harness</title><style>.messages{max-width:600px}</style></head>
<body><div id="root"></div><script type="module" src="/shell.js"></script><script type="module" src="/client.js"></script></body></html>`,
    'text/html; charset=utf-8',
  );
});
afterAll(async () => {
  await harness?.close();
});

it('lib/client.js is generated from src/index.client.js (node integrations/dsh/build.mjs)', () => {
  expect(readFileSync(new URL('../../integrations/dsh/lib/client.js', import.meta.url), 'utf8')).toBe(clientModule());
});

it('mounts the workbench in the header button’s floating window and graphs a chat selection there', async () => {
  const { page, errors } = browser;
  // Wide enough that the floating window (right-aligned, ≤ 1100 px) leaves the 600 px of messages uncovered, and the
  // trace tab wider than the workbench's 720 px narrow layout (where its panes become tabs).
  await page.setViewportSize({ width: 1800, height: 900 });
  await page.goto(`${harness.base}/`);
  const launcher = page.getByRole('button', { name: '打开知识图工作台' });
  await expect(launcher.textContent()).resolves.toBe('知识图');
  expect(await launcher.getAttribute('title')).toBe('打开知识图工作台（浮动窗口）');
  await launcher.click();
  const win = page.getByRole('dialog', { name: '知识图工作台' });
  // The workbench itself renders inside (its input panel: no document yet).
  await eventually(() => win.locator('kg-workbench kg-input-panel').count(), { timeout: 30_000 }).toBe(1);

  // A selection in a chat message → 「拆成知识图」 → the open workbench extracts it and shows the graph.
  await page.locator('.message').click({ clickCount: 3 });
  const selectTool = page.getByRole('button', { name: '拆成知识图' });
  await selectTool.click();
  await eventually(() => win.locator('kg-graph-view [data-node-id]').count(), { timeout: 60_000 }).toBeGreaterThan(0);
  await eventually(() =>
    win
      .locator('kg-source-pane')
      .getByText(/Chlorophyll in the leaves/)
      .count(),
  ).toBeGreaterThan(0);
  // Not offered for a selection in the composer.
  await page.getByRole('tab', { name: '对话' }).click();
  await page.getByLabel('composer').click({ clickCount: 3 });
  await page.waitForTimeout(50); // the tool looks 10 ms after mouseup; give it the chance to (wrongly) appear
  expect(await selectTool.count()).toBe(0);
  await win.getByRole('button', { name: '关闭' }).click();
  expect(await win.count()).toBe(0);
  expect(errors.filter((e) => !/WebSocket/.test(e))).toEqual([]);
});

it('graphs the session’s trace in the 「轨迹知识图」 tab and appends its new events', async () => {
  const { page } = browser;
  await page.getByRole('tab', { name: '轨迹知识图' }).click();
  await page.getByRole('button', { name: '拆解本会话轨迹' }).click();
  const events = page.locator('.kg-dsh-trace kg-trace-events li[data-seq]');
  await eventually(() => events.count(), { timeout: 60_000 }).toBe(6);
  await eventually(() => page.locator('.kg-dsh-trace kg-graph-view [data-node-id]').count()).toBeGreaterThan(0);

  // The conversation goes on; "append new events" sends the session's trace, and only the new events are added.
  await page.evaluate(() => {
    const session = (window as unknown as { standInSession: { events: unknown[] } }).standInSession;
    session.events.push(
      {
        seq: 7,
        type: 'tool/result',
        data: { content: [{ type: 'text', text: 'After the grant the job wrote 1200 rows.' }] },
      },
      {
        seq: 8,
        type: 'assistant/message',
        data: { content: [{ type: 'text', text: 'The grant fixed the job, so tonight’s export will be complete.' }] },
      },
    );
  });
  await page.locator('.kg-dsh-trace').getByRole('button', { name: '追加新事件' }).click();
  await eventually(() => events.count(), { timeout: 60_000 }).toBe(8);

  // The tab remembers the session's trace (ids only): after the page is opened again it shows the same document.
  await page.goto(`${harness.base}/`);
  await eventually(() => page.getByRole('tab', { name: '轨迹知识图' }).count(), { timeout: 30_000 }).toBe(1);
  await page.getByRole('tab', { name: '轨迹知识图' }).click();
  await eventually(() => events.count(), { timeout: 60_000 }).toBe(8);
});
