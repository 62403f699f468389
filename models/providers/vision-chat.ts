// One multimodal call: a text prompt, then per image a caption and the image itself, through the AI SDK
// (OpenAI-compatible sends image_url data URLs, Anthropic base64 image blocks, Workers AI its own shape). Used only
// by the transcription step; every later call of the task is text-only.
import { APICallError, streamText, type ModelMessage } from 'ai';
import { KgError } from '../../core/errors';
import type { ChatPrompt } from '../../core/extract/prompt';
import type { Scheduler } from '../../core/scheduler';
import type { ModelConfig } from '../config';
import { languageModelFor } from './language-model';
import { toProviderFailure } from './provider-failure';
import { withTransientRetry } from './transient-retry';

export interface VisionImage {
  caption: string;
  mediaType: string;
  bytes: Uint8Array;
}

export interface VisionOptions {
  signal: AbortSignal;
  scheduler: Scheduler;
  onText?: (chars: number) => void;
}

/** docs/contracts/conventions.md#deadlines: the vision transcription's own budget, lowered by the configured cap (KG_MODEL_TIMEOUT_MS). */
const VISION_BUDGET_MS = 240_000;

export async function transcribeWithModel(
  env: Env,
  config: ModelConfig,
  prompt: ChatPrompt,
  images: readonly VisionImage[],
  options: VisionOptions,
): Promise<string> {
  if (config.provider === 'service')
    throw new KgError('model_image_unsupported', `${config.id} is an extractor service without image input.`);
  const messages: ModelMessage[] = [
    {
      role: 'user',
      content: [
        { type: 'text', text: prompt.user },
        ...images.flatMap((image) => [
          { type: 'text' as const, text: image.caption },
          { type: 'image' as const, image: image.bytes, mediaType: image.mediaType },
        ]),
      ],
    },
  ];
  return withTransientRetry((signal) => streamOnce(env, config, prompt.system, messages, signal, options.onText), {
    timeoutMs: Math.min(VISION_BUDGET_MS, config.timeoutMs),
    signal: options.signal,
    scheduler: options.scheduler,
  });
}

async function streamOnce(
  env: Env,
  config: ModelConfig,
  system: string,
  messages: ModelMessage[],
  signal: AbortSignal,
  onText?: (chars: number) => void,
) {
  const result = streamText({
    model: languageModelFor(env, config),
    system,
    messages,
    temperature: 0.05,
    maxOutputTokens: 12_000,
    maxRetries: 0,
    abortSignal: signal,
    onError: () => undefined,
  });
  let text = '';
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') {
      text += part.text;
      onText?.(text.length);
    } else if (part.type === 'error') {
      throw visionFailure(part.error, config);
    }
  }
  return text;
}

/** A provider that refuses the image content itself (not a transient failure) means the model takes no images. */
function visionFailure(error: unknown, config: ModelConfig): KgError {
  if (
    APICallError.isInstance(error) &&
    [400, 415, 422].includes(error.statusCode ?? 0) &&
    /image|vision|multimodal|unsupported content/i.test(error.responseBody ?? error.message)
  ) {
    return new KgError('model_image_unsupported', `${config.id} refused the image content.`);
  }
  return toProviderFailure(error, config);
}
