import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { SUMMARY, extract, graphNodes, openDemo, sourceUnits, eventually } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('the page at /', () => {
  it('is the workbench, full page, and extracts with the built-in extractor labelled as such', async () => {
    const { page } = browser;
    await openDemo(page, baseUrl);
    const choice = page.getByLabel('Extractor');
    await eventually(() => choice.locator('option:checked').textContent()).toBe(
      'Built-in heuristic extractor (offline, not a model)',
    );
    await extract(
      page,
      'A knowledge graph is defined as a network of facts. For example, a citation index links papers. Because the links are explicit, readers can check every claim.',
    );
    expect(await page.locator('[data-summary]').textContent()).toMatch(SUMMARY);
    expect(await graphNodes(page).count()).toBeGreaterThan(0);
    expect(await sourceUnits(page).count()).toBeGreaterThan(0);
    // Full page: the result uses the width of the window.
    const box = await page.locator('kg-workbench').boundingBox();
    expect(box!.width).toBeGreaterThan(1200);
    expect(browser.errors).toEqual([]);
  });

  it('renders document text as text, never as markup, and executes nothing', async () => {
    const { page } = browser;
    await openDemo(page, baseUrl);
    await page.evaluate(() => ((window as unknown as { __pwned: number }).__pwned = 0));
    const payloads = [
      'The payload <img src=x onerror="window.__pwned=1"> is plain text.',
      'Scripts like <script>window.__pwned=2</script> must not run.',
      'A link <a href="javascript:window.__pwned=3">click</a> is defined as text. For example, <svg onload="window.__pwned=4"></svg> stays text.',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${…} in the text, shown inert as data.
      'Template ${window.__pwned=5} and {{constructor.constructor("window.__pwned=6")()}} are inert because they are data.',
    ].join('\n\n');
    await extract(page, payloads, { title: '<b onmouseover="window.__pwned=7">Title</b>' });
    // The text is shown verbatim in the source pane, the graph and the title.
    await eventually(() => page.locator('kg-source-pane ol').textContent()).toContain(
      '<img src=x onerror="window.__pwned=1">',
    );
    expect(await page.locator('kg-source-pane ol').textContent()).toContain('<script>window.__pwned=2</script>');
    expect(await page.locator('kg-workbench h1').textContent()).toBe('<b onmouseover="window.__pwned=7">Title</b>');
    const nodeTexts = await graphNodes(page).evaluateAll((els) => els.map((e) => e.textContent ?? '').join(' '));
    expect(nodeTexts).toMatch(/<img|<script|<a href|<svg/);
    // Open a node's card: its text is text there too.
    await graphNodes(page).first().click();
    await page.locator('kg-detail-card [role=dialog]').waitFor();
    await page.mouse.move(10, 10);
    // Nothing became an element, nothing ran.
    for (const tag of ['img', 'script', 'a', 'b', 'svg image', 'iframe']) {
      const inPanes = await page
        .locator(`kg-source-pane ${tag}, kg-detail-card ${tag}, kg-workbench h1 ${tag}`)
        .count();
      expect(inPanes, tag).toBe(0);
    }
    expect(await page.evaluate(() => (window as unknown as { __pwned: number }).__pwned)).toBe(0);
    expect(browser.errors).toEqual([]);
  });
});
