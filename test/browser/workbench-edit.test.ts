// Fixing the graph by hand (issue 26), in English and Chinese, with no model configured: every hand edit of the
// detail card's editor (text, type, delete a relation, add a relation with a quote selected in the source pane,
// merge, delete a node) goes through the commit gate as the next revision, with its entry in the fix log, and is
// undone as one more revision (from the editor, or from the fix log when the card closed with the node); a
// type–relation mismatch is fixed offline by its remedy; "Ignore" is stored with the report and survives a reload.
// With a model (the project's scripted OpenAI-compatible server, on a wrangler dev of its own), "Review and submit"
// sends an issue as a question about its target and the answer's fix becomes the next revision.
// KG_SHOTS_DIR=<dir> saves screenshots of the editor at 1440×900 and 390×844.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startOwnWorker, type OwnWorker } from '../support/own-worker';
import { openBrowser } from '../support/browser';
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.mjs';
import { EN_TEXT, ZH_TEXT, eventually, extract, openDemo, settled } from './workbench-helpers';

const baseUrl = inject('baseUrl');

const CASES = [
  {
    lang: 'en',
    locale: 'en-US',
    text: EN_TEXT,
    l: {
      toggle: 'Check & review',
      quick: 'Quick check',
      auditTab: 'Fix log',
      verifyTab: 'Verification',
      undo: 'Undo',
      ignore: 'Ignore',
      ignored: 'Ignored',
      heading: 'Edit by hand',
      saved: /Saved as revision (\d+)\./,
      undone: /Undone: the graph is at revision (\d+)\./,
      review: 'Review and submit',
      retype: /^Retype .+ as (Example|Definition)$/,
    },
  },
  {
    lang: 'zh',
    locale: 'zh-CN',
    text: ZH_TEXT,
    l: {
      toggle: '验证与审核',
      quick: '快速体检',
      auditTab: '修复记录',
      verifyTab: '验证',
      undo: '撤销',
      ignore: '忽略',
      ignored: '已忽略',
      heading: '手动编辑',
      saved: /已保存为第 (\d+) 版。/,
      undone: /已撤销：知识图现为第 (\d+) 版。/,
      review: '复核并提交',
      retype: /^将 .+ 改为(例子|定义)$/,
    },
  },
];

interface Graph {
  nodes: Array<{ id: string; type: string; text: string; quote: string; paragraph: number | null }>;
  edges: Array<{ id: string; fromNodeId: string; toNodeId: string; relation: string }>;
  revision: number;
  loading: boolean;
}

function graphOf(page: Page): Promise<Graph> {
  return page.evaluate(() => {
    const wb = document.querySelector('kg-workbench') as unknown as {
      doc: { graph: Omit<Graph, 'revision'>; info: { revision: number }; loading: boolean };
    };
    const g = wb.doc.graph;
    return {
      loading: wb.doc.loading,
      nodes: g.nodes.map(({ id, type, text, quote, paragraph }) => ({ id, type, text, quote, paragraph })),
      edges: g.edges.map(({ id, fromNodeId, toNodeId, relation }) => ({ id, fromNodeId, toNodeId, relation })),
      revision: wb.doc.info.revision,
    };
  });
}

/** The shown revision once its graph is loaded (the document's info is read before its graph): -1 meanwhile. */
const revisionOf = async (page: Page) => {
  const g = await graphOf(page);
  return g.loading ? -1 : g.revision;
};

/** Selects a node or relation as the keyboard does (the graph view's own select, which opens the card). */
async function select(page: Page, kind: 'node' | 'edge', id: string) {
  await page
    .locator('kg-graph-view')
    .evaluate(
      (el, [k, i]) =>
        (el as unknown as Record<string, (id: string) => void>)[k === 'node' ? 'selectNode' : 'selectEdge'](i),
      [kind, id],
    );
  await page.locator('kg-node-editor section').waitFor();
}

async function shoot(page: Page, name: string) {
  const dir = process.env.KG_SHOTS_DIR;
  if (!dir) return;
  await page.mouse.move(2, 2);
  await settled(page);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, name) });
}

