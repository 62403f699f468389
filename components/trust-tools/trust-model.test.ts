// The trust panel's own model (issue 26): reviews, questions and fact-checks use the model picked in the trust panel,
// remembered in this browser; until one is picked, the extractor when it is a language model, else the default, else
// the first; the built-in extractor is never offered.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModelInfo } from '../shared/api-client';
import { FakeHost } from '../workbench/fake-context';
import { TrustModelController, languageModelsOf, pickLanguageModel } from './trust-model';

const model = (id: string, over: Partial<ModelInfo> = {}): ModelInfo => ({
  id,
  provider: 'openai-compatible',
  model: id,
  label: `Label ${id}`,
  image: false,
  default: false,
  ...over,
});
const BUILTIN = model('builtin:heuristic', { provider: 'builtin', default: true });
const MODELS = [BUILTIN, model('lm:a'), model('lm:b', { default: true }), model('lm:c')];

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the trust panel model', () => {
  it('offers the language models only and picks: chosen, else the extractor, else the default, else the first', () => {
    expect(languageModelsOf(MODELS).map((m) => m.id)).toEqual(['lm:a', 'lm:b', 'lm:c']);
    expect(pickLanguageModel(MODELS, 'lm:c', 'lm:a')).toBe('lm:c');
    expect(pickLanguageModel(MODELS, null, 'lm:a')).toBe('lm:a');
    expect(pickLanguageModel(MODELS, null, 'builtin:heuristic')).toBe('lm:b');
    expect(pickLanguageModel(MODELS, 'gone', null)).toBe('lm:b');
    expect(pickLanguageModel([BUILTIN, model('lm:x'), model('lm:y')], null, null)).toBe('lm:x');
    expect(pickLanguageModel([BUILTIN], 'lm:a', 'lm:a')).toBeUndefined();
  });

  it('keeps the choice apart from the extractor and remembers it in this browser', () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    const source = { models: MODELS, pickedModel: 'builtin:heuristic' as string | null };
    const host = new FakeHost();
    const trust = new TrustModelController(host, source);
    host.connect();
    expect(trust.value).toBe('lm:b');
    trust.choose('lm:c');
    expect(trust.value).toBe('lm:c');
    // The extractor changing in the input panel does not move the trust panel's choice.
    source.pickedModel = 'lm:a';
    expect(trust.value).toBe('lm:c');
    // An id that is not a listed language model is ignored.
    trust.choose('builtin:heuristic');
    expect(trust.value).toBe('lm:c');
    expect(JSON.parse(storage.map.get('kg-workbench:trust')!)).toEqual({ model: 'lm:c' });
    // Another page of the same browser starts with it.
    const again = new FakeHost();
    const reopened = new TrustModelController(again, { models: MODELS, pickedModel: null });
    again.connect();
    expect(reopened.value).toBe('lm:c');
  });
});
