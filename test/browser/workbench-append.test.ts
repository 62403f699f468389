// "Append to this graph": more text on the open document becomes its next revision, in place.
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { EN_TEXT, eventually, extract, openDemo, sourceUnits } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const MORE =
  '## Lakes\n\nA lake is defined as a body of water surrounded by land. Because lakes store water, they soften floods.';

describe('append', () => {
  it('extends the open document: same id, next revision, old units kept and new ones added', async () => {
    const { page } = browser;
    await openDemo(page, baseUrl);
    await extract(page, EN_TEXT, { title: 'Append test' });
    const before = await page.evaluate(() => {
      const wb = document.querySelector('kg-workbench') as unknown as {
        doc: { info: { documentId: string; revision: number; nodeCount: number; unitCount: number } };
      };
      return { ...wb.doc.info };
    });
    const unitsBefore = await sourceUnits(page).count();

    await page.getByRole('button', { name: /^(New text|新文本)$/ }).click();
    await page.getByLabel(/^(Text to extract|待拆分文本)$/).fill(MORE);
    await page.getByRole('button', { name: /^(Append to this graph|追加拆分)$/ }).click();

    const info = () =>
      page.evaluate(() => {
        const wb = document.querySelector('kg-workbench') as unknown as {
          doc: { info: { documentId: string; revision: number; nodeCount: number; unitCount: number } | null };
        };
        return wb.doc.info ? { ...wb.doc.info } : null;
      });
    await eventually(async () => (await info())?.revision, { timeout: 30_000 }).toBe(before.revision + 1);
    const after = (await info())!;
    expect(after.documentId).toBe(before.documentId);
    expect(after.nodeCount).toBeGreaterThan(before.nodeCount);
    expect(after.unitCount).toBeGreaterThan(before.unitCount);
    await eventually(() => sourceUnits(page).count()).toBeGreaterThan(unitsBefore);
    await eventually(() => page.locator('kg-source-pane').getByText('A lake is defined as').count()).toBe(1);
    expect(browser.errors).toEqual([]);
  });
});
