// Questions about a node, a relation or the whole graph: POST /questions starts a task, followed like any task; its
// finished status carries the verdict. A suggested fix is applied through the trust tools' commit, like a report's
// fix. Never a made-up verdict: a failed or malformed answer shows no verdict.
import type { ReactiveControllerHost } from 'lit';
import type { ProposedFix } from '../../core/schema/fixes';
import { ApiError } from '../shared/api-client';
import { TaskFeedController } from '../shared/task-feed-controller';
import { readQuestionResult, type QuestionResult, type QuestionTarget } from '../question-box/question-box';
import type { WorkbenchContext } from '../workbench/context';

/** What a question needs of the trust tools around it (the trust controller). */
export interface QuestionTrust {
  /** The revision the question is fenced by (the one shown). */
  readonly currentRevision: number;
  /** The language model to ask, when one is configured. */
  readonly languageModel: string | undefined;
  /** Shows a failure in the trust tools' message line. */
  failed(error: unknown): void;
  /** Commits one fix; true when it became a revision (or was already satisfied). */
  commit(fix: ProposedFix): Promise<boolean>;
}

export class QuestionController {
  target: QuestionTarget = { kind: 'graph' };
  result: QuestionResult | null = null;
  fixed = false;
  private readonly feed: TaskFeedController;
  private starting = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly ctx: WorkbenchContext,
    private readonly trust: QuestionTrust,
  ) {
    this.feed = new TaskFeedController(host, {
      onProgress: () => host.requestUpdate(),
      onDone: (task) => {
        if (task.status === 'succeeded') {
          this.result = readQuestionResult(task.result);
          if (!this.result) trust.failed(new ApiError('schema_invalid', 'The answer carried no verdict.'));
        } else if (task.error) trust.failed(new ApiError(task.error.code, task.error.message));
        this.feed.clear();
        host.requestUpdate();
      },
      onError: (error) => trust.failed(error),
    });
  }

  get busy(): boolean {
    return this.starting || this.feed.running;
  }

  reset(): void {
    this.feed.clear();
    this.target = { kind: 'graph' };
    this.result = null;
    this.fixed = false;
  }

  /** "Question this node / relation" on a detail card. */
  setTarget(kind: 'node' | 'edge', id: string): void {
    const doc = this.ctx.doc;
    if (kind === 'node') this.target = { kind, id, label: doc.known.get(id)?.text ?? '' };
    else {
      const edge = doc.graph?.edges.find((e) => e.id === id);
      this.target = { kind, id, label: edge ? `${edge.fromNodeId} → ${edge.toNodeId} (${edge.relation})` : id };
    }
    this.host.requestUpdate();
  }

  clearTarget = () => {
    this.target = { kind: 'graph' };
    this.host.requestUpdate();
  };

  ask = async (question: string) => {
    const client = this.ctx.client;
    const documentId = this.ctx.doc.info?.documentId;
    if (!client || !documentId || this.busy) return;
    this.starting = true;
    this.result = null;
    this.fixed = false;
    this.host.requestUpdate();
    try {
      const { kind, id } = this.target;
      const model = this.trust.languageModel;
      const { taskId } = await client.askQuestion(documentId, {
        question,
        target: kind === 'graph' ? { kind } : { kind, id },
        expectedRevision: this.trust.currentRevision,
        ...(model ? { model } : {}),
      });
      this.feed.follow(client, taskId);
    } catch (error) {
      this.trust.failed(error);
    } finally {
      this.starting = false;
      this.host.requestUpdate();
    }
  };

  cancel = async () => {
    const task = this.feed.task;
    const client = this.ctx.client;
    if (!task || !client) return;
    try {
      await client.cancelTask(task.taskId);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'not_cancellable')) this.trust.failed(error);
    }
  };

  applyFix = async () => {
    if (!this.result || this.fixed) return;
    this.fixed = await this.trust.commit(this.result.proposedFix);
    this.host.requestUpdate();
  };

  /** A cited unit: scrolled to and selected in the source, its nodes shown in the graph. */
  showUnit = (unit: number) => {
    const inView = new Set(this.ctx.doc.graph?.nodes.map((n) => n.id) ?? []);
    this.ctx.selection.selectUnit(unit, inView);
    void this.ctx.panes.revealUnit(unit);
  };
}