describe('fixing the graph by hand', () => {
  for (const { lang, locale, text, l } of CASES) {
    it(`each hand edit is the next revision with a fix-log entry and undo; a mismatch fixed offline; Ignore kept (${lang})`, async () => {
      const browser = await openBrowser({ locale });
      try {
        const { page } = browser;
        await page.setViewportSize({ width: 1440, height: 900 });
        await openDemo(page, baseUrl);
        await extract(page, text, { title: `edit-${lang}` });
        const editor = page.locator('kg-node-editor');
        const card = page.locator('kg-detail-card');
        const log = page.locator('kg-audit-log');

        // The fix log stays open while editing: each revision's entry appears there.
        await page.getByRole('button', { name: l.toggle }).click();
        await page.getByRole('tab', { name: l.auditTab }).click();

        /** One hand edit: the next revision, the editor says so, the fix log has its entry with lines; then undo. */
        async function editThenUndo(
          edit: () => Promise<void>,
          undoFrom: 'editor' | 'keys' | 'log',
          check?: () => Promise<void>,
        ) {
          const before = await revisionOf(page);
          await edit();
          await eventually(() => revisionOf(page), { timeout: 30_000 }).toBe(before + 1);
          const entry = log.locator(`[data-audit-revision="${before + 1}"]`);
          await entry.waitFor();
          expect(await entry.locator('li.line').count()).toBeGreaterThan(0);
          if (check) await check();
          if (undoFrom === 'keys') {
            // Focus moved to the editor's Undo after the commit: Enter undoes.
            const undo = editor.locator('[data-edit-undo]');
            await eventually(() => undo.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(
              true,
            );
            await page.keyboard.press('Enter');
            await eventually(() => editor.locator('[data-edit-message]').textContent()).toMatch(l.undone);
          } else if (undoFrom === 'editor') {
            expect(await editor.locator('[data-edit-message]').textContent()).toMatch(l.saved);
            await editor.locator('[data-edit-undo]').click();
            await eventually(() => editor.locator('[data-edit-message]').textContent()).toMatch(l.undone);
          } else {
            await entry.getByRole('button', { name: l.undo }).click();
          }
          await eventually(() => revisionOf(page), { timeout: 30_000 }).toBe(before + 2);
          await eventually(() => log.locator(`[data-audit-revision="${before + 2}"]`).count()).toBe(1);
        }

        const g = await graphOf(page);
        const typed = g.edges.find((e) => e.relation === 'example' || e.relation === 'defines')!;
        expect(typed, 'the built-in extractor links an example or a definition').toBeDefined();
        const source = g.nodes.find((n) => n.id === typed.fromNodeId)!;

        // 1. Edit the text: the quote stays verbatim.
        await select(page, 'node', source.id);
        expect(await editor.getByRole('heading').textContent()).toBe(l.heading);
        await shoot(page, `edit-${lang}-card-desktop.png`);
        const newText = `${source.text} (checked by hand)`;
        await editThenUndo(
          async () => {
            await editor.locator('[data-edit=text]').click();
            await editor.locator('textarea').fill(newText);
            await shoot(page, `edit-${lang}-text-desktop.png`);
            await editor.locator('form button[type=submit]').click();
          },
          'editor',
          async () => {
            await eventually(() => card.locator('[data-node-text]').textContent()).toBe(newText);
            expect(await card.locator('blockquote').first().textContent()).toBe(source.quote);
            expect((await graphOf(page)).nodes.find((n) => n.id === source.id)?.quote).toBe(source.quote);
          },
        );
        await eventually(() => card.locator('[data-node-text]').textContent()).toBe(source.text);

        // 2. Change the type (by keyboard: the select and the submit).
        await editThenUndo(
          async () => {
            await editor.locator('[data-edit=type]').focus();
            await page.keyboard.press('Enter');
            // Escape closes the form, not the card, and gives focus back to its button.
            await editor.locator('select').waitFor();
            await page.keyboard.press('Escape');
            await eventually(() => editor.locator('form').count()).toBe(0);
            expect(await card.locator('section[part=card]').count()).toBe(1);
            await page.keyboard.press('Enter');
            await editor.locator('select').selectOption('claim');
            await editor.locator('form button[type=submit]').focus();
            await page.keyboard.press('Enter');
          },
          'keys',
          async () => {
            await eventually(() =>
              page.locator(`kg-graph-view [data-node-id="${source.id}"]`).getAttribute('data-type'),
            ).toBe('claim');
          },
        );

        // 3. Delete a relation (after the confirmation); the card closes with it, so undo is the fix log's.
        await select(page, 'edge', typed.id);
        await editThenUndo(
          async () => {
            await editor.locator('[data-edit=delete]').click();
            await editor.locator('[data-confirm-delete]').click();
          },
          'log',
          async () => {
            expect((await graphOf(page)).edges.some((e) => e.id === typed.id)).toBe(false);
          },
        );
        await eventually(async () => (await graphOf(page)).edges.some((e) => e.id === typed.id)).toBe(true);

        // 4. Add a relation between two nodes of one unit, its quote selected in the source pane.
        const now = await graphOf(page);
        const linked = new Set(
          now.edges.flatMap((e) => [`${e.fromNodeId}>${e.toNodeId}`, `${e.toNodeId}>${e.fromNodeId}`]),
        );
        const pair = now.nodes
          .flatMap((a) => now.nodes.map((b) => [a, b] as const))
          .find(
            ([a, b]) =>
              a.id !== b.id && a.paragraph !== null && a.paragraph === b.paragraph && !linked.has(`${a.id}>${b.id}`),
          );
        expect(pair, 'two unlinked nodes in one unit').toBeDefined();
        const [from, to] = pair!;
        await select(page, 'node', from.id);
        await editThenUndo(
          async () => {
            await editor.locator('[data-edit=relation]').click();
            await editor.locator('select').selectOption('supports');
            await editor.getByRole('combobox').nth(1).fill(to.id);
            expect(await editor.locator('[data-target-text]').textContent()).toContain(to.text);
            await page.locator('kg-source-pane').evaluate((pane, n) => {
              const el = pane.shadowRoot!.querySelector(`[data-unit="${n}"] .text`)!;
              const range = document.createRange();
              range.selectNodeContents(el);
              const selection = document.getSelection()!;
              selection.removeAllRanges();
              selection.addRange(range);
            }, from.paragraph);
            await editor.locator('[data-use-selection]').click();
            await eventually(() => editor.locator('input[type=number]').inputValue()).toBe(String(from.paragraph));
            expect((await editor.locator('form textarea').inputValue()).length).toBeGreaterThan(0);
            await shoot(page, `edit-${lang}-relation-desktop.png`);
            await editor.locator('form button[type=submit]').click();
          },
          'editor',
          async () => {
            const after = await graphOf(page);
            expect(
              after.edges.some((e) => e.fromNodeId === from.id && e.toNodeId === to.id && e.relation === 'supports'),
            ).toBe(true);
          },
        );

        // 5. Merge one node into another: the card shows the node it went into, and undo brings the first back.
        const [gone, into] = [to, from];
        await select(page, 'node', gone.id);
        await editThenUndo(
          async () => {
            await editor.locator('[data-edit=merge]').click();
            await editor.getByRole('combobox').fill(into.id);
            await editor.locator('form button[type=submit]').click();
          },
          'editor',
          async () => {
            expect((await graphOf(page)).nodes.some((n) => n.id === gone.id)).toBe(false);
            await eventually(() => card.locator('[data-node-text]').textContent()).toBe(into.text);
          },
        );
        await eventually(async () => (await graphOf(page)).nodes.some((n) => n.id === gone.id)).toBe(true);

        // 6. Delete a node (asked first); undone from the fix log.
        await select(page, 'node', gone.id);
        await editThenUndo(
          async () => {
            await editor.locator('[data-edit=delete]').click();
            expect(await editor.getByRole('alertdialog').count()).toBe(1);
            await editor.locator('[data-confirm-delete]').click();
          },
          'log',
          async () => {
            expect((await graphOf(page)).nodes.some((n) => n.id === gone.id)).toBe(false);
          },
        );

        // 7. A type–relation mismatch (the source of an example / definition retyped), fixed offline by its remedy.
        await select(page, 'node', source.id);
        const broken = await revisionOf(page);
        await editor.locator('[data-edit=type]').click();
        await editor.locator('select').selectOption('fact');
        await editor.locator('form button[type=submit]').click();
        await eventually(() => revisionOf(page), { timeout: 30_000 }).toBe(broken + 1);
        await page.getByRole('tab', { name: l.verifyTab }).click();
        const panel = page.locator('kg-verify-panel');
        await panel.getByRole('button', { name: l.quick }).click();
        await panel.locator('[data-report-id]').waitFor();
        // The mismatch on the relation whose source was retyped (the built-in extractor may leave others).
        const mismatch = panel.locator(`li.issue[data-target-id="${typed.id}"]`, {
          has: page.locator('[data-remedy-action=update_node]'),
        });
        const retype = mismatch.locator('[data-remedy-action=update_node]');
        expect(await retype.textContent()).toMatch(l.retype);
        expect(await mismatch.locator('[data-remedy-action=delete_edge]').count()).toBe(1);
        // No model: "Review and submit" is there but disabled, with the reason.
        expect(await mismatch.getByRole('button', { name: l.review }).isDisabled()).toBe(true);
        const mismatchId = (await mismatch.getAttribute('data-issue-id'))!;
        await shoot(page, `edit-${lang}-remedy-desktop.png`);
        await retype.click();
        await eventually(() => revisionOf(page), { timeout: 30_000 }).toBe(broken + 2);
        expect((await graphOf(page)).nodes.find((n) => n.id === source.id)?.type).toBe(source.type);
        await eventually(() => panel.locator(`[data-issue-id="${mismatchId}"] .status`).count()).toBe(1);
        const firstReport = await panel.locator('[data-report-id]').getAttribute('data-report-id');
        await panel.getByRole('button', { name: l.quick }).click();
        await eventually(() => panel.locator('[data-report-id]').getAttribute('data-report-id')).not.toBe(firstReport);
        expect(await mismatch.count()).toBe(0);

        // 8. "Ignore" is stored with the report: after a reload the same issue is still ignored.
        const open = panel.locator('li.issue:not(.done)').first();
        const openId = (await open.getAttribute('data-issue-id'))!;
        const reportId = (await panel.locator('[data-report-id]').getAttribute('data-report-id'))!;
        await open.getByRole('button', { name: l.ignore }).click();
        await eventually(() => panel.locator(`[data-issue-id="${openId}"] .status`).textContent()).toBe(l.ignored);
        await eventually(async () => {
          const stored = await page.evaluate(async (id) => {
            const wb = document.querySelector('kg-workbench') as unknown as { doc: { info: { documentId: string } } };
            const res = await fetch(`/api/documents/${wb.doc.info.documentId}/reports?kind=quick`);
            const body = await res.json();
            return body.reports[0]?.report?.issues?.find((i: { id: string }) => i.id === id)?.status;
          }, openId);
          return stored;
        }).toBe('rejected');
        await page.reload();
        await page.locator('kg-graph-view [data-node-id]').first().waitFor({ timeout: 30_000 });
        await page.getByRole('button', { name: l.toggle }).click();
        await eventually(() => panel.locator('[data-report-id]').getAttribute('data-report-id')).toBe(reportId);
        await eventually(() => panel.locator(`[data-issue-id="${openId}"] .status`).textContent()).toBe(l.ignored);

        // Phone size: the card and its editor.
        await page.setViewportSize({ width: 390, height: 844 });
        await select(page, 'node', source.id);
        await editor.locator('[data-edit=text]').click();
        await editor.scrollIntoViewIfNeeded();
        await shoot(page, `edit-${lang}-card-phone.png`);
        expect(browser.errors).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  }
});

describe('review and submit, with a model', () => {
  let llm: ScriptedLlm;
  let worker: OwnWorker | undefined;
  let base: string;

  beforeAll(async () => {
    llm = await startScriptedLlm();
    // Not the default model: extraction stays with the built-in extractor; questions name this one.
    const models = [
      {
        provider: 'openai-compatible',
        model: 'ok@question-contradicted-fix',
        baseUrl: `${llm.url}/v1`,
        label: 'Scripted',
      },
    ];
    worker = await startOwnWorker('edit', { KG_MODELS: JSON.stringify(models) });
    base = worker.baseUrl;
  }, 120_000);

  afterAll(async () => {
    await worker?.stop();
    await llm?.close();
  });

  it('sends a quick-check issue as a question about its target; the answer’s fix is the next revision (keyboard)', async () => {
    const browser = await openBrowser({ locale: 'en-US' });
    try {
      const { page } = browser;
      await page.setViewportSize({ width: 1440, height: 900 });
      await openDemo(page, base);
      await extract(page, EN_TEXT, { title: 'review-and-submit' });
      const first = await revisionOf(page);
      await page.getByRole('button', { name: 'Check & review' }).focus();
      await page.keyboard.press('Enter');
      const panel = page.locator('kg-verify-panel');
      await panel.getByRole('button', { name: 'Quick check' }).focus();
      await page.keyboard.press('Enter');
      await panel.locator('[data-report-id]').waitFor();
      const issue = panel.locator('li.issue[data-target-id]').first();
      const review = issue.getByRole('button', { name: 'Review and submit' });
      expect(await review.isDisabled()).toBe(false);
      await review.focus();
      await page.keyboard.press('Enter');
      const box = page.locator('kg-question-box');
      await box.locator('[data-verdict]').waitFor({ timeout: 60_000 });
      // The question is about the issue's target (a node or a relation), not the whole graph.
      expect(await box.locator('[data-question-target]').getAttribute('data-question-target')).toMatch(/^(node|edge)$/);
      expect(await box.locator('[data-verdict]').getAttribute('data-verdict')).toBe('contradicted');
      await box.getByRole('button', { name: 'Accept the suggested fix' }).focus();
      await page.keyboard.press('Enter');
      await eventually(() => revisionOf(page), { timeout: 30_000 }).toBe(first + 1);
      await shoot(page, 'edit-en-review-desktop.png');
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
