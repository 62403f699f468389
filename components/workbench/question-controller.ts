// Questions about a node, a relation or the whole graph (seed-contracts §4): POST /questions starts a task, followed
// like any task; its finished status carries the verdict. A suggested fix is applied through the trust
// controller's commit, like a report's fix. Never a made-up verdict: a failed or malformed answer shows no verdict.
import { ApiError } from '../shared/api-client';
import { TaskFeedController } from '../shared/task-feed-controller';
import { readQuestionResult, type QuestionResult, type QuestionTarget } from '../question-box/question-box';
import type { TrustController } from './trust-controller';
import type { KgWorkbench } from './workbench';

export class QuestionController {
  target: QuestionTarget = { kind: 'graph' };
  result: QuestionResult | null = null;
  fixed = false;
  private readonly feed: TaskFeedController;
  private starting = false;

  constructor(
    private readonly wb: KgWorkbench,
    private readonly trust: TrustController,
  ) {
    this.feed = new TaskFeedController(wb, {
      onProgress: () => wb.requestUpdate(),
      onDone: (task) => {
        if (task.status === 'succeeded') {
          this.result = readQuestionResult(task.result);
          if (!this.result) trust.failed(new ApiError('schema_invalid', 'The answer carried no verdict.'));
        } else if (task.error) trust.failed(new ApiError(task.error.code, task.error.message));
        this.feed.clear();
        wb.requestUpdate();
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
    const doc = this.wb.doc;
    if (kind === 'node') this.target = { kind, id, label: doc.known.get(id)?.text ?? '' };
    else {
      const edge = doc.graph?.edges.find((e) => e.id === id);
      this.target = { kind, id, label: edge ? `${edge.fromNodeId} → ${edge.toNodeId} (${edge.relation})` : id };
    }
    this.wb.requestUpdate();
  }

  clearTarget = () => {
    this.target = { kind: 'graph' };
    this.wb.requestUpdate();
  };

  ask = async (question: string) => {
    const client = this.wb.client;
    const documentId = this.wb.doc.info?.documentId;
    if (!client || !documentId || this.busy) return;
    this.starting = true;
    this.result = null;
    this.fixed = false;
    this.wb.requestUpdate();
    try {
      const { kind, id } = this.target;
      const { taskId } = await client.askQuestion(documentId, {
        question,
        target: kind === 'graph' ? { kind } : { kind, id },
        expectedRevision: this.trust.currentRevision,
        ...(this.trust.languageModel ? { model: this.trust.languageModel } : {}),
      });
      this.feed.follow(client, taskId);
    } catch (error) {
      this.trust.failed(error);
    } finally {
      this.starting = false;
      this.wb.requestUpdate();
    }
  };

  cancel = async () => {
    const task = this.feed.task;
    if (!task || !this.wb.client) return;
    try {
      await this.wb.client.cancelTask(task.taskId);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'not_cancellable')) this.trust.failed(error);
    }
  };

  applyFix = async () => {
    if (!this.result || this.fixed) return;
    this.fixed = await this.trust.commit(this.result.proposedFix);
    this.wb.requestUpdate();
  };

  /** A cited unit: scrolled to and selected in the source, its nodes shown in the graph. */
  showUnit = (unit: number) => {
    const inView = new Set(this.wb.doc.graph?.nodes.map((n) => n.id) ?? []);
    this.wb.selection.selectUnit(unit, inView);
    void this.wb.sourcePane?.reveal(unit);
  };
}
