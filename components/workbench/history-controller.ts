// The reader's recent documents, read from the API (scoped by the client key), and their deletion.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { HISTORY_LIMIT } from '../history-list/history-list';
import type { ApiClient, DocumentSummary } from '../shared/api-client';

export class HistoryController implements ReactiveController {
  items: DocumentSummary[] = [];
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
      this.items = (await client.listDocuments(HISTORY_LIMIT)).items;
      this.host.requestUpdate();
    } catch (error) {
      this.onError(error);
    }
  }

  toggle(): void {
    this.open = !this.open;
    this.host.requestUpdate();
  }

  async remove(client: ApiClient, documentIds: string[]): Promise<void> {
    try {
      for (const id of documentIds) {
        await client.deleteDocument(id);
        this.items = this.items.filter((d) => d.documentId !== id);
        this.host.requestUpdate();
      }
    } catch (error) {
      this.onError(error);
    }
    await this.refresh(client);
  }
}
