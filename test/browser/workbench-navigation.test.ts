import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser, type BrowserSession } from '../support/browser';
import {
  EN_TEXT,
  drawnNodeIds,
  extract,
  graphNodes,
  loadedGraph,
  openDemo,
  sourceUnits,
  eventually,
} from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

beforeAll(async () => {
  await openDemo(browser.page, baseUrl);
  await extract(browser.page, EN_TEXT, { title: 'Navigation' });
});

/** The element focused inside nested shadow roots, described by its hooks. */
function focused(page: BrowserSession['page']) {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el
      ? { tag: el.tagName.toLowerCase(), node: el.getAttribute('data-node-id'), role: el.getAttribute('role') }
      : null;
  });
}

describe('navigation between the graph and the source', () => {
  it('clicking a node opens its card and highlights its source unit(s) with aria-current', async () => {
    const { page } = browser;
    const { nodes } = await loadedGraph(page);
    const target = nodes.find((n) => n.paragraph !== null)!;
    const event = page.evaluate(
      () =>
        new Promise<unknown>((resolve) =>
          document.addEventListener('kg-node-select', (e) => resolve((e as CustomEvent).detail), { once: true }),
        ),
    );
    await page.locator(`kg-graph-view [data-node-id="${target.id}"]`).click();
    // The public event crossed the shadow root up to the document.
    expect(await event).toMatchObject({
      nodeId: target.id,
      node: { id: target.id, text: target.text },
      units: expect.arrayContaining([target.paragraph]),
    });
    const card = page.locator('kg-detail-card [role=dialog]');
    await card.waitFor();
    expect(await card.locator('[data-node-text]').textContent()).toBe(target.text);
    const current = page.locator('kg-source-pane [data-unit][aria-current="true"]');
    await eventually(() => current.first().getAttribute('data-unit')).toBe(String(target.paragraph));
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
    const event = page.evaluate(
      () =>
        new Promise<unknown>((resolve) =>
          document.addEventListener('kg-unit-select', (e) => resolve((e as CustomEvent).detail), { once: true }),
        ),
    );
    await page.locator(`kg-source-pane [data-unit="${unit}"] .text`).click();
    expect(await event).toMatchObject({ unit, nodeIds: expect.arrayContaining(expected) });
    const selected = page.locator('kg-graph-view [data-node-id][aria-selected="true"]');
    await eventually(() => selected.evaluateAll((els) => els.map((e) => e.getAttribute('data-node-id')))).toEqual(
      expect.arrayContaining(expected),
    );
    expect(await page.locator(`kg-source-pane [data-unit="${unit}"]`).getAttribute('aria-current')).toBe('true');
    // The node is centred in the graph pane (focusNodes).
    const pane = (await page.locator('kg-graph-view .canvas').boundingBox())!;
    await eventually(async () => {
      const box = (await page.locator(`kg-graph-view [data-node-id="${expected[0]}"]`).boundingBox())!;
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      return cx > pane.x && cx < pane.x + pane.width && cy > pane.y && cy < pane.y + pane.height;
    }).toBe(true);
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
    await eventually(() => card.count()).toBe(0);
    // Focus went back to the node it came from, and it is visibly focused.
    expect((await focused(page))?.node).toBe(onNode);
    const outline = await page
      .locator(`kg-graph-view [data-node-id="${onNode}"]`)
      .evaluate((el) => getComputedStyle(el).outlineStyle);
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
          const labelled =
            el.getAttribute('aria-label') ||
            el.getAttribute('aria-labelledby') ||
            (el as HTMLInputElement).labels?.length;
          const text = (el.textContent ?? '').trim();
          if (!labelled && !text && !el.closest('label')) found.push(el.outerHTML.slice(0, 120));
        }
      };
      visit(document);
      return found;
    });
    expect(unnamed).toEqual([]);
    expect(
      (await page.getByRole('button', { name: 'Extract', exact: true }).count()) +
        (await page.getByRole('button', { name: 'New text' }).count()),
    ).toBeGreaterThan(0);
  });

  it('remembers the layout chosen in the graph menu across a reload', async () => {
    const { page } = browser;
    const before = await drawnNodeIds(page);
    await page.getByLabel('Layout').selectOption('circle');
    await eventually(() => page.locator('kg-graph-view').getAttribute('layout')).toBe('circle');
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
    const options = await sections
      .locator('option')
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    const sectionId = options.find((v) => v && v !== 's0')!;
    await sections.selectOption(sectionId);
    const info = await page.evaluate((id) => {
      const wb = document.querySelector('kg-workbench') as unknown as {
        doc: { info: { sections: Array<{ id: string; firstUnit: number; lastUnit: number }> } };
      };
      return wb.doc.info.sections.find((s) => s.id === id)!;
    }, sectionId);
    await eventually(() =>
      sourceUnits(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-unit')))),
    ).toEqual(Array.from({ length: info.lastUnit - info.firstUnit + 1 }, (_, i) => info.firstUnit + i));
    const inSection = async () => {
      const ids = new Set(await drawnNodeIds(page));
      const { nodes } = await loadedGraph(page);
      const drawn = nodes.filter((n) => ids.has(n.id));
      return (
        drawn.length > 0 &&
        drawn.length === ids.size &&
        drawn.every((n) => n.paragraph !== null && n.paragraph >= info.firstUnit && n.paragraph <= info.lastUnit)
      );
    };
    await eventually(inSection).toBe(true);
    await sections.selectOption('');
    await eventually(() => sourceUnits(page).first().getAttribute('data-unit')).toBe('1');
  });
  it('lets the reader drag the split and the result height, and remembers both', async () => {
    const { page } = browser;
    const panes = page.locator('kg-workbench .panes');
    const source = page.locator('kg-workbench kg-source-pane');
    const before = (await source.boundingBox())!.width;
    const bar = (await page.getByRole('separator', { name: 'Resize the source and graph panes' }).boundingBox())!;
    await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
    await page.mouse.down();
    await page.mouse.move(bar.x + 150, bar.y + bar.height / 2, { steps: 4 });
    await page.mouse.up();
    await eventually(async () => (await source.boundingBox())!.width).toBeGreaterThan(before + 100);
    const height = (await panes.boundingBox())!.height;
    const under = (await page.getByRole('separator', { name: 'Resize the result area' }).boundingBox())!;
    await page.mouse.move(under.x + 40, under.y + under.height / 2);
    await page.mouse.down();
    await page.mouse.move(under.x + 40, under.y - 120, { steps: 4 });
    await page.mouse.up();
    await eventually(async () => (await panes.boundingBox())!.height).toBeLessThan(height - 100);
    // The keyboard moves the split too.
    await page.getByRole('separator', { name: 'Resize the source and graph panes' }).focus();
    const keyed = (await source.boundingBox())!.width;
    await page.keyboard.press('ArrowLeft');
    await eventually(async () => (await source.boundingBox())!.width).toBeLessThan(keyed - 10);
    const widths = { source: (await source.boundingBox())!.width, height: (await panes.boundingBox())!.height };
    await page.reload();
    await graphNodes(page).first().waitFor();
    expect(Math.abs((await source.boundingBox())!.width - widths.source)).toBeLessThan(3);
    expect(Math.abs((await panes.boundingBox())!.height - widths.height)).toBeLessThan(3);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('kg-workbench:ui')!));
    expect(stored).toMatchObject({ split: expect.any(Number), height: Math.round(widths.height) });
  });
});
