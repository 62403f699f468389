// PDF → structured text with pages: the text layer of each page (unpdf, a serverless build of pdf.js that needs no
// worker thread and runs in workerd, browsers and Node), one page after another. A page's text never shares a block
// with the next page's, so every unit lies on one page and `pages` can say which.
import { corrupt, fileError } from './errors';
import { StructuredText } from './structured-text';

// biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what is replaced.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export interface PdfText {
  text: string;
  /** pages[i] is the offset in `text` where page i + 1 starts (an empty page starts where the next one does). */
  pages: number[];
  title?: string;
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  // Loaded on first use: pdf.js is large, and neither the Worker's other routes nor the page's first load need it.
  const { getDocumentProxy } = await import('unpdf');
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    doc = await getDocumentProxy(bytes.slice(), { isEvalSupported: false, stopAtErrors: true, verbosity: 0 });
  } catch (e) {
    const name = e instanceof Error ? e.name : '';
    if (name === 'PasswordException')
      throw fileError('file_encrypted', 'The PDF needs a password to open.', '该 PDF 需要密码才能打开。');
    throw corrupt('PDF', e instanceof Error ? e.message : undefined);
  }
  try {
    const out = new StructuredText();
    const pages: number[] = [];
    let visible = false;
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      // A PDF's own strings may hold controls or unpaired surrogates (broken font maps): they are the file's, not
      // the reader's, so they become spaces and U+FFFD rather than a refusal of the whole file.
      text = text.replace(CONTROLS, ' ').replace(LONE_SURROGATE, '\ufffd');
      pages.push(out.nextOffset());
      if (/\S/.test(text)) visible = true;
      out.lines(text);
      page.cleanup();
    }
    if (!visible)
      throw fileError(
        'pdf_no_text',
        `None of its ${doc.numPages} pages has any text.`,
        `它的 ${doc.numPages} 页中都没有文字。`,
      );
    const text = out.toString();
    // A page that added nothing starts where the next page does (or at the end).
    const fixed = pages.map((o) => Math.min(o, text.length));
    const info = (await doc.getMetadata().catch(() => null))?.info as { Title?: unknown } | undefined;
    const title = typeof info?.Title === 'string' ? info.Title.trim() : '';
    return { text, pages: fixed, ...(title ? { title } : {}) };
  } catch (e) {
    if (e instanceof Error && e.name === 'KgError') throw e;
    throw corrupt('PDF', e instanceof Error ? e.message : undefined);
  } finally {
    await doc.destroy();
  }
}
