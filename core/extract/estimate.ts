// What a run will cost before it runs (issue 29): the batches the pipeline will plan (the same planBatches over the
// same units, so the count is exact), one call per batch when every answer is usable, and the prompt each call sends
// (the same buildPrompt, so the characters match the run's but for the retries it may need). Tokens are an estimate:
// a characters-per-token ratio measured with OpenAI's o200k_base tokenizer on the 18 frozen QA texts (English
// 4.91 characters per token, Chinese 1.26 per text character: 1.2 per Han character, the rest as English), applied
// to the CJK and the other characters apart; the answer's size is the quoteless reference figure of
// bench/answer-size.ts (scripted model: 2.23 answer characters per source character). Cost only where the model's
// configuration carries prices.
import type { ContentUnit, KgGraph } from '../schema';
import { planBatches, unitsOf } from './batches';
import { existingNodesFor } from './existing-nodes';
import { buildPrompt } from './prompt';

/** Measured with gpt-tokenizer 4.0.0 (o200k_base) on test/fixtures/qa: see the header. */
export const CHARS_PER_TOKEN = { cjk: 1.2, other: 4.91 } as const;
/** Answer characters per source character of a batch (bench/answer-size.ts, quoteless, scripted model). */
export const ANSWER_CHARS_PER_SOURCE_CHAR = 2.23;

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/gu;

/** Tokens of a text by the measured ratio (an estimate, never a tokenizer's count). */
export function estimateTokens(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  return Math.ceil(cjk / CHARS_PER_TOKEN.cjk + (text.length - cjk) / CHARS_PER_TOKEN.other);
}

export interface Prices {
  /** Per million prompt (input) tokens. */
  inputPerMillion: number;
  /** Per million answer (output) tokens. */
  outputPerMillion: number;
  currency: string;
}

export interface EstimateInput {
  title: string;
  /** All units (append: old and new), numbered 1..n. */
  units: readonly ContentUnit[];
  fromUnit?: number;
  batchChars: number;
  /** Whether the extractor calls a model (the built-in one sends no prompt). */
  callsModel: boolean;
  base?: KgGraph;
  trace?: boolean;
  prices?: Prices;
}

export interface RunEstimate {
  units: number;
  batches: number;
  /** One call per batch when every answer is usable; retries, halvings, coverage retries and at most one coverage review per batch (review-pass.ts) come on top. */
  calls: number;
  sourceChars: number;
  promptChars: number;
  promptTokens: number;
  answerTokens: number;
  tokens: { method: 'ratio'; charsPerToken: typeof CHARS_PER_TOKEN; estimate: true };
  cost?: { input: number; output: number; total: number; currency: string; estimate: true };
}

export function estimateRun(input: EstimateInput): RunEstimate {
  const fromIndex = (input.fromUnit ?? 1) - 1;
  const plans = planBatches(input.units.slice(fromIndex), input.batchChars);
  let promptChars = 0;
  let promptTokens = 0;
  let answerTokens = 0;
  let sourceChars = 0;
  for (const plan of plans) {
    const units = unitsOf(input.units, plan);
    sourceChars += plan.chars;
    if (!input.callsModel) continue;
    const prompt = buildPrompt({
      title: input.title,
      units,
      existingNodes: input.base ? existingNodesFor(input.base, units) : undefined,
      trace: input.trace,
    });
    promptChars += prompt.system.length + prompt.user.length;
    promptTokens += estimateTokens(prompt.system) + estimateTokens(prompt.user);
    answerTokens += Math.ceil(estimateTokens(units.map((u) => u.text).join('\n')) * ANSWER_CHARS_PER_SOURCE_CHAR);
  }
  const estimate: RunEstimate = {
    units: input.units.length - fromIndex,
    batches: plans.length,
    calls: input.callsModel ? plans.length : 0,
    sourceChars,
    promptChars,
    promptTokens,
    answerTokens,
    tokens: { method: 'ratio', charsPerToken: CHARS_PER_TOKEN, estimate: true },
  };
  if (input.prices && input.callsModel) {
    const inputCost = (promptTokens / 1e6) * input.prices.inputPerMillion;
    const outputCost = (answerTokens / 1e6) * input.prices.outputPerMillion;
    estimate.cost = {
      input: round(inputCost),
      output: round(outputCost),
      total: round(inputCost + outputCost),
      currency: input.prices.currency,
      estimate: true,
    };
  }
  return estimate;
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;
