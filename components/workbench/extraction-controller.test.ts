// Starting and following extraction tasks: the model is the stored choice while it is offered (else the server's
// default), a started task is remembered for a reopened page, one task runs at a time, and a cancel of a task that
// is already over reports nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient, type ModelInfo } from '../shared/api-client';
import type { LocalStateController } from '../shared/local-state';
import { FakeHost } from './fake-context';
import { ExtractionController } from './extraction-controller';
import { UI_DEFAULTS, type UiState } from './ui-state';

const models = [
  { id: 'builtin:heuristic', provider: 'builtin', default: false },
  { id: 'openai:x', provider: 'openai', default: true },
] as ModelInfo[];

function setup(stored: Partial<UiState> = {}) {
  const host = new FakeHost();
  let value: UiState = { ...UI_DEFAULTS, ...stored };
  const ui = {
    get value() {
      return value;
    },
    set: (patch: Partial<UiState>) => (value = { ...value, ...patch }),
  };
  const seen = { started: [] as string[], errors: [] as unknown[], created: [] as unknown[] };
  const extraction = new ExtractionController(host, ui as unknown as LocalStateController<UiState>, {
    onStarted: (id) => seen.started.push(id),
    onProgress: () => {},
    onDone: () => {},
    onError: (e) => seen.errors.push(e),
  });
  let release: () => void = () => {};
  const client = {
    models: async () => models,
    createDocument: async (body: unknown) => {
      seen.created.push(body);
      await new Promise<void>((r) => (release = r));
      return { documentId: 'd9', taskId: 't9' };
    },
    cancelTask: async () => {
      throw new ApiError('not_cancellable', 'already over');
    },
  } as unknown as ApiClient;
  return { extraction, ui: () => value, seen, client, release: () => release() };
}

afterEach(() => vi.unstubAllGlobals());

describe('extraction tasks', () => {
  it('picks the stored model while it is offered, else the default', async () => {
    const { extraction, client } = setup({ model: 'builtin:heuristic' });
    await extraction.loadModels(client);
    expect(extraction.model).toBe('builtin:heuristic');
    const other = setup({ model: 'gone:model' });
    await other.extraction.loadModels(other.client);
    expect(other.extraction.model).toBe('openai:x');
  });

  it('starts one task at a time and remembers it for a reopened page', async () => {
    const { extraction, client, seen, ui, release } = setup();
    await extraction.loadModels(client);
    const first = extraction.submit(client, { title: 'T', text: 'Some text.', model: null });
    expect(extraction.running).toBe(true);
    expect(await extraction.submit(client, { title: 'T2', text: 'More.', model: null })).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(seen.created).toEqual([{ title: 'T', text: 'Some text.', model: 'openai:x' }]);
    expect(seen.started).toEqual(['d9']);
    expect(ui().running).toEqual({ taskId: 't9', documentId: 'd9' });
  });

  it('a cancel of a task already over is not reported', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const { extraction, client, seen } = setup();
    await extraction.cancel(client, 't1');
    expect(seen.errors).toEqual([]);
    expect(extraction.cancelling).toBe(false);
  });
});
