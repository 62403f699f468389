// Which runner a task kind runs with. Extraction kinds publish revisions (task-runner.ts); the read-only kinds
// register their handler here, one line each, and run through runReadTask (read-task.ts).
import { KgError } from '../../core/errors';
import type { TaskKind } from '../../core/schema';
import { runExtractTask, type RunnerDeps } from '../task-runner';
import type { TaskRecord } from '../task-store';
import { runReadTask, type ReadTaskHandler } from './read-task';
import { answerTask } from './answer';
import { runQuestionTask } from './question';
import { runReviewTask } from './review';
import { runFactCheckTask } from './fact-check';

const readTaskHandlers: Partial<Record<TaskKind, ReadTaskHandler>> = {
  answer: answerTask,
  review: runReviewTask,
  question: runQuestionTask,
  fact_check: runFactCheckTask,
};

export function runTask(task: TaskRecord, deps: RunnerDeps): Promise<'finished' | 'yielded'> {
  if (task.kind === 'extract' || task.kind === 'append') return runExtractTask(task, deps);
  const handler = readTaskHandlers[task.kind];
  return runReadTask(task, deps, handler ?? missingHandler(task.kind));
}

function missingHandler(kind: TaskKind): ReadTaskHandler {
  return async () => {
    throw new KgError('invalid_input', `No runner for task kind "${kind}".`);
  };
}
