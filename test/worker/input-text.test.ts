// Input text rules on the create and append bodies and on titles (issue 10): ill-formed UTF-16 is refused before the
// length limit and the hash, text made only of invisible characters counts as empty, and a title's bidi controls
// never reach a download file name.
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS } from '../../core/limits';
import { call, createDocument, expectError, extractAndWait, json, waitForTask, writeAuth } from './helpers';

const create = (body: Record<string, unknown>) => json('/api/documents', { method: 'POST', json: body });

describe('ill-formed UTF-16 (lone surrogates) is refused, never stored as U+FFFD', () => {
  it('refuses a lone high, a lone low and a reversed pair in the text with 400 invalid_input', async () => {
    for (const bad of ['abc \uD800 def', 'abc \uDC00 def', 'reversed \uDC00\uD800 pair', 'ends in \uD83D']) {
      const res = await create({ text: bad });
      expectError(res, 400, 'invalid_input');
      expect(res.body.error.message).toMatch(/surrogate/i);
    }
  });

  it('refuses it before the length limit: at the limit and one past it, the answer is 400, not 202 or 413', async () => {
    // Stored as three U+FFFD bytes each, a text at the limit used to pass here and then no longer match its sourceId.
    const atLimit = `${'a'.repeat(MAX_TEXT_CHARS - 1)}\uD800`;
    expectError(await create({ text: atLimit }), 400, 'invalid_input');
    const pastLimit = `${'a'.repeat(MAX_TEXT_CHARS)}\uDFFF`;
    expectError(await create({ text: pastLimit }), 400, 'invalid_input');
  });

  it('accepts well-formed astral characters (surrogate pairs)', async () => {
    const created = await createDocument('表情 😀 与 CJK 扩展 B 字 𠀀 都是合法的文本。Emoji are fine.');
    expect((await waitForTask(created.taskId)).status).toBe('succeeded');
  });

  it('refuses a lone surrogate in the title and in appended text', async () => {
    expectError(await create({ text: 'A fine text.', title: 'Title \uD800' }), 400, 'invalid_input');
    const { documentId } = await extractAndWait('Knowledge graphs link concepts. A concept is an idea.');
    expectError(
      await json(`/api/documents/${documentId}/append`, {
        method: 'POST',
        json: { text: 'More \uDBFF text.' },
        headers: writeAuth(documentId),
      }),
      400,
      'invalid_input',
    );
  });

  it('answers zh readers in Chinese only', async () => {
    const res = await json('/api/documents', {
      method: 'POST',
      json: { text: 'x\uD800' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expectError(res, 400, 'invalid_input');
    expect(res.body.error.message).toMatch(/代理/);
    expect(res.body.error.message).not.toMatch(/[a-z]{2,}/);
  });
});

describe('text made only of invisible characters counts as empty', () => {
  const invisible = {
    'zero-width': '\u200B\u200C\u200D\u2060',
    'direction overrides and isolates': '\u202E\u202D\u202A\u202B\u202C\u2066\u2067\u2068\u2069\u200E\u200F',
    BOM: '\uFEFF\uFEFF',
    NUL: '\u0000\u0000\u0000',
    'all of them with spaces': ' \u200B\n\u202E\t\uFEFF \u0000 ',
  };

  it('refuses each on create with 400 invalid_input', async () => {
    for (const [name, text] of Object.entries(invisible)) {
      const res = await create({ text });
      if (res.status !== 400) throw new Error(`${name}: expected 400, got ${res.status} ${JSON.stringify(res.body)}`);
      expectError(res, 400, 'invalid_input');
    }
  });

  it('refuses each on append with 400 invalid_input', async () => {
    const { documentId } = await extractAndWait('Graphs have nodes. A node is a vertex.');
    for (const text of Object.values(invisible)) {
      expectError(
        await json(`/api/documents/${documentId}/append`, {
          method: 'POST',
          json: { text },
          headers: writeAuth(documentId),
        }),
        400,
        'invalid_input',
      );
    }
  });

  it('treats an invisible-only title as no title (the title is derived from the text)', async () => {
    const { documentId } = await extractAndWait('Derived heading\n\nBody text about graphs.', {
      title: '\u202E\u200B\uFEFF',
    });
    const doc = await json(`/api/documents/${documentId}`);
    expect(doc.body.title).toBe('Derived heading');
  });
});

describe("a title's bidi controls never reach a download file name", () => {
  it('strips them from the export Content-Disposition (both the ASCII and the UTF-8 name)', async () => {
    // U+202E makes "report\u202Egnp.exe" display as "reportexe.png" in a file manager.
    const { documentId } = await extractAndWait('Concepts and examples. An example is a case.', {
      title: 'report\u202Egnp.exe \u2066x\u2069\u200F',
    });
    const res = await call(`/api/documents/${documentId}/export?format=json`);
    expect(res.status).toBe(200);
    const disposition = res.headers.get('content-disposition') ?? '';
    await res.body?.cancel();
    const utf8Name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '');
    expect(utf8Name).toMatch(/^report ?gnp\.exe x\.r1\.graph\.json$/);
    expect(utf8Name).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
  });
});
