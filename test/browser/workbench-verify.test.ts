// The trust loop through the real page (issue 11), in Chinese and English: quick check → the report with its
// metrics, issue targets coloured in the graph → an issue clicked selects its target → a fix accepted becomes the
// next revision, shown by the workbench, with its entry in the fix log → undo is one more revision. Mouse in one
// language, keyboard in the other. Screenshots at desktop (1280×800) and phone (390×844) size go to test-results/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openBrowser } from '../support/browser';
import { EN_TEXT, ZH_TEXT, eventually, extract, openDemo, settled } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const OUT = path.resolve(__dirname, '../../test-results');

// A repeated sentence in another unit: the quick check suspects duplicate nodes and proposes merging them.
const EN = `${EN_TEXT}\n\n## Again\n\nA checkpoint is a kind of recovery record, it is said again here.`;
const ZH = `${ZH_TEXT}\n\n## 重复\n\n检查点就是一种恢复机制。`;

const CASES = [
  {
    lang: 'en',
    locale: 'en-US',
    text: EN,
    input: 'keyboard' as const,
    l: {
      toggle: 'Check & review',
      quick: 'Quick check',
      review: 'Model review',
      accept: 'Accept fix',
      fixAll: 'Fix all auto-fixable (1)',
      confirm: 'Apply',
      ignore: 'Ignore',
      ignored: 'Ignored',
      auditTab: 'Fix log',
      undo: 'Undo',
      saved: /Saved as revision (\d+)\./,
      undone: /Undone: the graph is at revision (\d+)\./,
      stale: /The graph changed after this report/,
      checked: /Checked: \d+ nodes, \d+ relations/,
      needsModel: /Needs a language model/,
      auditEntry: (r: number) => new RegExp(`^Revision ${r} · `),
      undoEntry: (r: number, of: number) => `Revision ${r} · undo of revision ${of}`,
      question: 'Question this node',
      candidatesTab: 'Candidates',
      acceptCandidate: 'Accept',
      readOnly: /Read only here/,
    },
  },
  {
    lang: 'zh',
    locale: 'zh-CN',
    text: ZH,
    input: 'mouse' as const,
    l: {
      toggle: '验证与审核',
      quick: '快速体检',
      review: 'AI 深度审校',
      accept: '采纳修复',
      fixAll: '一键修复 1 项',
      confirm: '应用',
      ignore: '忽略',
      ignored: '已忽略',
      auditTab: '修复记录',
      undo: '撤销',
      saved: /已保存为第 (\d+) 版。/,
      undone: /已撤销：知识图现为第 (\d+) 版。/,
      stale: /图已更新，本报告只覆盖旧版本/,
      checked: /已检查 \d+ 节点 \/ \d+ 关系/,
      needsModel: /需要语言模型/,
      auditEntry: (r: number) => new RegExp(`^第 ${r} 版 · `),
      undoEntry: (r: number, of: number) => `第 ${r} 版 · 撤销第 ${of} 版`,
      question: '质疑此节点',
      candidatesTab: '候选审核',
      acceptCandidate: '接受',
      readOnly: /此处只读/,
    },
  },
];

function revisionOf(page: Page): Promise<number | undefined> {
  return page.evaluate(
    () =>
      (document.querySelector('kg-workbench') as unknown as { doc: { info: { revision: number } | null } }).doc.info
        ?.revision,
  );
}

/** Clicks, or focuses and presses Enter, as the case's reader would. */
async function press(page: Page, input: 'mouse' | 'keyboard', locator: ReturnType<Page['locator']>) {
  if (input === 'mouse') return locator.click();
  await locator.focus();
  await page.keyboard.press('Enter');
}

async function shoot(page: Page, name: string) {
  await page.mouse.move(2, 2);
  await settled(page);
  mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: path.join(OUT, name), fullPage: false });
}

