// Files in (issue 31), in real Chromium against wrangler dev: a PDF dropped onto the workbench becomes a document
// whose source units show the page each came from; a PDF without a text layer is refused in words.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { makePdf } from '../support/pdf-writer';
import { eventually, openDemo, sourceUnits } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
/** Screenshots to be looked at (not compared). */
const OUT = path.resolve(__dirname, '../../test-results');
mkdirSync(OUT, { recursive: true });

/** Drops a file onto the input panel's file zone, as a reader dragging it from their desktop. */
async function dropFile(page: Page, name: string, bytes: Uint8Array, type: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, bytes, type }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], name, { type }));
      return dt;
    },
    { name, bytes: [...bytes], type },
  );
  const zone = page.locator('kg-file-input [part="file-drop"]');
  await zone.waitFor();
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

describe('files in', () => {
  it('a dropped PDF becomes units that show their page numbers', async () => {
    const { page } = browser;
    await openDemo(page, baseUrl);
    const pdf = makePdf([
      ['Rivers carry water to the sea.', 'A river is defined as a natural stream of water.'],
      ['Deltas form where rivers meet the sea.', 'Because deltas trap silt, they are fertile.'],
      [],
      ['Floods spread silt across the plain.'],
    ]);
    await dropFile(page, 'rivers.pdf', pdf, 'application/pdf');
    await page.locator('kg-file-input [data-file="rivers.pdf"]').waitFor();
    await page.screenshot({ path: path.join(OUT, 'files-chosen.png') });
    await page.getByRole('button', { name: /^(File → graph|文件生成知识图)$/ }).click();
    await page.locator('[data-summary]').waitFor({ timeout: 60_000 });
    await eventually(() => sourceUnits(page).count(), { timeout: 30_000 }).toBe(3);
    const shown = await sourceUnits(page).evaluateAll((items) =>
      items.map((li) => [
        li.querySelector('.page')?.textContent?.trim(),
        li.querySelector('.text')?.textContent?.slice(0, 12),
      ]),
    );
    expect(shown).toEqual([
      ['p. 1', 'Rivers carry'],
      ['p. 2', 'Deltas form '],
      ['p. 4', 'Floods sprea'],
    ]);
    await page.screenshot({ path: path.join(OUT, 'files-pages.png') });
    // In Chinese the same provenance reads 第 N 页.
    await page.getByRole('button', { name: 'Switch the interface to Chinese' }).click();
    await eventually(() => page.locator('kg-source-pane .page').allTextContents()).toEqual([
      '第 1 页',
      '第 2 页',
      '第 4 页',
    ]);
    expect(browser.errors).toEqual([]);
  });

  it('a dropped trace file (Anthropic messages, JSON Lines) opens as a trace: its events in the source pane', async () => {
    const { page } = browser;
    await openDemo(page, baseUrl);
    const trace = readFileSync(path.resolve(__dirname, '../fixtures/traces/anthropic-messages.jsonl'));
    await dropFile(page, 'nightly.jsonl', new Uint8Array(trace), 'application/jsonl');
    await page.locator('kg-file-input [data-file="nightly.jsonl"]').waitFor();
    expect(await page.locator('kg-file-input .muted').textContent()).toContain('opened as an agent trace');
    await page.getByRole('button', { name: /^(File → graph|文件生成知识图)$/ }).click();
    const events = page.locator('kg-trace-events li[data-seq]');
    await eventually(() => events.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))), {
      timeout: 60_000,
    }).toEqual(['user/message', 'assistant/message', 'tool/call', 'tool/result', 'assistant/message']);
    // A file nobody appends to: the pane does not claim to follow it.
    expect(await page.locator('kg-trace-events .following').count()).toBe(0);
    await page.screenshot({ path: path.join(OUT, 'files-trace.png') });
    expect(browser.errors).toEqual([]);
  });

  it('a PDF without text is refused in words that point to image input', async () => {
    const { page } = browser;
    await openDemo(page, baseUrl);
    await dropFile(page, 'scan.pdf', makePdf([[], []]), 'application/pdf');
    await page.getByRole('button', { name: /^(File → graph|文件生成知识图)$/ }).click();
    await page
      .getByText(/no text layer/)
      .first()
      .waitFor({ timeout: 30_000 });
    // A wrong type is caught before anything is sent.
    await dropFile(page, 'photo.bmp', new Uint8Array([1, 2, 3]), 'image/bmp');
    await page.getByText('photo.bmp is not a .txt, .md, .html, .pdf, .docx or trace (.json, .jsonl) file.').waitFor();
  });
});
