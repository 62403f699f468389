// The reader's recent documents: read from the API with the recently deleted ones, toggled open, deleted one by one
// (each gone from the list at once, then listed as deleted) and restored; a failure goes to the workbench's notice.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../shared/api-client';
import { FakeHost } from './fake-context';
import { HistoryController } from './history-controller';

function client(ids: string[], failOn?: string) {
  const deleted: string[] = [];
  const c = {
    listDocuments: async () => ({
      items: ids.filter((id) => !deleted.includes(id)).map((documentId) => ({ documentId })),
    }),
    listDeletedDocuments: async () => ({
      items: [...deleted].reverse().map((documentId) => ({ documentId, deletedAt: 1, purgeAt: 2 })),
    }),
    deleteDocument: async (id: string) => {
      if (id === failOn) throw new Error(`cannot delete ${id}`);
      deleted.push(id);
    },
    restoreDocument: async (id: string) => {
      if (!deleted.includes(id)) throw new Error(`${id} is not deleted`);
      deleted.splice(deleted.indexOf(id), 1);
    },
  };
  return { client: c as unknown as ApiClient, deleted };
}

describe('history', () => {
  it('lists, toggles, and deletes documents, reading both lists again afterwards', async () => {
    const host = new FakeHost();
    const errors: unknown[] = [];
    const history = new HistoryController(host, (e) => errors.push(e));
    const { client: c, deleted } = client(['a', 'b', 'c']);
    await history.refresh(c);
    expect(history.items.map((d) => d.documentId)).toEqual(['a', 'b', 'c']);
    expect(history.deleted).toEqual([]);
    history.toggle();
    expect(history.open).toBe(true);
    const removed = await history.remove(c, ['a', 'c']);
    expect(removed.map((d) => d.documentId)).toEqual(['a', 'c']);
    expect(deleted).toEqual(['a', 'c']);
    expect(history.items.map((d) => d.documentId)).toEqual(['b']);
    expect(history.deleted.map((d) => d.documentId)).toEqual(['c', 'a']);
    expect(errors).toEqual([]);
  });

  it('restores a deleted document: back in the list, out of the deleted ones', async () => {
    const host = new FakeHost();
    const errors: unknown[] = [];
    const history = new HistoryController(host, (e) => errors.push(e));
    const { client: c } = client(['a', 'b']);
    await history.remove(c, ['a']);
    expect(await history.restore(c, 'a')).toBe(true);
    expect(history.items.map((d) => d.documentId)).toEqual(['a', 'b']);
    expect(history.deleted).toEqual([]);
    expect(await history.restore(c, 'b')).toBe(false);
    expect(String(errors[0])).toContain('b is not deleted');
  });

  it('stops at a failed deletion and reports it', async () => {
    const host = new FakeHost();
    const errors: unknown[] = [];
    const history = new HistoryController(host, (e) => errors.push(e));
    const { client: c, deleted } = client(['a', 'b'], 'a');
    await history.remove(c, ['a', 'b']);
    expect(deleted).toEqual([]);
    expect(String(errors[0])).toContain('cannot delete a');
    expect(history.items.map((d) => d.documentId)).toEqual(['a', 'b']);
  });
});
