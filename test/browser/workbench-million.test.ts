// A 1,000,000-character document: the source pane reads units in pages and renders one page at a time, so opening
// the document and jumping to its end stay fast. Prints the figures; asserts only the paging rules.
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { mixedText } from '../support/texts';
import { openDemo, sourceUnits, eventually, taskSucceeded } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('a 1,000,000-character document', () => {
  it('opens with one page of units and reaches a unit near the end without loading the whole text', async () => {
    const { page } = browser;
    await openDemo(page, baseUrl);
    await page.getByLabel('Text to extract').waitFor();
    const headers = { 'content-type': 'application/json' };
    const created = await (
      await fetch(`${baseUrl}/api/documents`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: 'A million characters', text: mixedText(1_000_000) }),
      })
    ).json();
    // The page lists the documents whose write capabilities it holds (open mode): hand it this one's.
    await page.evaluate(
      ([id, token]) => localStorage.setItem('kg-workbench:write-capabilities', JSON.stringify({ [id]: token })),
      [created.documentId, created.writeCapability],
    );
    await taskSucceeded(baseUrl, created.taskId, { timeout: 240_000 });
    const doc = await (await fetch(`${baseUrl}/api/documents/${created.documentId}`)).json();
    const unitRequests: number[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith('/units')) unitRequests.push(Number(url.searchParams.get('limit')));
    });

    const t0 = Date.now();
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Open A million characters' }).click();
    await sourceUnits(page).first().waitFor();
    const firstUnits = Date.now() - t0;
    await page.locator('kg-graph-view [data-node-id]').first().waitFor({ timeout: 60_000 });
    const firstGraph = Date.now() - t0;
    expect(await sourceUnits(page).count()).toBe(200);

    // A node near the end, found by id: its unit is shown, current, and still only one page is rendered.
    const far = await (
      await fetch(`${baseUrl}/api/documents/${created.documentId}/graph?offset=${doc.nodeCount - 3}&limit=3`)
    ).json();
    const target = far.nodes.find((n: { paragraph: number | null }) => n.paragraph !== null);
    const t1 = Date.now();
    await page.getByLabel('Search nodes by id, text, type or section').fill(target.id);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const unit = page.locator(`kg-source-pane [data-unit="${target.paragraph}"]`);
    await eventually(() => unit.getAttribute('aria-current'), { timeout: 30_000 }).toBe('true');
    const located = Date.now() - t1;
    expect(await unit.isVisible()).toBe(true);
    expect(await sourceUnits(page).count()).toBeLessThanOrEqual(200);
    expect(Math.max(...unitRequests)).toBeLessThanOrEqual(2000);
    const loaded = unitRequests.reduce((a, b) => a + b, 0);
    expect(loaded).toBeLessThan(doc.unitCount / 10);
    console.log(
      `1,000,000 characters, ${doc.unitCount} units, ${doc.nodeCount} nodes: first units ${firstUnits} ms, first graph ${firstGraph} ms, ` +
        `node ${target.id} (unit ${target.paragraph}) located in ${located} ms; units requested ${loaded} of ${doc.unitCount} in ${unitRequests.length} requests`,
    );
    expect(browser.errors).toEqual([]);
  }, 300_000);
});
