import { describe, expect, it } from 'vitest';
import { langFromAcceptLanguage, langFromTag } from './lang';

describe('language detection', () => {
  it('maps any Chinese tag to zh, any other tag to en, and no tag to null', () => {
    for (const tag of ['zh', 'zh-CN', 'zh-Hant-TW', 'ZH', ' zh_TW ']) expect(langFromTag(tag)).toBe('zh');
    for (const tag of ['en', 'en-GB', 'fr', 'zhx', 'x-zh']) expect(langFromTag(tag)).toBe('en');
    for (const tag of ['', '  ', null, undefined, 3]) expect(langFromTag(tag)).toBeNull();
  });

  it('reads Accept-Language by weight, ignoring languages the interface does not have', () => {
    expect(langFromAcceptLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(langFromAcceptLanguage('en-US,en;q=0.9,zh;q=0.8')).toBe('en');
    expect(langFromAcceptLanguage('fr-FR, zh;q=0.5')).toBe('zh');
    expect(langFromAcceptLanguage('en;q=0.4, zh-TW;q=0.6')).toBe('zh');
    expect(langFromAcceptLanguage('zh;q=0, en')).toBe('en');
    expect(langFromAcceptLanguage('fr')).toBe('en');
    expect(langFromAcceptLanguage('')).toBe('en');
    expect(langFromAcceptLanguage(undefined)).toBe('en');
  });
});
