// Images become graphs through the real page: a `wrangler dev` of its own whose vision model is the project's
// scripted server (test/support/scripted-vision.mjs). Two images go in through the file picker and drag and drop
// (a pasted third is taken and removed), "Images → graph" makes the graph, the gallery of originals appears above
// the source with the model-output notice, and clicking an image shows its transcript units. Without a model
// that reads images, the upload is visibly unavailable with its reason.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startOwnWorker, type OwnWorker } from '../support/own-worker';
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.mjs';
import { useBrowser } from '../support/browser';
import { CHART_PNG_BASE64, DIAGRAM_PNG_BASE64 } from '../support/images';
import { eventually, graphNodes, openDemo } from './workbench-helpers';

const OUT = path.resolve('test-results');
const browser = useBrowser();
let llm: ScriptedLlm;
let worker: OwnWorker | undefined;
let baseUrl: string;

beforeAll(async () => {
  llm = await startScriptedLlm();
  const models = [
    {
      provider: 'openai-compatible',
      model: 'vision@browser',
      baseUrl: llm.url,
      label: 'Scripted vision',
      image: true,
      batchChars: 400,
    },
  ];
  worker = await startOwnWorker('images', { KG_MODELS: JSON.stringify(models) });
  baseUrl = worker.baseUrl;
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await llm?.close();
});

/** Drops (or pastes) a PNG given as base64 onto an element, as a browser's DataTransfer carries it. */
async function dropImage(selector: string, name: string, data: string, kind: 'drop' | 'paste') {
  await browser.page
    .locator(selector)
    .first()
    .evaluate(
      (target, { name, data, kind }) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], name, { type: 'image/png' }));
        const event =
          kind === 'drop'
            ? new DragEvent('drop', { dataTransfer: transfer, bubbles: true, composed: true, cancelable: true })
            : new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, composed: true, cancelable: true });
        target.dispatchEvent(event);
      },
      { name, data, kind },
    );
}

describe('images in the workbench', () => {
  it("uploads two images, makes the graph, and shows the gallery with each image's transcript", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await openDemo(page, baseUrl);
    await page.getByLabel('Extractor').selectOption('openai-compatible:vision@browser');
    expect(await page.locator('kg-input-panel option[value="builtin:heuristic"]').textContent()).toMatch(/text only$/);

    await page
      .locator('kg-image-picker input[type=file]')
      .setInputFiles([
        { name: 'water-cycle.png', mimeType: 'image/png', buffer: Buffer.from(DIAGRAM_PNG_BASE64, 'base64') },
      ]);
    await dropImage('kg-image-picker [part=drop]', 'rainfall.png', CHART_PNG_BASE64, 'drop');
    await dropImage('kg-input-panel textarea', 'pasted.png', CHART_PNG_BASE64, 'paste');
    const thumbs = page.locator('kg-image-picker [data-images] img');
    await eventually(() => thumbs.count()).toBe(3);
    await page.getByRole('button', { name: 'Remove pasted.png' }).click();
    await eventually(() => thumbs.evaluateAll((els) => els.map((e) => e.getAttribute('alt')))).toEqual([
      'water-cycle.png',
      'rainfall.png',
    ]);
    // Client-side limit: a text file is refused with its reason, before anything is sent.
    await page
      .locator('kg-image-picker input[type=file]')
      .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await eventually(() => page.locator('kg-image-picker [role=alert]').textContent()).toContain(
      'notes.txt is not a PNG',
    );
    await page.getByLabel('Text to extract').fill('Two figures from the hydrology lecture.');

    await page.getByRole('button', { name: 'Images → graph' }).click();
    await page.getByLabel('Text to extract').waitFor({ state: 'detached', timeout: 60_000 });
    await graphNodes(page).first().waitFor({ timeout: 30_000 });
    expect(await graphNodes(page).count()).toBeGreaterThan(10);

    const gallery = page.locator('kg-image-gallery [data-gallery]');
    await gallery.waitFor({ timeout: 20_000 });
    await expect.poll(() => gallery.locator('img').count(), { timeout: 20_000 }).toBe(2);
    expect(await gallery.getByRole('note').textContent()).toContain('model output, not pixel-exact OCR');
    // The originals really load (decoded images, not broken links).
    await eventually(() =>
      gallery.locator('img').evaluateAll((els) => els.map((e) => (e as HTMLImageElement).naturalWidth)),
    ).toEqual([96, 96]);

    await gallery.locator('[data-image=image-2]').click();
    const transcript = page.locator('kg-image-gallery [data-transcript=image-2]');
    await eventually(() => transcript.locator('li').count()).toBeGreaterThan(5);
    const lines = await transcript.locator('li').allTextContents();
    expect(lines.join('\n')).toContain('[Diagram] Evaporation 2 → Condensation 2');
    expect(lines.join('\n')).not.toContain('Evaporation 1');
    expect(lines[0]).toContain('[Image 2: rainfall.png]');
    expect(lines[0]).toContain('Image 2 (rainfall.png) shows');
    expect(await gallery.locator('[data-image=image-2]').getAttribute('aria-pressed')).toBe('true');
    // The source pane scrolls to the image's first transcript paragraph.
    const first = Number(/paragraphs (\d+)/.exec((await transcript.locator('h3').first().textContent()) ?? '')?.[1]);
    expect(first).toBeGreaterThan(2);
    const inWindow = () =>
      page.locator(`kg-source-pane [data-unit="${first}"]`).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight;
      });
    await eventually(inWindow).toBe(true);

    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: path.join(OUT, 'workbench-images.png') });
    expect(browser.errors).toEqual([]);
  });

  it('shows the upload as unavailable, with the reason, when no model reads images', async () => {
    const { page } = browser;
    await openDemo(page, inject('baseUrl'));
    const picker = page.locator('kg-image-picker');
    await expect
      .poll(() => picker.locator('[part=drop]').textContent(), { timeout: 10_000 })
      .toContain('Image upload is unavailable: no configured model reads images');
    expect(await picker.getByRole('button', { name: 'Choose images' }).isDisabled()).toBe(true);
    await dropImage('kg-image-picker [part=drop]', 'x.png', CHART_PNG_BASE64, 'drop');
    expect(await page.locator('kg-image-picker [data-images]').count()).toBe(0);
  });
});
