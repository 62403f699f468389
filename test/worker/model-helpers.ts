// Helpers for the model-backed tests: pick a scripted model, read what the scripted server was asked.
import { env } from 'cloudflare:workers';
import type { ScriptedCall } from '../support/scripted-llm.mjs';

export const modelId = (scenario: string) => `openai-compatible:${scenario}`;

const llmOrigin = () => new URL((env as unknown as { SCRIPTED_LLM_URL: string }).SCRIPTED_LLM_URL).origin;

/**
 * What the scripted server was asked by a scenario's model; with `tag`, only the calls whose prompt holds that
 * paragraphs() tag: test files run in parallel and share the server, so a test counting calls counts its own.
 */
export async function scriptedCalls(scenario: string, tag?: string): Promise<ScriptedCall[]> {
  const res = await fetch(`${llmOrigin()}/__calls?model=${encodeURIComponent(scenario)}`);
  const calls = (await res.json()) as ScriptedCall[];
  return tag === undefined ? calls : calls.filter((c) => c.user.includes(`Paragraph ${tag}`));
}

/** A text of `paragraphs` short English paragraphs: with the test models' 400-character batches, about one batch each. */
export function paragraphs(count: number, tag = 'p'): string {
  return Array.from(
    { length: count },
    (_, i) =>
      `Paragraph ${tag}${i + 1} states a fact about rivers number ${i + 1}. Water flows downhill in river ${i + 1}. ` +
      `Therefore the valley of river ${i + 1} is lower than its source. Rivers carry sediment to the sea, which builds deltas over time.`,
  ).join('\n\n');
}
