import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser';

const baseUrl = inject('baseUrl');
let browser: BrowserSession;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the page at /', () => {
  it('extracts a pasted text with the built-in extractor, labelled as such', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/`);
    await expect.poll(() => page.locator('#engine').textContent()).toContain('Built-in heuristic extractor');
    await page.getByLabel('Text to extract').fill(
      'A knowledge graph is defined as a network of facts. For example, a citation index links papers. Because the links are explicit, readers can check every claim.',
    );
    await page.getByRole('button', { name: /Extract/ }).click();
    await expect.poll(() => page.locator('#status').textContent(), { timeout: 30_000 }).toMatch(/\d+ nodes · \d+ relations/);
    expect(await page.locator('[data-node-id]').count()).toBeGreaterThan(0);
    expect(browser.errors).toEqual([]);
  });

  it('renders document text as text, never as markup', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/`);
    await page.evaluate(() => ((window as unknown as { __pwned: number }).__pwned = 0));
    await page.getByLabel('Text to extract').fill(
      'The payload <img src=x onerror="window.__pwned=1"> is plain text. Scripts like <script>window.__pwned=2</script> must not run.',
    );
    await page.getByRole('button', { name: /Extract/ }).click();
    await expect.poll(() => page.locator('#status').textContent(), { timeout: 30_000 }).toMatch(/nodes/);
    expect(await page.locator('#result img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned: number }).__pwned)).toBe(0);
    await expect.poll(() => page.locator('#result').textContent()).toContain('<img src=x');
  });
});
