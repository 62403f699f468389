// The history list's delete and restore text in English and Chinese (soft delete, issue 26: deleting asks, and a
// deleted document can be restored for 30 days). A table of its own beside en.ts and zh.ts; zh is typed by en, so
// the two keep the same keys. The list's older labels (historyEmpty, deleteDocument, clearAll) stay in en.ts/zh.ts.
import type { Lang } from '../../../core/i18n/lang';
import { format } from '../i18n';

const en = {
  confirmDelete: 'Delete “{title}”? It can be restored for 30 days.',
  confirmDeleteYes: 'Delete',
  confirmDeleteNo: 'Keep',
  recentlyDeleted: 'Recently deleted ({n})',
  recentlyDeletedNote: 'Deleted documents are purged 30 days after deletion.',
  restore: 'Restore',
  restoreLabel: 'Restore {title}',
  restorableUntil: 'deleted {deleted} · restorable until {until}',
  deletedToast: '“{title}” was deleted. Restore it from “Recently deleted”.',
  restoredToast: '“{title}” was restored.',
};

export type HistoryMessages = typeof en;

const zh: HistoryMessages = {
  confirmDelete: '删除“{title}”？30 天内可以恢复。',
  confirmDeleteYes: '删除',
  confirmDeleteNo: '保留',
  recentlyDeleted: '最近删除（{n}）',
  recentlyDeletedNote: '已删除的文档在删除 30 天后彻底清除。',
  restore: '恢复',
  restoreLabel: '恢复 {title}',
  restorableUntil: '删除于 {deleted} · 可恢复至 {until}',
  deletedToast: '已删除“{title}”。可在“最近删除”中恢复。',
  restoredToast: '已恢复“{title}”。',
};

/** The message `key` in `lang` with its placeholders filled. */
export function historyText(lang: Lang, key: keyof HistoryMessages, vars: Record<string, string | number> = {}) {
  return format(lang, (lang === 'zh' ? zh : en)[key], vars);
}
