// The ELK instance of this isolate, and why it checks itself inside every request that first uses it.
//
// `new ELK()` registers its algorithms by posting a 'register' message through elkjs's fake worker, whose
// `postMessage` is a `setTimeout(…, 0)`. In workerd, timers belong to the request that created them: when that
// request ends or is cancelled before the timer fires (the client goes away, an error ends it, a limit is exceeded;
// at module top level timers never fire at all), the registration never happens and every later layout fails with
// "Layout algorithm 'layered' not found" for the isolate's whole life. So the engine is only trusted once a request
// has seen `knownLayoutAlgorithms()` list 'layered' (its answer comes after 'register', messages are handled in
// order); otherwise a new engine is built and registered within the current request. ELK's algorithm registry is a
// module-wide static, so one successful registration serves every later instance and request.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkEngine } from '../../core/layout/layered';

export type ElkFactory = () => ElkWithAlgorithms;

interface ElkWithAlgorithms extends ElkEngine {
  knownLayoutAlgorithms(): Promise<Array<{ id: string }>>;
}

/** How long a request waits for ELK to answer its check (ms) before building a new engine. */
const CHECK_TIMEOUT_MS = 5_000;

let factory: ElkFactory = () => new ELK() as unknown as ElkWithAlgorithms;
let instance: ElkWithAlgorithms | null = null;
let verified = false;

/** An engine that is known to have 'layered' registered, checked (and rebuilt if needed) within this request. */
export async function elkEngine(): Promise<ElkEngine> {
  if (instance && verified) return instance;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!instance || attempt > 0) instance = factory();
    if (await hasLayered(instance)) {
      verified = true;
      return instance;
    }
    console.warn('ELK answered without the layered algorithm; building a new engine');
  }
  throw new Error('ELK could not register its layered algorithm.');
}

/** Runs `run` with a checked engine; if ELK still answers "not found", forgets the engine and tries once more. */
export async function withElk<T>(run: (elk: ElkEngine) => Promise<T>): Promise<T> {
  try {
    return await run(await elkEngine());
  } catch (error) {
    if (!isNotRegistered(error)) throw error;
    console.warn('ELK lost its layered algorithm; rebuilding the engine');
    forgetElkEngine();
    return run(await elkEngine());
  }
}

export function forgetElkEngine(): void {
  instance = null;
  verified = false;
}

/** Tests only: the next engines come from `make` (e.g. one whose registration never happened). */
export function setElkFactoryForTests(make: ElkFactory | null): void {
  factory = make ?? (() => new ELK() as unknown as ElkWithAlgorithms);
  forgetElkEngine();
}

export function isNotRegistered(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String((error as { message?: unknown })?.message ?? error);
  return /Layout algorithm .* not found/i.test(text);
}

async function hasLayered(elk: ElkWithAlgorithms): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Our own timer bounds the wait: if this engine's messages were lost, its promise never settles.
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), CHECK_TIMEOUT_MS)));
  try {
    const algorithms = await Promise.race([elk.knownLayoutAlgorithms().catch(() => null), timeout]);
    return !!algorithms?.some((a) => a.id === 'org.eclipse.elk.layered' || a.id === 'layered');
  } finally {
    clearTimeout(timer);
  }
}
