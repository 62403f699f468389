// The text rule's functions (core/text/well-formed.ts): strict UTF-8, lone surrogates anywhere in a JSON value,
// invisible-only text as empty, titles and labels without controls.
import { describe, expect, it } from 'vitest';
import { isKgError } from '../errors';
import {
  assertWellFormedJson,
  decodeUtf8,
  emptyTextError,
  inputTitle,
  stripControls,
  visibleOrEmpty,
} from './well-formed';

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isKgError(error)) return { code: error.code, en: error.toBody('en').message, zh: error.toBody('zh').message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('decodeUtf8', () => {
  it('decodes UTF-8 (a leading BOM dropped) and refuses invalid bytes instead of replacing them', () => {
    expect(decodeUtf8(new TextEncoder().encode('\uFEFF表情 😀'), 'body')).toBe('表情 😀');
    for (const bad of [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xe2, 0x82]]) {
      const r = refusal(() => decodeUtf8(new Uint8Array([0x61, ...bad]), 'body'));
      expect(r.code).toBe('invalid_input');
      expect(r.en).toMatch(/UTF-8/);
      expect(r.zh).toMatch(/请求体/);
    }
    expect(refusal(() => decodeUtf8(new Uint8Array([0xed, 0xa0, 0x80]), 'query')).en).toMatch(/query string/);
  });
});

describe('assertWellFormedJson', () => {
  it('accepts well-formed strings, pairs included, and anything that is not a string', () => {
    expect(() => assertWellFormedJson({ a: ['😀', 1, null, true, { b: '𠀀' }] })).not.toThrow();
  });

  it('refuses a lone surrogate in a nested value, naming where', () => {
    const r = refusal(() => assertWellFormedJson({ events: [{ seq: 1 }, { seq: 2, text: 'ok \uDC00' }] }));
    expect(r.code).toBe('invalid_input');
    expect(r.en).toMatch(/events\.1\.text contains an unpaired UTF-16 surrogate at character 3/);
  });

  it('refuses one in a key, and in a top-level string', () => {
    expect(refusal(() => assertWellFormedJson({ nested: { 'k\uD800': 1 } })).en).toMatch(/key in nested/);
    expect(refusal(() => assertWellFormedJson('\uD83D')).en).toMatch(/body contains/);
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = '\uD800';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(refusal(() => assertWellFormedJson(deep)).code).toBe('invalid_input');
  });
});

describe('invisible-only text is empty', () => {
  it('visibleOrEmpty keeps visible text and empties the rest', () => {
    expect(visibleOrEmpty(' a\u200B ')).toBe(' a\u200B ');
    expect(visibleOrEmpty('\u200B\u202E\uFEFF\u0000 \t')).toBe('');
  });

  it('emptyTextError names the field in both languages', () => {
    const error = emptyTextError('events.0.text');
    expect(error.code).toBe('invalid_input');
    expect(error.toBody('en').message).toMatch(/events\.0\.text is empty/);
    expect(emptyTextError('text').toBody('zh').message).toMatch(/文本为空/);
  });
});

describe('titles and labels keep no controls', () => {
  it('stripControls: breaks become spaces, other controls and bidi controls go', () => {
    expect(stripControls('Debug\u0000 session\nnext\tpart\u007F\u0085\u202Eok\u2066')).toBe(
      'Debug session next part ok',
    );
  });

  it('inputTitle strips them and treats a title with nothing left as absent', () => {
    expect(inputTitle('report\u202Egnp.exe\u0000')).toBe('reportgnp.exe');
    expect(inputTitle('\u0000\u202E\u200B')).toBeUndefined();
    expect(inputTitle(undefined)).toBeUndefined();
    expect(refusal(() => inputTitle('T \uD800')).en).toMatch(/title contains an unpaired/);
  });
});
