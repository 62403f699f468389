// One table per language (components/shared/i18n/en.ts, zh.ts): the same keys and placeholders in both, and every
// count rendered through Intl.PluralRules — 0, 1 and 2 in English and Chinese for every pluralised message.
import { describe, expect, it } from 'vitest';
import { LANGS, LOCALES } from '../../../core/i18n/lang';
import { errorParts, format, strings, t, type PluralKey } from '../i18n';
import { isPlural } from './plural';

const en = strings('en');
const zh = strings('zh');
const holes = (text: string) => [...text.matchAll(/\{(\w+(?::\w+)?)\}/g)].map((m) => m[1]).sort();

/** Every message of a table by its dotted path: plain strings and plural messages. */
function messages(table: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(table)) {
    const path = prefix + key;
    if (typeof value === 'string' || isPlural(value)) out.set(path, value);
    else for (const [k, v] of messages(value as object, `${path}.`)) out.set(k, v);
  }
  return out;
}

const pluralKeys = [...messages(en)].filter(([, v]) => isPlural(v)).map(([k]) => k as PluralKey);

describe('the interface tables', () => {
  it('have the same messages in both languages, with the same placeholders', () => {
    const a = messages(en);
    const b = messages(zh);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [key, value] of a) {
      const other = b.get(key);
      expect(isPlural(other), key).toBe(isPlural(value));
      const text = (v: unknown) => (isPlural(v) ? v.other : (v as string));
      expect(holes(text(other)), key).toEqual(holes(text(value)));
    }
  });

  it('give every plural message a form for each plural category of its language', () => {
    expect(pluralKeys.length).toBeGreaterThanOrEqual(4);
    for (const lang of LANGS) {
      const categories = new Intl.PluralRules(LOCALES[lang]).resolvedOptions().pluralCategories;
      for (const key of pluralKeys) {
        const message = strings(lang)[key];
        for (const c of categories) expect(message[c], `${lang} ${key} ${c}`).toBeTypeOf('string');
      }
    }
  });
});

describe('counts', () => {
  const expected: Record<PluralKey, Record<'en' | 'zh', [string, string, string]>> = {
    characters: { en: ['0 characters', '1 character', '2 characters'], zh: ['0 字符', '1 字符', '2 字符'] },
    nodeCount: { en: ['0 nodes', '1 node', '2 nodes'], zh: ['0 节点', '1 节点', '2 节点'] },
    relationCount: { en: ['0 relations', '1 relation', '2 relations'], zh: ['0 关系', '1 关系', '2 关系'] },
    confirmClear: {
      en: ['Delete all 0 documents?', 'Delete 1 document?', 'Delete all 2 documents?'],
      zh: ['确认删除全部 0 个？', '确认删除全部 1 个？', '确认删除全部 2 个？'],
    },
  };

  it('renders 0, 1 and 2 of every pluralised message in English and Chinese', () => {
    expect(Object.keys(expected).sort()).toEqual([...pluralKeys].sort());
    for (const key of pluralKeys) {
      for (const lang of LANGS)
        expect(
          [0, 1, 2].map((n) => t(lang, key, { n })),
          `${lang} ${key}`,
        ).toEqual(expected[key][lang]);
    }
  });

  it('pluralises counts inside other messages, and never says "1 nodes"', () => {
    for (const n of [0, 1, 2]) {
      expect(t('en', 'summary', { nodes: n, edges: n, x: n, y: n })).toBe(
        `${expected.nodeCount.en[n]} · ${expected.relationCount.en[n]} · anchored ${n}/${n}`,
      );
      expect(t('zh', 'summary', { nodes: n, edges: n, x: n, y: n })).toBe(`${n} 节点 · ${n} 关系 · 可回链 ${n}/${n}`);
      expect(t('en', 'counts', { nodes: n, edges: n })).toBe(
        `${expected.nodeCount.en[n]} · ${expected.relationCount.en[n]}`,
      );
      expect(t('zh', 'counts', { nodes: n, edges: n })).toBe(`${n} 节点 · ${n} 关系`);
    }
    for (const key of pluralKeys) expect(t('en', key, { n: 1 })).not.toMatch(/\b1 [a-z]+s\b/);
  });

  it('formats the count for the language', () => {
    expect(t('en', 'nodeCount', { n: 12345 })).toBe('12,345 nodes');
    expect(t('zh', 'characters', { n: 1_000_000 })).toBe('1,000,000 字符');
    expect(format('en', 'Zoom {percent}%', { percent: 150 })).toBe('Zoom 150%');
    expect(() => t('en', 'summary', { nodes: '3', edges: 2, x: 1, y: 1 })).toThrow(/numeric count/);
  });
});

describe('errorParts', () => {
  it('says the catalog sentence once: the server’s message only where it adds something', () => {
    // "Not found. Not found." was the notice when the server's message was the catalog's sentence.
    expect(errorParts('not_found', 'Not found.', 'en')).toEqual({ text: 'Not found.', detail: '' });
    expect(errorParts('not_found', '未找到。', 'zh')).toEqual({ text: '未找到。', detail: '' });
    expect(errorParts('not_found', 'Not found. The document was deleted.', 'en')).toEqual({
      text: 'Not found.',
      detail: 'The document was deleted.',
    });
    expect(errorParts('network', 'Failed to fetch', 'en')).toEqual({
      text: 'Cannot reach the server.',
      detail: 'Failed to fetch',
    });
  });
});
