// The trust loop of the open document (issue 11): the verification report (quick check, or a model review task),
// fixes applied through the commit route (each a new revision), the audit log and undo. Questions and candidates
// have their own controllers (question-controller.ts, candidates-controller.ts). It watches the shown document:
// another document resets everything; a new revision reloads the audit log, and the panel marks older reports stale.
// Hosted by <kg-trust-tools>; what it needs of the workbench comes through the workbench context.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TaskStatus } from '../../core/schema';
import type { ProposedFix } from '../../core/schema/fixes';
import { ApiError, type ApiClient } from '../shared/api-client';
import { format, strings } from '../shared/i18n';
import { TaskFeedController } from '../shared/task-feed-controller';
import { readAudit, type AuditEntry } from '../audit-log/audit-lines';
import type { Severity } from '../../core/verify/types';
import { inLang, readReport, severityByTarget, type Report } from '../verify-panel/report';
import { editStrings } from '../shared/i18n/edit';
import { QUESTION_MAX } from '../question-box/question-box';
import { CandidatesController } from './candidates-controller';
import { edgeIdOf, refreshCard, showIssueTarget } from './issue-targets';
import { QuestionController } from './question-controller';
import { TrustModelController } from './trust-model';
import type { WorkbenchContext } from '../workbench/context';

export type TrustTab = 'verify' | 'audit' | 'candidates' | 'factCheck';

const EMPTY = new Map<string, Severity>();

