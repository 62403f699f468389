// The AI SDK language model for a configured model (OpenAI-compatible, Anthropic, Workers AI).
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { createWorkersAI } from 'workers-ai-provider';
import { KgError } from '../../core/errors';
import type { ModelConfig } from '../config';

export function languageModelFor(env: Env, config: ModelConfig): LanguageModel {
  switch (config.provider) {
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseUrl!,
        apiKey: config.apiKey,
      }).chatModel(config.model);
    case 'anthropic':
      if (!config.apiKey) throw new KgError('no_model', `${config.id} has no API key (set its apiKeySecret).`);
      return createAnthropic({ apiKey: config.apiKey, ...(config.baseUrl ? { baseURL: config.baseUrl } : {}) })(
        config.model,
      );
    case 'workers-ai': {
      const binding = (env as unknown as { AI?: Ai }).AI;
      if (!binding) throw new KgError('no_model', `${config.id} needs the Workers AI binding ([ai] binding = "AI").`);
      return createWorkersAI({ binding })(config.model as Parameters<ReturnType<typeof createWorkersAI>>[0]);
    }
    default:
      throw new KgError('no_model', `${config.id} is not a chat model.`);
  }
}
