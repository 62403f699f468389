// The reader's recent documents: read from the API, toggled open, and deleted one by one (each gone from the list
// at once), then read again; a failure goes to the workbench's notice.
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
    deleteDocument: async (id: string) => {
      if (id === failOn) throw new Error(`cannot delete ${id}`);
      deleted.push(id);
    },
  };
  return { client: c as unknown as ApiClient, deleted };
}

describe('history', () => {
  it('lists, toggles, and deletes documents, reading the list again afterwards', async () => {
    const host = new FakeHost();
    const errors: unknown[] = [];
    const history = new HistoryController(host, (e) => errors.push(e));
    const { client: c, deleted } = client(['a', 'b', 'c']);
    await history.refresh(c);
    expect(history.items.map((d) => d.documentId)).toEqual(['a', 'b', 'c']);
    history.toggle();
    expect(history.open).toBe(true);
    await history.remove(c, ['a', 'c']);
    expect(deleted).toEqual(['a', 'c']);
    expect(history.items.map((d) => d.documentId)).toEqual(['b']);
    expect(errors).toEqual([]);
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
