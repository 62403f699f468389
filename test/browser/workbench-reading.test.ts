// The workbench as a reader's tool (issue 16), on one page of the demo: the first screen (one sentence, two sample
// texts, the limit), provenance in the header and the history, "Extract selection" sending clean text, PNG export of
// the whole graph, a deep link reopening a node and Back returning to the previous selection, the grounding filter,
// and the phone layout at 390×844 (tabs, a full-width painted graph, 40 px targets). Screenshots go to test-results/.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { eventually, loadedGraph, openDemo, settled } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const OUT = path.resolve(__dirname, '../../test-results');

const selectedId = (page: import('playwright-core').Page) =>
  page.locator('kg-graph-view [aria-selected="true"]').first().getAttribute('data-node-id');

describe('the workbench, read', () => {
  it('the first screen says what the product does, offers two samples and names the limit (test-results/first-screen.png)', async () => {
    const { page } = browser;
    await openDemo(page, baseUrl);
    await expect.poll(() => page.locator('kg-input-panel .intro').count()).toBe(1);
    expect(await page.locator('kg-input-panel .intro').textContent()).toMatch(/knowledge graph/);
    expect(await page.locator('kg-input-panel [data-sample]').count()).toBe(2);
    expect(await page.locator('kg-input-panel .samples small').textContent()).toMatch(
      /written by the kg-workbench project/,
    );
    mkdirSync(OUT, { recursive: true });
    await settled(page);
    await page.screenshot({ path: path.join(OUT, 'first-screen.png') });
    await page.evaluate(() => {
      const panel = document.querySelector('kg-workbench')!.shadowRoot!.querySelector('kg-input-panel') as unknown as {
        text: string;
      };
      panel.text = 'x'.repeat(1_000_001);
    });
    await eventually(() => page.locator('kg-input-panel .count.over').textContent()).toMatch(
      /limit is 1,000,000 characters/,
    );
    await page.evaluate(() => {
      (
        document.querySelector('kg-workbench')!.shadowRoot!.querySelector('kg-input-panel') as unknown as {
          text: string;
        }
      ).text = '';
    });
    await page.locator('kg-input-panel [data-sample="en"]').click();
    await eventually(() => page.getByLabel('Text to extract').inputValue()).toMatch(/^Photosynthesis is a process/);
    await page.getByRole('button', { name: 'Extract', exact: true }).click();
    await page.locator('kg-graph-view [data-node-id]').first().waitFor({ timeout: 60_000 });
    // Provenance: the header and the history entry say the built-in extractor made it (not a model), and when.
    await eventually(() => page.locator('kg-workbench [data-provenance]').first().textContent()).toMatch(
      /^Made by Built-in rule-based extractor \(no model\) · /,
    );
    await page.getByRole('button', { name: 'History' }).click();
    await eventually(() => page.locator('kg-history-list [data-provenance]').first().textContent()).toBe(
      'Built-in rule-based extractor (no model)',
    );
    await page.getByRole('button', { name: 'History' }).click();
    // Sentence-long nodes are drawn on two lines at most.
    expect(await page.locator('kg-graph-view').getAttribute('label-lines')).toBe('2');
    expect(browser.errors).toEqual([]);
  });

  it('"Extract selection" sends only the selected source text: no unit numbers, no type badges', async () => {
    const { page } = browser;
    let body: { text?: string } | null = null;
    await page.route(`${baseUrl}/api/documents`, async (route) => {
      if (route.request().method() === 'POST') body = route.request().postDataJSON();
      await route.abort();
    });
    await page.evaluate(() => {
      const pane = document.querySelector('kg-workbench')!.shadowRoot!.querySelector('kg-source-pane')!;
      const root = pane.shadowRoot!;
      const units = root.querySelectorAll('[data-unit]');
      // From the first unit's number button to the end of the second unit's text: numbers and badges in between.
      const range = document.createRange();
      range.setStartBefore(units[0].querySelector('.num')!);
      range.setEndAfter(units[1].querySelector('.text')!);
      const sel = document.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
      units[1].dispatchEvent(new MouseEvent('mouseup', { bubbles: true, composed: true }));
    });
    await page.getByRole('button', { name: 'Extract selection as its own graph' }).click();
    await eventually(() => body).not.toBe(null);
    await page.unroute(`${baseUrl}/api/documents`);
    // The aborted request is this test's own doing (its console line and the failure notice are expected).
    await eventually(() => browser.errors.length).toBeGreaterThan(0);
    browser.errors.length = 0;
    const texts = await page
      .locator('kg-source-pane [data-unit] .text')
      .evaluateAll((els) => els.slice(0, 2).map((e) => e.textContent!.trim()));
    expect(body!.text).toBe(texts.join('\n'));
    expect(body!.text).not.toMatch(/^1\b/);
    expect(body!.text).not.toMatch(/Definition|Fact|Claim|Rule|Example/);
  });

  it('PNG export draws the whole graph: the image covers every node with a title and legend', async () => {
    const { page } = browser;
    await page.locator('kg-graph-view').evaluate((el) => (el as unknown as { setZoom(k: number): void }).setZoom(2));
    const download = page.waitForEvent('download');
    await page.locator('kg-export-menu summary').click();
    await page.locator('kg-export-menu [data-format="png"]').click();
    const file = await (await download).path();
    const png = readFileSync(file);
    const size = { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
    const bounds = await page
      .locator('kg-graph-view')
      .evaluate(
        (el) =>
          (el as unknown as { scenes: { scene: { bounds: { width: number; height: number } } } }).scenes.scene.bounds,
      );
    const scale = size.width / Math.ceil(Math.max(bounds.width + 48, 420));
    expect(scale).toBeGreaterThan(0.5);
    expect(size.width / scale).toBeGreaterThanOrEqual(bounds.width);
    expect(size.height / scale).toBeGreaterThanOrEqual(bounds.height + 34);
    // The view at 200 % shows only part of the graph; the image is larger than the view at the same scale.
    const canvas = (await page.locator('kg-graph-view .canvas').boundingBox())!;
    expect(size.width * size.height).toBeGreaterThan(0);
    expect(bounds.width * 2 > canvas.width || bounds.height * 2 > canvas.height).toBe(true);
  });

  it('the URL carries the selection: a deep link reopens a node (selected, in view, its unit in the source); Back returns', async () => {
    const { page } = browser;
    const { nodes, info } = await loadedGraph(page);
    const [a, b] = nodes.filter((n) => n.paragraph !== null && n.paragraph > 1).slice(-2);
    await page.locator(`kg-graph-view [data-node-id="${a.id}"]`).dispatchEvent('click');
    await eventually(() => page.evaluate(() => location.hash)).toContain(`node=${encodeURIComponent(a.id)}`);
    await page.keyboard.press('Escape');
    await page.locator(`kg-graph-view [data-node-id="${b.id}"]`).dispatchEvent('click');
    await eventually(() => page.evaluate(() => location.hash)).toContain(`node=${encodeURIComponent(b.id)}`);
    expect(await page.evaluate(() => location.hash)).toContain(`doc=${info.documentId}`);
    await page.goBack();
    await eventually(() => selectedId(page)).toBe(a.id);
    // A pasted link, in a fresh load.
    await page.goto('about:blank');
    await page.goto(`${baseUrl}/#doc=${info.documentId}&node=${encodeURIComponent(b.id)}`);
    await eventually(() => selectedId(page), { timeout: 30_000 }).toBe(b.id);
    const canvas = (await page.locator('kg-graph-view .canvas').boundingBox())!;
    const box = (await page.locator(`kg-graph-view [data-node-id="${b.id}"]`).boundingBox())!;
    expect(box.x + box.width / 2).toBeGreaterThan(canvas.x);
    expect(box.x + box.width / 2).toBeLessThan(canvas.x + canvas.width);
    expect(box.y + box.height / 2).toBeGreaterThan(canvas.y);
    expect(box.y + box.height / 2).toBeLessThan(canvas.y + canvas.height);
    const unit = page.locator(`kg-source-pane [data-unit="${b.paragraph}"]`);
    await eventually(() => unit.getAttribute('aria-current')).toBe('true');
    const pane = (await page.locator('kg-source-pane').boundingBox())!;
    const u = (await unit.boundingBox())!;
    expect(u.y).toBeLessThan(pane.y + pane.height);
    expect(u.y + u.height).toBeGreaterThan(pane.y);
  });

  it('the grounding filter hides or shows candidate and unsupported nodes in the graph', async () => {
    const { page } = browser;
    const box = page.locator('kg-view-controls [data-filter="ungrounded"] input');
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await eventually(() => page.locator('kg-graph-view').getAttribute('hide-ungrounded')).toBe('');
    await box.check();
    await eventually(() => page.locator('kg-graph-view').getAttribute('hide-ungrounded')).toBe(null);
  });

  it('on a 390×844 phone the panes are tabs, the graph fills the width with painted nodes, targets are 40 px (test-results/phone.png)', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const graphPane = page.locator('kg-workbench .graph-pane');
    await page.locator('kg-graph-view [data-node-id]').first().waitFor({ timeout: 30_000 });
    await eventually(async () => (await graphPane.boundingBox())?.height ?? 0).toBeGreaterThan(400);
    const g = (await graphPane.boundingBox())!;
    expect(g.width).toBeGreaterThan(360);
    // Painted: some node's box lies inside the graph pane.
    const inside = await page.locator('kg-graph-view [data-node-id]').evaluateAll(
      (els, pane) =>
        els.filter((e) => {
          const r = e.getBoundingClientRect();
          return (
            r.width > 20 &&
            r.left >= pane.x &&
            r.right <= pane.x + pane.width &&
            r.top >= pane.y &&
            r.bottom <= pane.y + pane.height
          );
        }).length,
      g,
    );
    expect(inside).toBeGreaterThan(0);
    expect(await page.locator('kg-source-pane').isVisible()).toBe(false);
    for (const tab of await page.getByRole('tab').all())
      expect((await tab.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    for (const b of await page.locator('kg-graph-view .toolbar button').all())
      expect((await b.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await settled(page);
    await page.screenshot({ path: path.join(OUT, 'phone.png') });
    await page.getByRole('tab', { name: 'Source' }).click();
    await eventually(() => page.locator('kg-source-pane').isVisible()).toBe(true);
    expect(await graphPane.isVisible()).toBe(false);
    await page.getByRole('tab', { name: 'Graph' }).click();
    await eventually(() => graphPane.isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 860 });
    expect(browser.errors).toEqual([]);
  });
});
