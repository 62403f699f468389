// Screenshots of the demo with a Chinese and an English text, written to test-results/ to be looked at.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { openBrowser } from '../support/browser';
import { EN_TEXT, ZH_TEXT, extract, loadedGraph, openDemo, settled } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const OUT = path.resolve(__dirname, '../../test-results');

describe('the demo in both languages', () => {
  for (const { lang, locale, text, title, summary, extractLabel } of [
    {
      lang: 'zh',
      locale: 'zh-CN',
      text: ZH_TEXT,
      title: '知识图谱示例',
      summary: /^\d+ 节点 · \d+ 关系 · 可回链 \d+\/\d+$/,
      extractLabel: '拆分',
    },
    {
      lang: 'en',
      locale: 'en-US',
      text: EN_TEXT,
      title: 'Knowledge graphs',
      summary: /^\d+ nodes · \d+ relations · anchored \d+\/\d+$/,
      extractLabel: 'Extract',
    },
  ]) {
    it(`speaks ${lang} from the page language and shows a ${lang} text (test-results/demo-${lang}.png)`, async () => {
      const browser = await openBrowser({ locale });
      try {
        const { page } = browser;
        await openDemo(page, baseUrl);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        expect(await page.getByRole('button', { name: extractLabel, exact: true }).count()).toBe(1);
        await extract(page, text, { title });
        expect(await page.locator('[data-summary]').textContent()).toMatch(summary);
        // Show a node's card and its highlighted unit, as a reader would.
        const { nodes } = await loadedGraph(page);
        const node = nodes.find((n) => n.paragraph !== null)!;
        await page.locator(`kg-graph-view [data-node-id="${node.id}"]`).click();
        await page.locator('kg-detail-card [role=dialog]').waitFor();
        await page.mouse.move(5, 5);
        await settled(page);
        mkdirSync(OUT, { recursive: true });
        await page.screenshot({ path: path.join(OUT, `demo-${lang}.png`) });
        expect(browser.errors).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  }
  it('follows a dark system theme, and theme="light" forces light (test-results/demo-dark.png)', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await page.emulateMedia({ colorScheme: 'dark' });
      await openDemo(page, baseUrl);
      await extract(page, EN_TEXT, { title: 'Dark theme' });
      const background = () => page.locator('kg-workbench').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(await background()).toBe('rgb(21, 25, 30)');
      const { nodes } = await loadedGraph(page);
      await page.locator(`kg-graph-view [data-node-id="${nodes[0].id}"]`).click();
      await page.locator('kg-detail-card [role=dialog]').waitFor();
      await page.mouse.move(5, 5);
      await settled(page);
      mkdirSync(OUT, { recursive: true });
      await page.screenshot({ path: path.join(OUT, 'demo-dark.png') });
      await page.locator('kg-workbench').evaluate((el) => el.setAttribute('theme', 'light'));
      expect(await background()).toBe('rgb(255, 255, 255)');
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