describe('the trust loop in the workbench', () => {
  for (const { lang, locale, text, input, l } of CASES) {
    it(`quick check → accept a fix → new revision, audit entry, undo (${lang}, ${input})`, async () => {
      const browser = await openBrowser({ locale });
      try {
        const { page } = browser;
        await page.setViewportSize({ width: 1280, height: 800 });
        await openDemo(page, baseUrl);
        await extract(page, text, { title: `verify-${lang}` });
        const first = (await revisionOf(page))!;

        // The tools open from their heading; no model is configured, so the model review says why, with a link.
        await press(page, input, page.getByRole('button', { name: l.toggle }));
        const panel = page.locator('kg-verify-panel');
        expect(await panel.getByRole('button', { name: l.review }).isDisabled()).toBe(true);
        await expect(panel.locator('[data-unavailable=model]').textContent()).resolves.toMatch(l.needsModel);
        // The help page is served (the README is not): the link must not 404 on the Worker.
        const help = (await panel.locator('[data-unavailable=model] a').getAttribute('href'))!;
        expect(help).toContain('help.html#model');
        expect(await fetch(new URL(help, `${baseUrl}/`)).then((r) => r.status)).toBe(200);
        // The workbench's `trust` part is still the tools' frame (<kg-trust-tabs>, exported by <kg-trust-tools>). A
        // constructed sheet: the demo page's CSP refuses inline styles.
        await page.evaluate(() => {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync('kg-workbench::part(trust) { outline: 3px solid rgb(1, 2, 3); }');
          document.adoptedStyleSheets = [sheet];
        });
        expect(await page.locator('kg-trust-tabs').evaluate((el) => getComputedStyle(el).outlineColor)).toBe(
          'rgb(1, 2, 3)',
        );
        await page.evaluate(() => {
          document.adoptedStyleSheets = [];
        });
        expect(
          await page
            .locator('kg-question-box')
            .getByRole('button', { name: /^(Ask|提问 \/ 质疑)$/ })
            .isDisabled(),
        ).toBe(true);

        // Quick check: the report, its metrics, and the issue targets coloured in the graph.
        await press(page, input, panel.getByRole('button', { name: l.quick }));
        await panel.locator('[data-report-id]').waitFor();
        expect(await panel.locator('.metrics').textContent()).toMatch(l.checked);
        await eventually(() => page.locator('kg-graph-view [data-issue]').count()).toBeGreaterThan(0);
        await shoot(page, `verify-${lang}-desktop.png`);

        // The first issue with a fix: clicking it selects its node in the graph (and opens its card).
        const issue = panel.locator('li.issue', { has: page.locator('[data-accept-fix]') }).first();
        const issueId = (await issue.getAttribute('data-issue-id'))!;
        await press(page, input, issue.locator('.issue-target'));
        await eventually(() => page.locator('kg-graph-view [aria-selected=true]').count()).toBeGreaterThan(0);
        await expect(page.locator('kg-detail-card').getByRole('button', { name: l.question }).count()).resolves.toBe(1);

        // Ignoring an issue keeps it listed, marked, and takes its colour off the graph when it was the only one.
        const other = panel.locator('li.issue', { hasNot: page.locator('[data-accept-fix]') }).first();
        const otherId = (await other.getAttribute('data-issue-id'))!;
        await press(page, input, other.getByRole('button', { name: l.ignore }));
        await eventually(() => panel.locator(`[data-issue-id="${otherId}"] .status`).textContent()).toBe(l.ignored);

        // Accept the fix (English: the issue's own button; Chinese: "fix all auto-fixable" after its confirmation):
        // the workbench shows the next revision, the report says it covers an older graph.
        if (lang === 'en') await press(page, input, issue.getByRole('button', { name: l.accept }));
        else {
          await press(page, input, panel.getByRole('button', { name: l.fixAll }));
          await press(page, input, panel.getByRole('alertdialog').getByRole('button', { name: l.confirm }));
        }
        await eventually(() => revisionOf(page), { timeout: 30_000 }).toBe(first + 1);
        await eventually(() => page.locator('kg-trust-tabs .message').textContent()).toMatch(l.saved);
        await eventually(() => panel.locator(`[data-issue-id="${issueId}"] .status`).count()).toBe(1);
        await eventually(() => panel.locator('[data-stale]').count()).toBe(1);
        expect(await panel.locator('[data-stale]').textContent()).toMatch(l.stale);

        // The fix log: the entry with readable before → after lines, and undo.
        await press(page, input, page.getByRole('tab', { name: l.auditTab }));
        const log = page.locator('kg-audit-log');
        const entry = log.locator(`[data-audit-revision="${first + 1}"]`);
        await entry.waitFor();
        expect(await entry.locator('h3').textContent()).toMatch(l.auditEntry(first + 1));
        expect(await entry.locator('li.line').count()).toBeGreaterThan(0);
        await shoot(page, `verify-${lang}-audit.png`);
        await press(page, input, entry.getByRole('button', { name: l.undo }));
        await eventually(() => revisionOf(page), { timeout: 30_000 }).toBe(first + 2);
        await eventually(() => page.locator('kg-trust-tabs .message').textContent()).toMatch(l.undone);
        await eventually(() => log.locator(`[data-audit-revision="${first + 2}"] h3`).textContent()).toBe(
          l.undoEntry(first + 2, first + 1),
        );
        expect(await entry.getAttribute('data-undone')).not.toBeNull();
        expect(await entry.getByRole('button', { name: l.undo }).count()).toBe(0);

        // Candidates: accepting one moves it from "to review" to "accepted".
        await press(page, input, page.getByRole('tab', { name: l.candidatesTab }));
        const review = page.locator('kg-candidate-review');
        const candidate = review.locator('li[data-candidate-id]').first();
        await candidate.waitFor();
        const candidateId = (await candidate.getAttribute('data-candidate-id'))!;
        await press(page, input, candidate.getByRole('button', { name: l.acceptCandidate, exact: true }));
        await eventually(() => review.locator(`li[data-candidate-id="${candidateId}"]`).count()).toBe(0);
        await press(page, input, review.locator('[data-candidate-filter=accepted]'));
        await eventually(() =>
          review.locator(`li[data-candidate-id="${candidateId}"][data-status=accepted]`).count(),
        ).toBe(1);

        // Phone size: the same tools, stacked.
        await page.setViewportSize({ width: 390, height: 844 });
        await press(page, input, page.getByRole('tab', { name: l.auditTab }));
        await page.locator('kg-trust-tabs').scrollIntoViewIfNeeded();
        await shoot(page, `verify-${lang}-phone.png`);

        // Without the document's write capability (a reader, an embed) the same page checks but never changes:
        // no fix, no undo, no candidate status.
        await page.evaluate(() => localStorage.removeItem('kg-workbench:write-capabilities'));
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.reload();
        await page.locator('kg-graph-view [data-node-id]').first().waitFor({ timeout: 30_000 });
        await press(page, input, page.getByRole('button', { name: l.toggle }));
        await expect(panel.locator('[data-read-only]').textContent()).resolves.toMatch(l.readOnly);
        await press(page, input, panel.getByRole('button', { name: l.quick }));
        await eventually(() => panel.locator('[data-report-id]').count()).toBe(1);
        expect(await panel.locator('li.issue').count()).toBeGreaterThan(0);
        expect(await panel.locator('[data-accept-fix]').count()).toBe(0);
        await press(page, input, page.getByRole('tab', { name: l.auditTab }));
        await log.locator('[data-audit-revision]').first().waitFor();
        expect(await log.getByRole('button', { name: l.undo }).count()).toBe(0);
        await press(page, input, page.getByRole('tab', { name: l.candidatesTab }));
        await review.locator('li[data-candidate-id]').first().waitFor();
        expect(await review.getByRole('button', { name: l.acceptCandidate, exact: true }).count()).toBe(0);
        expect(browser.errors).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  }
});
