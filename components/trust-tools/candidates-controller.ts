// Entity and claim candidates of the open document: one status filter at a time, paged by the server's cursor; a
// status change is a PATCH, after which the list is read again (the candidate may leave it).
import type { ReactiveControllerHost } from 'lit';
import { readCandidates, type Candidate, type CandidateStatus } from '../candidate-review/candidates';
import type { WorkbenchContext } from '../workbench/context';

/** What the candidates list needs of the trust tools around it (the trust controller). */
export interface CandidatesTrust {
  /** The candidates tab is open and shown. */
  readonly candidatesShown: boolean;
  /** Shows a failure in the trust tools' message line. */
  failed(error: unknown): void;
}

export class CandidatesController {
  status: CandidateStatus = 'candidate';
  items: Candidate[] = [];
  nextCursor: string | null = null;
  busy = false;
  private loaded = false;
  private generation = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly ctx: WorkbenchContext,
    private readonly trust: CandidatesTrust,
  ) {}

  reset(): void {
    this.generation++;
    this.items = [];
    this.nextCursor = null;
    this.loaded = false;
    this.busy = false;
  }

  /** A new revision may remove candidates (their node is gone) or add some: read again when shown. */
  revisionChanged(): void {
    if (this.loaded && this.trust.candidatesShown) void this.load();
    else this.loaded = false;
  }

  filter = (status: CandidateStatus) => {
    this.status = status;
    void this.load();
  };

  async load(more = false): Promise<void> {
    const client = this.ctx.client;
    const documentId = this.ctx.doc.info?.documentId;
    if (!client || !documentId) return;
    const gen = ++this.generation;
    this.busy = true;
    if (!more) this.items = [];
    this.host.requestUpdate();
    try {
      const page = readCandidates(
        await client.candidates(documentId, {
          status: this.status,
          cursor: more ? (this.nextCursor ?? undefined) : undefined,
        }),
      );
      if (gen !== this.generation) return;
      this.items = more ? [...this.items, ...page.items] : page.items;
      this.nextCursor = page.nextCursor;
      this.loaded = true;
    } catch (error) {
      if (gen === this.generation) this.trust.failed(error);
    } finally {
      if (gen === this.generation) this.busy = false;
      this.host.requestUpdate();
    }
  }

  more = () => void this.load(true);

  setStatus = async (candidateId: string, status: CandidateStatus) => {
    const client = this.ctx.client;
    const documentId = this.ctx.doc.info?.documentId;
    if (!client || !documentId) return;
    this.busy = true;
    this.host.requestUpdate();
    try {
      await client.updateCandidate(documentId, candidateId, status);
      await this.load();
    } catch (error) {
      this.busy = false;
      this.trust.failed(error);
    }
  };

  /** The candidate's node selected and flashed in the graph (loaded by a query when outside the view). */
  locate = async (nodeId: string) => {
    const { doc, selection, panes } = this.ctx;
    if (!doc.graph?.nodes.some((n) => n.id === nodeId)) await doc.search(nodeId);
    selection.selectNode(nodeId);
    void this.ctx.updateComplete.then(() => panes.focusNodes([nodeId]));
    panes.scrollToGraph();
  };
}
