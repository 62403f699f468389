// The trust panel's own model (issue 26): the language model that model reviews, questions and fact-checks use,
// chosen in the trust panel (<kg-trust-model-picker>), apart from the extractor, which stays with the input panel.
// Remembered in this browser (localStorage, key `trust`). Until the reader picks one: the extractor picked in the input
// panel when it is a language model, else the server's default language model, else the first one listed.
import type { ReactiveControllerHost } from 'lit';
import type { ModelInfo } from '../shared/api-client';
import { LocalStateController } from '../shared/local-state';

/** The models a review, question or fact-check can use: every listed model except the built-in extractor. */
export function languageModelsOf(models: readonly ModelInfo[]): ModelInfo[] {
  return models.filter((m) => m.provider !== 'builtin');
}

/** The model used: `chosen` (the trust panel's pick) when listed, else `picked` (the extractor) when it is a language
 * model, else the default language model, else the first; undefined when there is none. */
export function pickLanguageModel(
  models: readonly ModelInfo[],
  chosen: string | null,
  picked: string | null,
): string | undefined {
  const lms = languageModelsOf(models);
  return (lms.find((m) => m.id === chosen) ?? lms.find((m) => m.id === picked) ?? lms.find((m) => m.default) ?? lms[0])
    ?.id;
}

export class TrustModelController {
  private readonly stored: LocalStateController<{ model: string }>;

  constructor(
    host: ReactiveControllerHost,
    private readonly source: { readonly models: readonly ModelInfo[]; readonly pickedModel: string | null },
  ) {
    this.stored = new LocalStateController(host, 'trust', { model: '' });
  }

  /** The language models to choose from. */
  get choices(): ModelInfo[] {
    return languageModelsOf(this.source.models);
  }

  /** The model reviews, questions and fact-checks use now. */
  get value(): string | undefined {
    return pickLanguageModel(this.source.models, this.stored.value.model || null, this.source.pickedModel);
  }

  /** The reader picked a model in the trust panel (remembered; an id not listed is ignored). */
  choose(id: string): void {
    if (this.choices.some((m) => m.id === id)) this.stored.set({ model: id });
  }
}