export class TrustController implements ReactiveController {
  open = false;
  tab: TrustTab = 'verify';
  report: Report | null = null;
  busy: 'quick' | 'review' | 'fixing' | null = null;
  issueState = new Map<string, 'applied' | 'ignored'>();
  audit: AuditEntry[] = [];
  /** A failure or a confirmation shown in the panel (not the workbench's notice: it belongs here). */
  message: { code: string; text: string; info?: boolean } | null = null;
  nodeSeverity: ReadonlyMap<string, Severity> = EMPTY;
  edgeSeverity: ReadonlyMap<string, Severity> = EMPTY;
  readonly review: TaskFeedController;
  readonly question: QuestionController;
  readonly candidates: CandidatesController;
  /** The trust panel's model picker's choice (issue 26). */
  readonly model: TrustModelController;
  private documentId: string | null = null;
  private revision = -1;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly ctx: WorkbenchContext,
  ) {
    host.addController(this);
    this.review = new TaskFeedController(host, {
      onProgress: () => host.requestUpdate(),
      onDone: (task) => this.reviewDone(task),
      onError: (error) => this.failed(error),
    });
    this.question = new QuestionController(host, ctx, this);
    this.candidates = new CandidatesController(host, ctx, this);
    this.model = new TrustModelController(host, ctx);
  }

  /** Follows the shown document before each render. */
  hostUpdate(): void {
    const info = this.ctx.doc.info;
    const id = info?.documentId ?? null;
    if (id !== this.documentId) {
      this.documentId = id;
      this.revision = info?.revision ?? -1;
      this.reset();
      if (id && this.open) void this.loadLatest();
    } else if (info && info.revision !== this.revision) {
      this.revision = info.revision;
      if (this.open) void this.loadAudit();
      this.candidates.revisionChanged();
    }
  }

  get client(): ApiClient | null {
    return this.ctx.client;
  }

  get currentRevision(): number {
    return this.ctx.doc.info?.revision ?? 0;
  }

  /** The candidates tab is open and shown (a new revision reads its list again). */
  get candidatesShown(): boolean {
    return this.open && this.tab === 'candidates';
  }

  /** A model other than the built-in extractor is configured (GET /api/models). */
  get modelAvailable(): boolean {
    return this.ctx.models.some((m) => m.provider !== 'builtin');
  }

  /** The language model for reviews, questions and fact-checks: the trust panel's own pick (trust-model.ts; the
   * server refuses to guess when no language model is the default). */
  get languageModel(): string | undefined {
    return this.model.value;
  }

  toggle = () => {
    this.open = !this.open;
    this.host.requestUpdate();
    if (this.open && !this.report && this.documentId) void this.loadLatest();
  };

  setTab = (tab: TrustTab) => {
    this.tab = tab;
    if (tab === 'audit') void this.loadAudit();
    if (tab === 'candidates') void this.candidates.load();
    this.host.requestUpdate();
  };

  private reset(): void {
    this.review.clear();
    this.report = null;
    this.busy = null;
    this.issueState = new Map();
    this.audit = [];
    this.message = null;
    this.setReport(null);
    this.question.reset();
    this.candidates.reset();
  }

  /** The newest stored report of the document (GET /reports), so a reopened page shows it again. */
  private async loadLatest(): Promise<void> {
    const { client, documentId } = this;
    if (!client || !documentId) return;
    void this.loadAudit();
    try {
      const answer = (await client.reports(documentId)) as { reports?: unknown[] } | unknown[];
      const list = Array.isArray(answer) ? answer : Array.isArray(answer?.reports) ? answer.reports : [];
      const reports = list.flatMap((r) => readReport(r) ?? []).filter((r) => r.mode !== 'question');
      reports.sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0));
      if (!this.report && reports[0] && documentId === this.documentId) this.setReport(reports[0]);
    } catch {
      // No stored report (or the route is unavailable): the panel offers a quick check.
    }
  }

  async loadAudit(): Promise<void> {
    const { client, documentId } = this;
    if (!client || !documentId) return;
    try {
      const entries = readAudit(await client.audit(documentId));
      if (documentId === this.documentId) {
        this.audit = entries;
        this.host.requestUpdate();
      }
    } catch (error) {
      this.failed(error);
    }
  }

  run = async (mode: 'quick' | 'standard') => {
    const { client, documentId } = this;
    if (!client || !documentId || this.busy) return;
    this.busy = mode === 'quick' ? 'quick' : 'review';
    this.message = null;
    this.host.requestUpdate();
    const revision = this.currentRevision;
    try {
      const model = mode === 'standard' ? this.languageModel : undefined;
      const answer = await client.verify(documentId, { mode, expectedRevision: revision, ...(model ? { model } : {}) });
      if (typeof answer.taskId === 'string') {
        this.review.follow(client, answer.taskId);
        return;
      }
      const report = readReport(answer);
      if (report) this.setReport({ ...report, revision: report.revision ?? revision });
      this.busy = null;
    } catch (error) {
      this.busy = null;
      this.failed(error);
    }
    this.host.requestUpdate();
  };

  cancelReview = async () => {
    const task = this.review.task;
    if (!task || !this.client) return;
    try {
      await this.client.cancelTask(task.taskId);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'not_cancellable')) this.failed(error);
    }
  };

  private reviewDone(task: TaskStatus): void {
    this.busy = null;
    if (task.status === 'succeeded') {
      const report = readReport(task.result);
      if (report) this.setReport({ ...report, revision: report.revision ?? task.baseRevision ?? null });
    } else if (task.error) {
      this.message = { code: task.error.code, text: task.error.message };
    }
    this.review.clear();
    this.host.requestUpdate();
  }

  private setReport(report: Report | null): void {
    this.report = report;
    const state = new Map<string, 'applied' | 'ignored'>();
    for (const i of report?.issues ?? []) {
      if (i.status === 'applied') state.set(i.id, 'applied');
      else if (i.status === 'rejected') state.set(i.id, 'ignored');
    }
    this.issueState = state;
    this.recolour();
    this.host.requestUpdate();
  }

  /** Open issue targets coloured by their worst severity in the graph (edge targets by id, or the seed's from>to). */
  private recolour(): void {
    const open = (this.report?.issues ?? []).filter((i) => !this.issueState.has(i.id));
    const { nodes, edges } = severityByTarget(
      open.map((i) => (i.targetKind === 'edge' ? { ...i, targetId: edgeIdOf(this.ctx.doc, i) } : i)),
    );
    this.nodeSeverity = nodes;
    this.edgeSeverity = edges;
  }

  select = (issueId: string) => {
    const issue = this.report?.issues.find((i) => i.id === issueId);
    if (issue) void showIssueTarget(this.ctx, issue);
  };

  /** Ignored here at once; with write access the decision is stored with the report, so a reload shows it. */
  ignore = async (issueId: string) => {
    this.issueState = new Map(this.issueState).set(issueId, 'ignored');
    this.recolour();
    this.host.requestUpdate();
    const { client, documentId, report } = this;
    if (!client || !documentId || !report?.reportId || !this.ctx.canWrite) return;
    try {
      await client.setIssueStatus(documentId, report.reportId, issueId, 'rejected');
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.message = {
        code: error instanceof ApiError ? error.code : 'internal',
        text: format(this.ctx.lang, editStrings(this.ctx.lang).ignoreFailed, { text }),
      };
      this.host.requestUpdate();
    }
  };

  /** One of an issue's deterministic remedies, committed like a fix (no model). */
  remedy = async (issueId: string, index: number) => {
    const issue = this.report?.issues.find((i) => i.id === issueId);
    const fix = issue?.remedies[index];
    if (!issue || !fix || this.busy) return;
    if (await this.commit(fix, this.report?.reportId)) {
      this.issueState = new Map(this.issueState).set(issue.id, 'applied');
      this.recolour();
      this.host.requestUpdate();
    }
  };

  /** "Review and submit": asks the model about the issue's target with the issue as the question; false without one. */
  reviewIssue(issueId: string): boolean {
    const issue = this.report?.issues.find((i) => i.id === issueId);
    if (!issue || !this.modelAvailable) return false;
    const lang = this.ctx.lang;
    if (issue.targetKind === 'node' && issue.targetId) this.question.setTarget('node', issue.targetId);
    else if (issue.targetKind === 'edge' && issue.targetId)
      this.question.setTarget('edge', edgeIdOf(this.ctx.doc, issue) ?? issue.targetId);
    else this.question.clearTarget();
    const question = format(lang, editStrings(lang).reviewQuestion, {
      title: inLang(lang, issue.title, issue.titleZh),
      detail: inLang(lang, issue.detail, issue.detailZh),
    });
    void this.question.ask(question.slice(0, QUESTION_MAX));
    return true;
  }

  /** Applies issues' fixes one commit each (a failed one is skipped, the rest go on), then shows the new revision. */
  fix = async (issueIds: string[]) => {
    const issues = issueIds.flatMap((id) => this.report?.issues.find((i) => i.id === id) ?? []);
    let applied = 0;
    const skipped: unknown[] = [];
    for (const issue of issues) {
      if (await this.commit(issue.proposedFix, this.report?.reportId)) {
        applied++;
        this.issueState = new Map(this.issueState).set(issue.id, 'applied');
      } else skipped.push(issue.id);
    }
    this.recolour();
    const l = strings(this.ctx.lang).trust;
    if (issues.length > 1)
      this.message = {
        code: 'fixed',
        text: format(this.ctx.lang, l.fixAllDone, { a: applied, s: skipped.length }),
        info: true,
      };
    this.host.requestUpdate();
  };

  /** One commit of one fix, fenced by the revision shown; true when it became a revision. */
  async commit(fix: ProposedFix, reportId?: string): Promise<boolean> {
    const { client, documentId } = this;
    if (!client || !documentId || fix.action === 'none') return false;
    this.busy = 'fixing';
    this.host.requestUpdate();
    try {
      const answer = await client.commit(documentId, {
        expectedRevision: this.currentRevision,
        operations: [fix],
        ...(reportId ? { reportId } : {}),
      });
      if (answer.changed === false) {
        // Already satisfied (say, a merge whose source is gone): no revision was written.
        this.message = { code: 'unchanged', text: strings(this.ctx.lang).trust.unchanged, info: true };
        return true;
      }
      await this.afterRevision(answer.revision, 'committed');
      return true;
    } catch (error) {
      this.failed(error);
      return false;
    } finally {
      this.busy = null;
      this.host.requestUpdate();
    }
  }

  undo = async () => {
    const { client, documentId } = this;
    if (!client || !documentId || this.busy) return;
    this.busy = 'fixing';
    this.host.requestUpdate();
    try {
      const answer = await client.undo(documentId, { expectedRevision: this.currentRevision });
      await this.afterRevision(answer.revision, 'undone');
    } catch (error) {
      this.failed(error);
    } finally {
      this.busy = null;
      this.host.requestUpdate();
    }
  };

  /** The workbench shows the new revision (same view settings), then the audit log is read again. */
  private async afterRevision(revision: number, what: 'committed' | 'undone'): Promise<void> {
    await this.ctx.doc.refresh();
    refreshCard(this.ctx);
    this.recolour();
    await this.loadAudit();
    const lang = this.ctx.lang;
    this.message = {
      code: what,
      text: format(lang, strings(lang).trust[what], { r: revision ?? this.currentRevision }),
      info: true,
    };
  }

  failed(error: unknown): void {
    if ((error as Error)?.name === 'AbortError') return;
    const code = error instanceof ApiError ? error.code : 'internal';
    const text = error instanceof Error ? error.message : String(error);
    this.message = { code, text };
    this.ctx.notify('kg-error', { code, message: text });
    this.host.requestUpdate();
  }

  /** "Question this node / relation" on a detail card: the question box opens on that target. */
  questionAbout(kind: 'node' | 'edge', id: string): void {
    this.open = true;
    this.tab = 'verify';
    this.question.setTarget(kind, id);
    this.host.requestUpdate();
  }
}
