// Nothing is lost at one click (issue 26), in real Chromium against wrangler dev, in English and Chinese: the
// history's × asks in the row first (Escape or "Keep" deletes nothing, focus stays on the row), "Delete" deletes on
// the server (the shown document closes, a status line says where to restore it), "Recently deleted" lists it with
// the date it stays restorable until, and "Restore" brings it back with its graph, listed again after a reload.
// KG_SHOTS_DIR=<dir> saves the question and "Recently deleted" at 1440×900 and 390×844.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { EN_TEXT, ZH_TEXT, eventually, extract, openDemo, settled } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const WORDS = {
  en: {
    history: 'History',
    del: (t: string) => `Delete ${t}`,
    question: /^Delete “.+”\? It can be restored for 30 days\.$/,
    yes: 'Delete',
    keep: 'Keep',
    recently: /Recently deleted \(1\)/,
    until: /^deleted .+ · restorable until .+$/,
    restore: (t: string) => `Restore ${t}`,
    open: (t: string) => `Open ${t}`,
    deletedNotice: /was deleted\. Restore it from “Recently deleted”\./,
    restoredNotice: /was restored\./,
    input: 'Text to extract',
  },
  zh: {
    history: '历史',
    del: (t: string) => `删除 ${t}`,
    question: /^删除“.+”？30 天内可以恢复。$/,
    yes: '删除',
    keep: '保留',
    recently: /最近删除（1）/,
    until: /^删除于 .+ · 可恢复至 .+$/,
    restore: (t: string) => `恢复 ${t}`,
    open: (t: string) => `打开 ${t}`,
    deletedNotice: /已删除“.+”。可在“最近删除”中恢复。/,
    restoredNotice: /已恢复“.+”。/,
    input: '待拆分文本',
  },
} as const;

async function shot(name: string) {
  const dir = process.env.KG_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await settled(browser.page);
  await browser.page.screenshot({ path: path.join(dir, name) });
}

describe('deleting a document asks, and a deleted document can be restored', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`${lang}: × asks, Delete deletes on the server, Restore brings the document back`, async () => {
      const { page } = browser;
      const w = WORDS[lang];
      browser.errors.length = 0;
      await page.setViewportSize({ width: 1440, height: 900 });
      await openDemo(page, baseUrl);
      if (lang === 'zh') await page.getByRole('button', { name: 'Switch the interface to Chinese' }).click();
      const title = lang === 'en' ? 'Delete and restore' : '删除与恢复';
      await extract(page, lang === 'en' ? EN_TEXT : ZH_TEXT, { title });
      const documentId = await page.evaluate(
        () =>
          (document.querySelector('kg-workbench') as unknown as { doc: { info: { documentId: string } } }).doc.info
            .documentId,
      );
      const serverDoc = () => fetch(`${baseUrl}/api/documents/${documentId}`);
      const nodeCount = (await (await serverDoc()).json()).nodeCount as number;
      expect(nodeCount).toBeGreaterThan(0);

      await page.getByRole('button', { name: w.history, exact: true }).click();
      const row = page.locator(`kg-history-list li[data-document-id="${documentId}"]`);
      await row.waitFor();

      // The first click only asks; Escape keeps the document and gives the focus back to its ×.
      await page.getByRole('button', { name: w.del(title), exact: true }).click();
      await eventually(() => row.locator('p').textContent()).toMatch(w.question);
      expect(await row.getAttribute('data-confirming')).not.toBeNull();
      const keep = row.getByRole('button', { name: w.keep, exact: true });
      await eventually(() => keep.evaluate((el) => el.matches(':focus'))).toBe(true);
      await shot(`delete-question-${lang}-desktop.png`);
      await page.keyboard.press('Escape');
      await eventually(() => row.getAttribute('data-confirming')).toBeNull();
      await eventually(() =>
        page.getByRole('button', { name: w.del(title), exact: true }).evaluate((el) => el.matches(':focus')),
      ).toBe(true);
      expect((await serverDoc()).status).toBe(200);

      // Asked again, by keyboard this time: Keep deletes nothing either.
      await page.keyboard.press('Enter');
      await eventually(() => keep.evaluate((el) => el.matches(':focus'))).toBe(true);
      await page.keyboard.press('Enter');
      await eventually(() => row.getAttribute('data-confirming')).toBeNull();
      expect((await serverDoc()).status).toBe(200);

      // Asked and confirmed: deleted on the server; the shown document closes; the status line says where it went.
      await page.getByRole('button', { name: w.del(title), exact: true }).click();
      await row.getByRole('button', { name: w.yes, exact: true }).click();
      await eventually(() => row.count()).toBe(0);
      await eventually(async () => (await serverDoc()).status).toBe(404);
      await eventually(() => page.getByLabel(w.input, { exact: true }).count()).toBe(1);
      await eventually(() => page.locator('kg-workbench .notice').textContent()).toMatch(w.deletedNotice);

      // "Recently deleted": the document, when it stays restorable until, and Restore.
      const toggle = page.locator('kg-history-list [data-recently-deleted]');
      await eventually(() => toggle.textContent()).toMatch(w.recently);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const gone = page.locator(`kg-history-list li[data-deleted-id="${documentId}"]`);
      await eventually(() => gone.locator('.meta').textContent()).toMatch(w.until);
      expect(await gone.textContent()).toContain(title);
      await shot(`recently-deleted-${lang}-desktop.png`);
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(`recently-deleted-${lang}-phone.png`);
      const restore = page.getByRole('button', { name: w.restore(title), exact: true });
      const box = (await restore.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);

      await restore.click();
      await eventually(() => gone.count()).toBe(0);
      await eventually(() => toggle.count()).toBe(0);
      await eventually(() => page.locator('kg-workbench .notice').textContent()).toMatch(w.restoredNotice);
      await row.waitFor();
      const back = await serverDoc();
      expect(back.status).toBe(200);
      expect((await back.json()).nodeCount).toBe(nodeCount);
      await page.setViewportSize({ width: 1440, height: 900 });

      // Back for good: listed after a reload, and it opens with its graph.
      await page.reload();
      await page.locator('kg-workbench header').waitFor();
      const toChinese = page.getByRole('button', { name: 'Switch the interface to Chinese' });
      if (lang === 'zh' && (await toChinese.count()) > 0) await toChinese.click();
      await page.getByRole('button', { name: w.history, exact: true }).click();
      await page.getByRole('button', { name: w.open(title), exact: true }).click();
      await eventually(() => page.locator('kg-workbench h1').textContent()).toBe(title);
      await page.locator('kg-graph-view [data-node-id]').first().waitFor({ timeout: 30_000 });
      expect(browser.errors).toEqual([]);
    });
  }
});
