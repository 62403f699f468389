// Reading only (issue 27): `mode="viewer"`, and by itself with a read capability or a static file, the workbench
// offers no input, append, history or write action — reading, asking and export stay. And a host given a height (an
// 800 px box on a docs page) is filled: the workbench's content stays inside it and scrolls there.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser';
import { EN_TEXT, ZH_TEXT, createViaApi, taskSucceeded } from './workbench-helpers';

const baseUrl = inject('baseUrl');
let browser: BrowserSession;
const docs: Record<'en' | 'zh', { documentId: string; writeCapability: string }> = {} as never;

beforeAll(async () => {
  browser = await openBrowser();
  for (const [lang, text] of [
    ['en', EN_TEXT],
    ['zh', ZH_TEXT],
  ] as const) {
    const created = await createViaApi(baseUrl, { text, title: `Viewer ${lang}` });
    await taskSucceeded(baseUrl, created.taskId);
    docs[lang] = { documentId: created.documentId, writeCapability: created.writeCapability as string };
  }
});
afterAll(async () => {
  await browser?.close();
});

/** A page of the Worker's origin with one workbench of the given attributes (and the page's write capability). */
async function mount(page: Page, attrs: Record<string, string>, style = '', writeCapability?: string) {
  await page.goto(`${baseUrl}/examples/static.html`);
  await page.evaluate(
    ([a, css, w, id]) => {
      document.querySelector('kg-workbench')?.remove();
      // The page holds the document's write capability, as the page that created it does: viewer mode must still
      // offer nothing that writes.
      if (w) localStorage.setItem('kg-workbench:write-capabilities', JSON.stringify({ [id!]: w }));
      const wb = document.createElement('kg-workbench');
      for (const [k, v] of Object.entries(a as Record<string, string>)) wb.setAttribute(k, v);
      if (css) wb.setAttribute('style', css as string);
      document.body.append(wb);
    },
    [attrs, style, writeCapability ?? '', attrs['document-id'] ?? ''] as const,
  );
  await page.locator('kg-graph-view [data-node-id]').first().waitFor({ timeout: 30_000 });
}

/** What a reader could use to write: the header's New text and History, the input, a node's editor, fix buttons. */
async function writeActions(page: Page) {
  const names = /^(New text|History|新文本|历史|Extract|拆分|Append|追加)$/;
  return {
    buttons: await page.locator('kg-workbench header button').filter({ hasText: names }).count(),
    input: await page.locator('kg-input-panel').count(),
    history: await page.locator('kg-history-list').count(),
  };
}

describe('viewer mode', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`${lang}: mode="viewer" offers no write action though the page holds the write capability`, async () => {
      const { page } = browser;
      const { documentId, writeCapability } = docs[lang];
      await mount(page, { 'document-id': documentId, mode: 'viewer', lang }, '', writeCapability);
      expect(await writeActions(page)).toEqual({ buttons: 0, input: 0, history: 0 });
      // Selecting a node opens its card with no editor; reading stays (the card, its relations).
      await page.locator('kg-graph-view [data-node-id]:not(.outside)').first().click();
      await page.locator('kg-detail-card').first().waitFor();
      expect(await page.locator('kg-node-editor button').count()).toBe(0);
      // Export stays.
      expect(await page.locator('kg-export-menu').count()).toBe(1);
      // The same page without viewer mode writes: the test would pass for a workbench that never offers writing.
      await mount(page, { 'document-id': documentId, lang }, '', writeCapability);
      expect((await writeActions(page)).buttons).toBeGreaterThan(0);
    });
  }

  it('a read capability turns viewer mode on by itself', async () => {
    const { page } = browser;
    const { documentId, writeCapability } = docs.en;
    const issued = await fetch(`${baseUrl}/api/documents/${documentId}/capabilities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${writeCapability}` },
      body: JSON.stringify({ scope: 'read', ttlSeconds: 600 }),
    });
    const { token } = (await issued.json()) as { token: string };
    await mount(page, { 'document-id': documentId, capability: token });
    expect(await writeActions(page)).toEqual({ buttons: 0, input: 0, history: 0 });
  });
});

describe('a host with a height', () => {
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`fills an 800 px host and keeps its content inside it at ${w}×${h}`, async () => {
      const { page } = browser;
      await page.setViewportSize({ width: w, height: h });
      const { documentId } = docs.en;
      await mount(page, { 'document-id': documentId, mode: 'viewer' }, 'display:block;height:800px');
      const box = await page.evaluate(() => {
        const host = document.querySelector('kg-workbench')!;
        const r = host.getBoundingClientRect();
        const panes = host.shadowRoot!.querySelector('.panes')!.getBoundingClientRect();
        return {
          bottom: r.bottom,
          height: r.height,
          panesBottom: panes.bottom,
          panesHeight: panes.height,
          // What the host shows when scrolled to its end, in the page's coordinates.
          scrolledBottom: r.top + host.scrollHeight,
          overflow: getComputedStyle(host).overflowY,
        };
      });
      expect(box.height).toBe(800);
      // Nothing leaves the host's box: it clips and scrolls, and the panes end within what it scrolls to (on a phone
      // the chrome above takes half the box, so the host scrolls inside rather than squeeze the graph).
      expect(box.overflow).toBe('auto');
      expect(box.panesBottom).toBeLessThanOrEqual(box.scrolledBottom + 0.5);
      if (w > 720) expect(box.panesBottom).toBeLessThanOrEqual(box.bottom + 0.5);
      // and the graph keeps a readable height.
      expect(box.panesHeight).toBeGreaterThanOrEqual(w > 720 ? 240 : 400);
      if (process.env.KG_SHOTS_DIR) {
        mkdirSync(process.env.KG_SHOTS_DIR, { recursive: true });
        await page.screenshot({ path: path.join(process.env.KG_SHOTS_DIR, `viewer-800-${w}.png`), fullPage: true });
      }
    });
  }
});
