// The history's delete and restore text: every message filled in both languages (no placeholder left over), and the
// 30 days the server keeps a deleted document said wherever the reader decides.
import { describe, expect, it } from 'vitest';
import { DELETED_RETENTION_MS } from '../../../core/limits';
import { historyText, type HistoryMessages } from './history';

const KEYS: (keyof HistoryMessages)[] = [
  'confirmDelete',
  'confirmDeleteYes',
  'confirmDeleteNo',
  'recentlyDeleted',
  'recentlyDeletedNote',
  'restore',
  'restoreLabel',
  'restorableUntil',
  'deletedToast',
  'restoredToast',
];
const VARS = { title: 'T', n: 2, deleted: 'D', until: 'U' };

describe('history strings', () => {
  it('fills every placeholder in English and Chinese', () => {
    for (const lang of ['en', 'zh'] as const)
      for (const key of KEYS) expect(historyText(lang, key, VARS), `${lang}.${key}`).not.toMatch(/[{}]/);
  });

  it('says how long a deleted document can be restored, as long as the server keeps it', () => {
    const days = DELETED_RETENTION_MS / 86_400_000;
    expect(historyText('en', 'confirmDelete', VARS)).toContain(`${days} days`);
    expect(historyText('zh', 'confirmDelete', VARS)).toContain(`${days} 天`);
    expect(historyText('en', 'recentlyDeletedNote')).toContain(`${days} days`);
    expect(historyText('zh', 'recentlyDeletedNote')).toContain(`${days} 天`);
    expect(historyText('en', 'restorableUntil', VARS)).toBe('deleted D · restorable until U');
    expect(historyText('zh', 'restorableUntil', VARS)).toBe('删除于 D · 可恢复至 U');
  });
});
