import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser';
import { EN_TEXT, drawnNodeIds, extract, graphNodes, loadedGraph, openDemo, sourceUnits } from './workbench-helpers';

const baseUrl = inject('baseUrl');
let browser: BrowserSession;

beforeAll(async () => {
  browser = await openBrowser();
  await openDemo(browser.page, baseUrl);
  await extract(browser.page, EN_TEXT, { title: 'Navigation' });
});
afterAll(async () => {
  await browser?.close();
});

/** The element focused inside nested shadow roots, described by its hooks. */
function focused(page: BrowserSession['page']) {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el ? { tag: el.tagName.toLowerCase(), node: el.getAttribute('data-node-id'), role: el.getAttribute('role') } : null;
  });
}

describe('navigation between the graph and the source', () => {
  it('clicking a node opens its card and highlights its source unit(s) with aria-current', async () => {
    const { page } = browser;
    const { nodes } = await loadedGraph(page);
    const target = nodes.find((n) => n.paragraph !== null)!;
    await page.locator(`kg-graph-view [data-node-id="${target.id}"]`).click();
    const card = page.locator('kg-detail-card [role=dialog]');
    await card.waitFor();
    expect(await card.locator('[data-node-text]').textContent()).toBe(target.text);
    const current = page.locator('kg-source-pane [data-unit][aria-current="true"]');
    await expect.poll(() => current.first().getAttribute('data-unit')).toBe(String(target.paragraph));
    // Only the units of this node are current, and the anchor unit is scrolled into view.
    const currentUnits = await current.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-unit'))));
    expect(currentUnits).toContain(target.paragraph);
    expect(await page.locator(`kg-source-pane [data-unit="${target.paragraph}"]`).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close the detail card' }).click();
    expect(await card.count()).toBe(0);
  });

  it('clicking a source unit selects and focuses its node(s) in the graph (aria-selected)', async () => {
    const { page } = browser;
    const { nodes } = await loadedGraph(page);
    const anchored = nodes.filter((n) => n.paragraph !== null);
    const unit = anchored[anchored.length - 1].paragraph!;
    const expected = anchored.filter((n) => n.paragraph === unit).map((n) => n.id);
    await page.locator(`kg-source-pane [data-unit="${unit}"] .text`).click();
    const selected = page.locator('kg-graph-view [data-node-id][aria-selected="true"]');
    await expect.poll(() => selected.evaluateAll((els) => els.map((e) => e.getAttribute('data-node-id')))).toEqual(expect.arrayContaining(expected));
    expect(await page.locator(`kg-source-pane [data-unit="${unit}"]`).getAttribute('aria-current')).toBe('true');
    // The node is centred in the graph pane (focusNodes).
    const pane = (await page.locator('kg-graph-view .canvas').boundingBox())!;
    await expect
      .poll(async () => {
        const box = (await page.locator(`kg-graph-view [data-node-id="${expected[0]}"]`).boundingBox())!;
        const cx = box.x + box.width / 2;
        const cy = box.y + box.height / 2;
        return cx > pane.x && cx < pane.x + pane.width && cy > pane.y && cy < pane.y + pane.height;
      })
      .toBe(true);
  });

  it('works from the keyboard: Tab reaches a node, Enter opens the card, Escape closes it', async () => {
    const { page } = browser;
    await page.locator('kg-workbench h1').click();
    let onNode = null as string | null;
    for (let i = 0; i < 60 && !onNode; i++) {
      await page.keyboard.press('Tab');
      onNode = (await focused(page))?.node ?? null;
    }
    expect(onNode).not.toBeNull();
    await page.keyboard.press('Enter');
    const card = page.locator('kg-detail-card [role=dialog]');
    await card.waitFor();
    expect((await focused(page))?.role).toBe('dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => card.count()).toBe(0);
    // Focus went back to the node it came from, and it is visibly focused.
    expect((await focused(page))?.node).toBe(onNode);
    const outline = await page.locator(`kg-graph-view [data-node-id="${onNode}"]`).evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
  });

  it('gives every control an accessible name', async () => {
    const { page } = browser;
    const unnamed = await page.evaluate(() => {
      const found: string[] = [];
      const visit = (root: Document | ShadowRoot) => {
        for (const el of root.querySelectorAll('*')) {
          if (el.shadowRoot) visit(el.shadowRoot);
          if (!el.matches('button, input, select, textarea, [role=separator], summary')) continue;
          const labelled = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || (el as HTMLInputElement).labels?.length;
          const text = (el.textContent ?? '').trim();
          if (!labelled && !text && !el.closest('label')) found.push(el.outerHTML.slice(0, 120));
        }
      };
      visit(document);
      return found;
    });
    expect(unnamed).toEqual([]);
    expect(await page.getByRole('button', { name: 'Extract', exact: true }).count() + (await page.getByRole('button', { name: 'New text' }).count())).toBeGreaterThan(0);
  });

  it('remembers the layout chosen in the graph menu across a reload', async () => {
    const { page } = browser;
    const before = await drawnNodeIds(page);
    await page.getByLabel('Layout').selectOption('circle');
    await expect.poll(() => page.locator('kg-graph-view').getAttribute('layout')).toBe('circle');
    await page.reload();
    await graphNodes(page).first().waitFor();
    expect(await page.locator('kg-graph-view').getAttribute('layout')).toBe('circle');
    expect(await page.getByLabel('Layout').inputValue()).toBe('circle');
    // The same document came back from the server (only its id was stored).
    expect((await drawnNodeIds(page)).sort()).toEqual(before.sort());
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).not.toContain('knowledge graph is defined');
    await page.getByLabel('Layout').selectOption('layered');
  });

  it('filters the graph and the source to one section', async () => {
    const { page } = browser;
    const sections = page.getByLabel('Section', { exact: true });
    const options = await sections.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    const sectionId = options.find((v) => v && v !== 's0')!;
    await sections.selectOption(sectionId);
    const info = await page.evaluate((id) => {
      const wb = document.querySelector('kg-workbench') as unknown as { doc: { info: { sections: Array<{ id: string; firstUnit: number; lastUnit: number }> } } };
      return wb.doc.info.sections.find((s) => s.id === id)!;
    }, sectionId);
    await expect
      .poll(() => sourceUnits(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-unit')))))
      .toEqual(Array.from({ length: info.lastUnit - info.firstUnit + 1 }, (_, i) => info.firstUnit + i));
    const { nodes } = await loadedGraph(page);
    expect(nodes.length).toBeGreaterThan(0);
    for (const n of nodes) expect(n.paragraph === null || (n.paragraph >= info.firstUnit && n.paragraph <= info.lastUnit)).toBe(true);
    await sections.selectOption('');
    await expect.poll(() => sourceUnits(page).first().getAttribute('data-unit')).toBe('1');
  });
});
