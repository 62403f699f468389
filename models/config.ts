// Model configuration from the Worker's vars and secrets. Keys are read from secrets by name and never leave the
// server: the public listing (ModelInfo) has no key, no base URL and no secret name.
//   KG_MODELS            JSON list of models (see README: "Pointing the product at a real model")
//   KG_LLM_BASE_URL, KG_LLM_MODEL, KG_LLM_API_KEY   one OpenAI-compatible model, made the default
//   KG_LLM_CONCURRENCY   batches in flight per task (default 4)
//   KG_MODEL_TIMEOUT_MS  caps every model call's deadline (default 120000)
import { z } from 'zod';

export const PROVIDERS = ['openai-compatible', 'anthropic', 'workers-ai', 'service'] as const;
export type Provider = (typeof PROVIDERS)[number];

const ModelEntrySchema = z.strictObject({
  provider: z.enum(PROVIDERS),
  model: z.string().min(1).max(200),
  id: z.string().min(1).max(200).optional(),
  label: z.string().max(200).optional(),
  /** OpenAI-compatible: the API base, e.g. https://api.deepseek.com/v1; service: the extractor endpoint. */
  baseUrl: z.url().optional(),
  /** Name of the secret (Worker var) holding the API key. */
  apiKeySecret: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]*$/)
    .optional(),
  image: z.union([z.boolean(), z.literal('unknown')]).optional(),
  default: z.boolean().optional(),
  /** OpenAI-compatible: ask for response_format json (default true; turn off for servers that reject it). */
  jsonMode: z.boolean().optional(),
  concurrency: z.number().int().min(1).max(32).optional(),
  batchChars: z.number().int().min(200).max(60_000).optional(),
});

export interface ModelConfig {
  id: string;
  provider: Provider;
  model: string;
  label: string;
  image: boolean | 'unknown';
  default: boolean;
  baseUrl?: string;
  apiKey?: string;
  jsonMode: boolean;
  concurrency: number;
  batchChars: number;
  timeoutMs: number;
}

export interface ModelSettings {
  models: ModelConfig[];
  /** Problems in the configuration, shown by GET /api/models so an operator sees them (never secrets). */
  warnings: string[];
}

type ModelEnv = Env & Record<string, unknown>;

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_CONCURRENCY = 4;
const DEFAULT_BATCH_CHARS = 8_000;

export function readModelSettings(env: Env): ModelSettings {
  const vars = env as ModelEnv;
  const warnings: string[] = [];
  const timeoutMs = positiveInt(vars.KG_MODEL_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, 'KG_MODEL_TIMEOUT_MS', warnings);
  const concurrency = positiveInt(vars.KG_LLM_CONCURRENCY, DEFAULT_CONCURRENCY, 'KG_LLM_CONCURRENCY', warnings);
  const entries: z.infer<typeof ModelEntrySchema>[] = [];

  const baseUrl = stringVar(vars.KG_LLM_BASE_URL);
  const model = stringVar(vars.KG_LLM_MODEL);
  if (baseUrl || model) {
    if (!baseUrl || !model) warnings.push('KG_LLM_BASE_URL and KG_LLM_MODEL must be set together.');
    else entries.push({ provider: 'openai-compatible', model, baseUrl, apiKeySecret: 'KG_LLM_API_KEY', default: true });
  }
  const listed = stringVar(vars.KG_MODELS);
  if (listed) {
    try {
      const parsed = z.array(ModelEntrySchema).max(100).safeParse(JSON.parse(listed));
      if (parsed.success) entries.push(...parsed.data);
      else warnings.push(`KG_MODELS: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`);
    } catch {
      warnings.push('KG_MODELS is not valid JSON.');
    }
  }

  const models: ModelConfig[] = [];
  for (const entry of entries) {
    const id = entry.id ?? `${entry.provider}:${entry.model}`;
    if (models.some((m) => m.id === id)) {
      warnings.push(`Model ${id} is configured twice; the first one is used.`);
      continue;
    }
    if ((entry.provider === 'openai-compatible' || entry.provider === 'service') && !entry.baseUrl) {
      warnings.push(`Model ${id} needs a baseUrl.`);
      continue;
    }
    models.push({
      id,
      provider: entry.provider,
      model: entry.model,
      label: entry.label ?? `${entry.model} (${entry.provider})`,
      image: entry.image ?? 'unknown',
      default: entry.default ?? false,
      baseUrl: entry.baseUrl?.replace(/\/+$/, ''),
      apiKey: entry.apiKeySecret ? stringVar(vars[entry.apiKeySecret]) : undefined,
      jsonMode: entry.jsonMode ?? true,
      concurrency: entry.concurrency ?? concurrency,
      batchChars: entry.batchChars ?? DEFAULT_BATCH_CHARS,
      timeoutMs,
    });
  }
  // Exactly one default: the first one marked, else none (the built-in extractor then stays the default).
  const firstDefault = models.findIndex((m) => m.default);
  models.forEach((m, i) => (m.default = i === firstDefault));
  return { models, warnings };
}

function stringVar(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function positiveInt(value: unknown, fallback: number, name: string, warnings: string[]): number {
  const raw = stringVar(value);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    warnings.push(`${name} must be a positive whole number; using ${fallback}.`);
    return fallback;
  }
  return n;
}
