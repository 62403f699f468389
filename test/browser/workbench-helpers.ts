// Shared steps of the workbench browser tests (Playwright locators pierce the open shadow roots).
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** expect.poll with a timeout fit for a loaded 2-core machine (the default is one second). */
export function eventually<T>(fn: () => T | Promise<T>, options: { timeout?: number; interval?: number } = {}) {
  return expect.poll(fn, { timeout: 10_000, interval: 100, ...options });
}

export const SUMMARY = /^\d[\d,]* nodes · \d[\d,]* relations · anchored \d[\d,]*\/\d[\d,]*$/;

export const EN_TEXT = [
  '# Knowledge graphs',
  'A knowledge graph is defined as a network of facts and concepts. For example, a citation index links papers to the papers they cite.',
  'Because every link carries its source sentence, readers can check each claim.',
  '## Why anchors matter',
  'However, automatic extraction may produce wrong relations. Therefore, the workbench must show the quote of every node.',
  'A checkpoint is a kind of recovery record. It should be written after every batch.',
].join('\n\n');

export const ZH_TEXT = [
  '# 知识图谱',
  '知识图谱是指以图的形式组织事实与概念的知识表示方法。例如，引文索引把论文与其引用的论文连接起来。',
  '因为每条关系都附带原文证据，所以读者可以逐条核对结论。',
  '## 回链的意义',
  '但是，自动抽取可能产生错误的关系。因此，工作台必须显示每个节点的引文。',
  '检查点是一种恢复机制。任务应当在每个批次之后写入检查点。',
].join('\n\n');

/** Opens the demo page with a clean browser state: the origin's localStorage is cleared while no page of it runs. */
export async function openDemo(page: Page, baseUrl: string, path = '/'): Promise<void> {
  await page.goto('about:blank');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseUrl).origin, storageTypes: 'local_storage' });
  await cdp.detach();
  await page.goto(`${baseUrl}${path}`);
}

/** Pastes a text into the workbench, extracts it and waits for the result's summary line. */
export async function extract(
  page: Page,
  text: string,
  options: { title?: string; timeout?: number } = {},
): Promise<void> {
  const newText = page.getByRole('button', { name: /^(New text|新文本)$/ });
  if (await newText.isVisible()) {
    const expanded = await newText.getAttribute('aria-expanded');
    if (expanded !== 'true') await newText.click();
  }
  if (options.title !== undefined) await page.getByLabel(/^(Title|标题)$/).fill(options.title);
  await page.getByLabel(/^(Text to extract|待拆分文本)$/).fill(text);
  await page.getByRole('button', { name: /^(Extract|拆分)$/ }).click();
  // The input collapses once the new result is shown.
  await page
    .getByLabel(/^(Text to extract|待拆分文本)$/)
    .waitFor({ state: 'detached', timeout: options.timeout ?? 60_000 });
  await page.locator('[data-summary]').waitFor();
  await page.locator('kg-graph-view [data-node-id]').first().waitFor({ timeout: 30_000 });
}

/** The window's nodes as drawn (not the concepts outside the window drawn so their mentions have an end). */
export const graphNodes = (page: Page) => page.locator('kg-graph-view [data-node-id]:not(.outside)');
export const sourceUnits = (page: Page) => page.locator('kg-source-pane [data-unit]');

/** Ids of the nodes drawn in the graph pane. */
export function drawnNodeIds(page: Page): Promise<string[]> {
  return graphNodes(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-node-id') ?? ''));
}

/** Reads the workbench's loaded graph (for choosing test targets; assertions use the DOM). */
export function loadedGraph(page: Page) {
  return page.evaluate(() => {
    const wb = document.querySelector('kg-workbench') as unknown as {
      doc: {
        graph: {
          nodes: Array<{ id: string; paragraph: number | null; text: string; evidence: Array<{ paragraph: number }> }>;
          view: { totalNodes: number };
        } | null;
        info: { documentId: string; nodeCount: number; edgeCount: number };
      };
    };
    const g = wb.doc.graph!;
    return { nodes: g.nodes.map((n) => ({ id: n.id, paragraph: n.paragraph, text: n.text })), info: wb.doc.info };
  });
}

/** Creates a document through the HTTP API (as a script would) and returns the server's answer. */
export async function createViaApi(
  baseUrl: string,
  body: { text: string; title?: string; model?: string },
): Promise<{ documentId: string; taskId: string } & Record<string, unknown>> {
  const res = await fetch(`${baseUrl}/api/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  if (res.status !== 202) throw new Error(`POST /api/documents answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * Reads a task's status until it has succeeded. Fails at once, with the task's error in the message, when the task
 * fails or is cancelled or its status cannot be read: a broken extraction shows its cause, not a timeout.
 */
export async function taskSucceeded(
  baseUrl: string,
  taskId: string,
  options: { timeout?: number } = {},
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + (options.timeout ?? 60_000);
  for (;;) {
    const res = await fetch(`${baseUrl}/api/tasks/${taskId}`);
    const status = await res.json();
    if (res.status !== 200)
      throw new Error(`GET /api/tasks/${taskId} answered ${res.status}: ${JSON.stringify(status)}`);
    if (status.status === 'succeeded') return status;
    if (status.status !== 'queued' && status.status !== 'running') {
      throw new Error(
        `task ${taskId} ${status.status}: ${status.error?.code ?? '?'}: ${status.error?.message ?? JSON.stringify(status)}`,
      );
    }
    if (Date.now() > deadline)
      throw new Error(`task ${taskId} still ${status.status} (${status.stage}) after ${options.timeout ?? 60_000} ms`);
    await new Promise((r) => setTimeout(r, 100)); // the poll's interval, not a wait for something to happen
  }
}

/**
 * Waits until the page is still, for a screenshot: every finite animation and transition (shadow roots included)
 * finished, then one frame drawn.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}
