// core/files in Chromium: the converters (htmlparser2, fflate, unpdf's pdf.js build) run in a browser too, not only
// in workerd and Node. The module is bundled here with esbuild and run in a blank page (no server involved).
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { makeDocx } from '../support/docx-writer';
import { makePdf } from '../support/pdf-writer';

const browser = useBrowser();

describe('core/files in the browser', () => {
  it('converts a PDF (with pages), a .docx and an HTML page, and refuses an encrypted PDF', async () => {
    const bundle = await build({
      entryPoints: ['core/files/index.ts'],
      bundle: true,
      format: 'iife',
      globalName: 'kgFiles',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    const { page } = browser;
    await page.setContent('<!doctype html><link rel="icon" href="data:,"><title>files</title>');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const inputs = {
      pdf: [...makePdf([['Page one text.'], ['Page two text.']])],
      locked: [...makePdf([['x']], { encrypted: true })],
      docx: [...makeDocx([{ heading: 1, text: 'Title' }, { item: 'an item' }])],
      html: [...new TextEncoder().encode('<script>x()</script><main><h1>H</h1><p>Body</p></main>')],
    };
    const out = await page.evaluate(async (inputs) => {
      const { convertFile } = (globalThis as unknown as { kgFiles: typeof import('../../core/files') }).kgFiles;
      const run = (name: string, bytes: number[]) => convertFile({ name, mediaType: '', bytes: new Uint8Array(bytes) });
      const refused = await run('locked.pdf', inputs.locked).then(
        () => 'accepted',
        (e: { code?: string }) => e.code,
      );
      return {
        pdf: await run('a.pdf', inputs.pdf),
        docx: (await run('a.docx', inputs.docx)).text,
        html: (await run('a.html', inputs.html)).text,
        refused,
      };
    }, inputs);
    expect(out.pdf).toMatchObject({ format: 'pdf', text: 'Page one text.\n\nPage two text.', pages: [0, 16] });
    expect(out.docx).toBe('# Title\n\n- an item');
    expect(out.html).toBe('# H\n\nBody');
    expect(out.refused).toBe('file_encrypted');
    expect(browser.errors).toEqual([]);
  });
});
