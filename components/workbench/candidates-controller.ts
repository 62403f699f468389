// Entity and claim candidates of the open document (seed-contracts §5): one status filter at a time, paged by the
// server's cursor; a status change is a PATCH, after which the list is read again (the candidate may leave it).
import { readCandidates, type Candidate, type CandidateStatus } from '../candidate-review/candidate-review';
import type { TrustController } from './trust-controller';
import type { KgWorkbench } from './workbench';

export class CandidatesController {
  status: CandidateStatus = 'candidate';
  items: Candidate[] = [];
  nextCursor: string | null = null;
  busy = false;
  private loaded = false;
  private generation = 0;

  constructor(
    private readonly wb: KgWorkbench,
    private readonly trust: TrustController,
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
    if (this.loaded && this.trust.tab === 'candidates' && this.trust.open) void this.load();
    else this.loaded = false;
  }

  filter = (status: CandidateStatus) => {
    this.status = status;
    void this.load();
  };

  async load(more = false): Promise<void> {
    const client = this.wb.client;
    const documentId = this.wb.doc.info?.documentId;
    if (!client || !documentId) return;
    const gen = ++this.generation;
    this.busy = true;
    if (!more) this.items = [];
    this.wb.requestUpdate();
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
      this.wb.requestUpdate();
    }
  }

  more = () => void this.load(true);

  setStatus = async (candidateId: string, status: CandidateStatus) => {
    const client = this.wb.client;
    const documentId = this.wb.doc.info?.documentId;
    if (!client || !documentId) return;
    this.busy = true;
    this.wb.requestUpdate();
    try {
      await client.updateCandidate(documentId, candidateId, status);
      await this.load();
    } catch (error) {
      this.busy = false;
      this.trust.failed(error);
    }
  };

  locate = async (nodeId: string) => {
    const { doc, selection } = this.wb;
    if (!doc.graph?.nodes.some((n) => n.id === nodeId)) await doc.search(nodeId);
    selection.selectNode(nodeId);
    void this.wb.updateComplete.then(() => this.wb.graphView?.focusNodes([nodeId], { flash: true }));
    this.wb.renderRoot.querySelector('.graph-pane')?.scrollIntoView({ block: 'nearest' });
  };
}
