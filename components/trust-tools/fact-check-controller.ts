// The external fact-check of the open document (issue 14): the latest report (GET …/fact-check), a fact-check task
// started from the panel and followed through the task feed like a model review, its cancel, and per claim
// "locate" (the node selected in the graph, its unit current in the source: the ask panel's navigation) and
// "ignore" (the claim rejected through the API). Failures go to the trust tools' message line, as the other tabs'.
// Created by fact-check-area.ts when the tab is first shown, so none of this is in the first load.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TaskStatus } from '../../core/schema';
import { ApiError } from '../shared/api-client';
import { factCheckStrings } from '../shared/i18n/fact-check';
import { TaskFeedController } from '../shared/task-feed-controller';
import { isStale, readFactCheck, type FcReport } from '../fact-check-panel/fact-check';
import type { FactCheckDraft, FactCheckRunDetail } from '../fact-check-panel/fact-check-panel';
import type { WorkbenchContext } from '../workbench/context';

/** What the fact check needs of the trust tools around it (the trust controller): its message line, the revision
 * shown and the language model. */
export interface FactCheckTrust {
  message: { code: string; text: string; info?: boolean } | null;
  readonly currentRevision: number;
  readonly languageModel: string | undefined;
  failed(error: unknown): void;
}

export class FactCheckController implements ReactiveController {
  report: FcReport | null = null;
  /** The server marked the report stale (an append or a commit after it). */
  serverStale = false;
  starting = false;
  cancelling = false;
  claimBusy: ReadonlySet<string> = new Set();
  /** The panel's form, kept here: the panel is re-created when the workbench re-renders its result (an append). */
  draft: FactCheckDraft | null = null;
  readonly feed: TaskFeedController;
  private documentId: string | null = null;
  private revision = -1;
  private draftOf: string | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly ctx: WorkbenchContext,
    private readonly trust: FactCheckTrust,
  ) {
    this.feed = new TaskFeedController(host, {
      onProgress: () => host.requestUpdate(),
      onDone: (task) => this.done(task),
      onError: (error) => this.trust.failed(error),
    });
    host.addController(this);
    this.hostUpdate();
  }

  get busy(): boolean {
    return this.starting || this.feed.running;
  }

  get stale(): boolean {
    return isStale(this.report, this.serverStale, this.trust.currentRevision);
  }

  /** Follows the shown document: another one starts empty; a new revision (append, commit) reads the report again. */
  hostUpdate(): void {
    const info = this.ctx.doc.info;
    const id = info?.documentId ?? null;
    if (id !== this.documentId) {
      this.documentId = id;
      this.revision = info?.revision ?? -1;
      this.feed.clear();
      this.report = null;
      this.serverStale = false;
      this.claimBusy = new Set();
      // The form belongs to a document; the shown one is briefly none while a new revision opens (an append).
      if (id && id !== this.draftOf) this.draft = null;
      if (id) this.draftOf = id;
      if (id) void this.load();
    } else if (info && info.revision !== this.revision) {
      this.revision = info.revision;
      void this.load();
    }
  }

  async load(): Promise<void> {
    const { client } = this.ctx;
    const documentId = this.documentId;
    if (!client || !documentId || this.ctx.staticMode) return;
    try {
      const { report, stale } = readFactCheck(await client.factCheck(documentId));
      if (documentId !== this.documentId) return;
      this.report = report;
      this.serverStale = stale;
      this.host.requestUpdate();
    } catch (error) {
      // No report yet answers { report: null }; anything else is worth saying.
      if (!(error instanceof ApiError && error.status === 404)) this.trust.failed(error);
    }
  }

  keepDraft = (draft: FactCheckDraft) => {
    this.draft = draft;
  };

  run = async (detail: FactCheckRunDetail) => {
    const { client } = this.ctx;
    const documentId = this.documentId;
    if (!client || !documentId || this.busy) return;
    this.starting = true;
    this.trust.message = null;
    this.host.requestUpdate();
    try {
      const model = this.trust.languageModel;
      const { taskId } = await client.startFactCheck(documentId, {
        ...detail,
        expectedRevision: this.trust.currentRevision,
        ...(model ? { model } : {}),
      });
      if (documentId === this.documentId) this.feed.follow(client, taskId);
    } catch (error) {
      this.trust.failed(error);
    } finally {
      this.starting = false;
      this.host.requestUpdate();
    }
  };

  cancel = async () => {
    const task = this.feed.task;
    const { client } = this.ctx;
    if (!task || !client) return;
    this.cancelling = true;
    this.host.requestUpdate();
    try {
      await client.cancelTask(task.taskId);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'not_cancellable')) this.trust.failed(error);
    } finally {
      this.cancelling = false;
      this.host.requestUpdate();
    }
  };

  /** A finished task: its report (the result, else read back); a failed or cancelled one stays shown with its reason. */
  private done(task: TaskStatus): void {
    this.cancelling = false;
    if (task.status === 'succeeded') {
      this.feed.clear();
      const { report } = readFactCheck(task.result);
      if (report) {
        this.report = report;
        this.serverStale = false;
      } else void this.load();
    }
    this.host.requestUpdate();
  }

  /** The claim's node selected and flashed in the graph (loaded by query when outside the view), its unit current. */
  locate = (claimId: string) => {
    const claim = this.report?.claims.find((c) => c.id === claimId);
    if (!claim?.nodeId) return;
    const report = (text: string | null) => {
      this.trust.message = text ? { code: 'locate', text, info: true } : null;
      this.host.requestUpdate();
    };
    void this.ctx
      .follow({ target: 'node', nodeId: claim.nodeId, paragraph: claim.unit }, report)
      .then(() => this.ctx.panes.scrollToGraph());
  };

  ignore = async (claimId: string) => {
    const { client } = this.ctx;
    const documentId = this.documentId;
    if (!client || !documentId || this.claimBusy.has(claimId)) return;
    this.claimBusy = new Set(this.claimBusy).add(claimId);
    this.host.requestUpdate();
    try {
      // The answer is the stored report with the claim's new status ({ report, stale }).
      const answer = readFactCheck(await client.setFactCheckClaim(documentId, claimId, 'rejected'));
      if (documentId === this.documentId && this.report) {
        if (answer.report?.reportId === this.report.reportId) {
          this.report = answer.report;
          this.serverStale = answer.stale;
        } else
          this.report = {
            ...this.report,
            claims: this.report.claims.map((c) => (c.id === claimId ? { ...c, status: 'rejected' } : c)),
          };
        this.trust.message = { code: 'ignored', text: factCheckStrings(this.ctx.lang).ignoredToast, info: true };
      }
    } catch (error) {
      this.trust.failed(error);
    } finally {
      const busy = new Set(this.claimBusy);
      busy.delete(claimId);
      this.claimBusy = busy;
      this.host.requestUpdate();
    }
  };
}
