// "Layout stops working" (issue 10): an ELK engine whose 'register' message was lost (in workerd its timer belongs
// to the request that built the engine; if that request ends first, the timer never fires) answered every later
// layout with 500 "Layout algorithm 'layered' not found" until restart. Here the first engine really is built that
// way: a real elkjs fake worker that drops the 'register' message. The service must notice and recover on its own.
import ELK from 'elkjs/lib/elk.bundled.js';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleKnowledgeGraph } from '../../core/layout/sample-graphs';
import { memoryTier } from '../../durable-objects/layout/cache';
import { elkEngine, setElkFactoryForTests } from '../../durable-objects/layout/elk';
import { call } from './helpers';

type Worker = { postMessage(message: { cmd: string }): void };
type Engine = { layout(graph: object): Promise<unknown>; knownLayoutAlgorithms(): Promise<Array<{ id: string }>> };

/** Real ELK engines; the first one loses its registration the way a cancelled request's timer does. */
function firstEngineLosesRegistration() {
  // An engine that registers no layout algorithm gives us elkjs's own fake worker class without registering 'layered'.
  const FakeWorker = (
    new ELK({ algorithms: [] }) as unknown as { worker: { worker: { constructor: new () => Worker } } }
  ).worker.worker.constructor;
  let built = 0;
  return () => {
    built++;
    if (built > 1) return new ELK() as never;
    return new ELK({
      workerFactory: () => {
        const worker = new FakeWorker();
        const post = worker.postMessage.bind(worker);
        worker.postMessage = (message) => (message.cmd === 'register' ? undefined : post(message));
        return worker as never;
      },
    }) as never;
  };
}

afterEach(() => setElkFactoryForTests(null));

describe('layout engine recovery', () => {
  it('a lost registration really breaks an engine (the condition users hit)', async () => {
    setElkFactoryForTests(firstEngineLosesRegistration());
    const make = firstEngineLosesRegistration();
    const broken = make() as unknown as Engine;
    await expect(
      broken.layout({
        id: 'r',
        layoutOptions: { 'elk.algorithm': 'layered' },
        children: [{ id: 'a', width: 10, height: 10 }],
      }),
    ).rejects.toThrow(/Layout algorithm 'layered' not found/);
  });

  it('rebuilds the engine inside the request and answers 200 instead of 500 "not found"', async () => {
    setElkFactoryForTests(firstEngineLosesRegistration());
    memoryTier.clear();
    for (let i = 0; i < 3; i++) {
      const res = await call('/api/layout', { method: 'POST', json: sampleKnowledgeGraph(12 + i, { seed: 40 + i }) });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get('x-kg-layout-cache')).toBe('miss');
    }
    // The engine that is kept knows 'layered'.
    const elk = (await elkEngine()) as unknown as Engine;
    expect((await elk.knownLayoutAlgorithms()).map((a) => a.id)).toContain('org.eclipse.elk.layered');
  });
});
