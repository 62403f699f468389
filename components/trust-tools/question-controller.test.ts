// Questions about a node, a relation or the whole graph: the target is labelled from the shown document, a question
// is sent with its target, the shown revision and the language model, its verdict is read when the task is done
// (never a made-up one: an answer without a verdict is a failure), and a suggested fix goes through the commit.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProposedFix } from '../../core/schema/fixes';
import { fakeContext, MemorySource, edge, node, settle } from '../workbench/fake-context';
import { QuestionController, type QuestionTrust } from './question-controller';

function trust() {
  const t = {
    currentRevision: 4,
    languageModel: 'openai:x',
    failures: [] as unknown[],
    commits: [] as ProposedFix[],
    failed: (e: unknown) => void t.failures.push(e),
    commit: async (fix: ProposedFix) => {
      t.commits.push(fix);
      return true;
    },
  };
  return t satisfies QuestionTrust;
}

async function setup(result: unknown) {
  // No WebSocket in Node: the task feed polls GET /tasks/:id, which answers the finished task at once.
  vi.stubGlobal('addEventListener', () => {});
  vi.stubGlobal('removeEventListener', () => {});
  const asked: unknown[] = [];
  const client = {
    askQuestion: async (_id: string, body: unknown) => {
      asked.push(body);
      return { taskId: 'q1' };
    },
    task: async () => ({ taskId: 'q1', status: 'succeeded', result }),
  };
  const f = fakeContext({ client });
  await f.doc.open(new MemorySource('d1', [node('a', 1), node('b', 2)], [edge('e1', 'a', 'b')]));
  const t = trust();
  const question = new QuestionController(f.host, f.ctx, t);
  f.host.connect();
  return { ...f, question, t, asked };
}

afterEach(() => vi.unstubAllGlobals());

describe('questions', () => {
  it('labels its target from the shown document', async () => {
    const { question } = await setup(null);
    question.setTarget('edge', 'e1');
    expect(question.target).toEqual({ kind: 'edge', id: 'e1', label: 'a → b (supports)' });
    question.clearTarget();
    expect(question.target).toEqual({ kind: 'graph' });
  });

  it('sends the target, the shown revision and the model, reads the verdict, and applies its fix', async () => {
    const fix = { action: 'delete_node', nodePatch: { id: 'a' } };
    const { question, asked, t } = await setup({ verdict: 'contradicted', answer: 'No.', proposedFix: fix });
    question.setTarget('node', 'a');
    await question.ask('Is it so?');
    await settle();
    expect(asked).toEqual([
      { question: 'Is it so?', target: { kind: 'node', id: 'a' }, expectedRevision: 4, model: 'openai:x' },
    ]);
    expect(question.result?.verdict).toBe('contradicted');
    expect(question.busy).toBe(false);
    await question.applyFix();
    expect(t.commits).toEqual([fix]);
    expect(question.fixed).toBe(true);
  });

  it('an answer without a verdict shows none and is reported', async () => {
    const { question, t } = await setup({ verdict: 'maybe' });
    await question.ask('Well?');
    await settle();
    expect(question.result).toBeNull();
    expect(t.failures).toHaveLength(1);
  });
});
