// The reader's recent documents, read from the API (scoped by the client key), their deletion (soft: the server
// keeps a deleted document 30 days) and the recently deleted ones, which can be restored.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { HISTORY_LIMIT } from '../history-list/limits';
import type { ApiClient, DocumentSummary } from '../shared/api-client';

export class HistoryController implements ReactiveController {
  items: DocumentSummary[] = [];
  /** Recently deleted, most recently deleted first, each with deletedAt and purgeAt. */
  deleted: DocumentSummary[] = [];
  open = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly onError: (error: unknown) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  async refresh(client: ApiClient): Promise<void> {
    try {
      const [live, deleted] = await Promise.all([
        client.listDocuments(HISTORY_LIMIT),
        client.listDeletedDocuments(HISTORY_LIMIT),
      ]);
      this.items = live.items;
      this.deleted = deleted.items;
      this.host.requestUpdate();
    } catch (error) {
      this.onError(error);
    }
  }

  toggle(): void {
    this.open = !this.open;
    this.host.requestUpdate();
  }

  /** Deletes one by one (each gone from the list at once); the ones deleted, then both lists read again. */
  async remove(client: ApiClient, documentIds: string[]): Promise<DocumentSummary[]> {
    const removed: DocumentSummary[] = [];
    try {
      for (const id of documentIds) {
        await client.deleteDocument(id);
        const item = this.items.find((d) => d.documentId === id);
        if (item) removed.push(item);
        this.items = this.items.filter((d) => d.documentId !== id);
        this.host.requestUpdate();
      }
    } catch (error) {
      this.onError(error);
    }
    await this.refresh(client);
    return removed;
  }

  /** Restores a deleted document; it leaves "Recently deleted" and is listed again. False when it failed. */
  async restore(client: ApiClient, documentId: string): Promise<boolean> {
    let done = false;
    try {
      await client.restoreDocument(documentId);
      this.deleted = this.deleted.filter((d) => d.documentId !== documentId);
      this.host.requestUpdate();
      done = true;
    } catch (error) {
      this.onError(error);
    }
    await this.refresh(client);
    return done;
  }
}
