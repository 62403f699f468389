// Model configuration from vars and secrets, through the real app with a modified environment.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { readModelSettings } from '../../models/config';
import { languageModelFor } from '../../models/providers/language-model';
import { createApp } from '../../worker/app';

const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const models = async (vars: Record<string, string>) => {
  const res = await app.fetch(new Request('http://kg.test/api/models'), { ...env, KG_MODELS: '', ...vars } as Env, ctx);
  return {
    status: res.status,
    body: (await res.json()) as { models: Array<Record<string, unknown>>; warnings?: string[] },
    raw: res,
  };
};

describe('model configuration', () => {
  it('KG_LLM_BASE_URL + KG_LLM_MODEL add one OpenAI-compatible model, made the default; the key never leaves', async () => {
    const { body } = await models({
      KG_LLM_BASE_URL: 'https://llm.internal.example/v1',
      KG_LLM_MODEL: 'deepseek-chat',
      KG_LLM_API_KEY: 'sk-very-secret',
    });
    expect(body.models.map((m) => [m.id, m.default])).toEqual([
      ['builtin:heuristic', false],
      ['openai-compatible:deepseek-chat', true],
    ]);
    const text = JSON.stringify(body);
    expect(text).not.toContain('sk-very-secret');
    expect(text).not.toContain('llm.internal.example');
  });

  it('reports configuration problems instead of failing or hiding them', async () => {
    const broken = await models({ KG_MODELS: '[{"provider":"openai-compatible","model":"x"}' });
    expect(broken.status).toBe(200);
    expect(broken.body.warnings).toEqual(['KG_MODELS is not valid JSON.']);
    expect(broken.body.models.map((m) => m.id)).toEqual(['builtin:heuristic']);
    const missing = await models({ KG_MODELS: JSON.stringify([{ provider: 'openai-compatible', model: 'x' }]) });
    expect(missing.body.warnings).toEqual(['Model openai-compatible:x needs a baseUrl.']);
    const half = await models({ KG_LLM_MODEL: 'x' });
    expect(half.body.warnings?.[0]).toMatch(/set together/);
  });

  it('reads keys from the named secret, caps deadlines and concurrency from vars', () => {
    const settings = readModelSettings({
      ...env,
      KG_MODELS: JSON.stringify([
        { provider: 'anthropic', model: 'claude-x', apiKeySecret: 'ANTHROPIC_KEY', image: true },
      ]),
      ANTHROPIC_KEY: 'k-1',
      KG_MODEL_TIMEOUT_MS: '2500',
      KG_LLM_CONCURRENCY: '7',
    } as unknown as Env);
    expect(settings.models[0]).toMatchObject({
      id: 'anthropic:claude-x',
      apiKey: 'k-1',
      timeoutMs: 2500,
      concurrency: 7,
      image: true,
    });
    expect(readModelSettings({ ...env, KG_MODEL_TIMEOUT_MS: 'soon' } as unknown as Env).warnings[0]).toMatch(
      /KG_MODEL_TIMEOUT_MS/,
    );
  });

  it('answers no_model when a configured provider cannot be reached from this Worker', () => {
    const base = readModelSettings({
      ...env,
      KG_MODELS: JSON.stringify([
        { provider: 'workers-ai', model: '@cf/meta/llama-3.1-8b-instruct' },
        { provider: 'anthropic', model: 'c' },
      ]),
    } as unknown as Env).models;
    expect(() => languageModelFor(env, base[0])).toThrowError(expect.objectContaining({ code: 'no_model' }));
    expect(() => languageModelFor(env, base[1])).toThrowError(expect.objectContaining({ code: 'no_model' }));
  });
});

describe('Workers AI binding', () => {
  it('streams through workers-ai-provider from the AI binding (a scripted binding: Workers AI cannot run offline)', async () => {
    const { streamChat } = await import('../../models/providers/chat');
    const seen: Array<{ model: string; inputs: Record<string, unknown> }> = [];
    const AI = {
      async run(model: string, inputs: Record<string, unknown>) {
        seen.push({ model, inputs });
        const encoder = new TextEncoder();
        const events = ['{"summary":"s",', '"nodes":[],"edges":[]}'].map(
          (t) => `data: ${JSON.stringify({ response: t })}\n\n`,
        );
        return new ReadableStream({
          start(controller) {
            for (const e of events) controller.enqueue(encoder.encode(e));
            controller.enqueue(encoder.encode('data: [DONE]\n\n'));
            controller.close();
          },
        });
      },
    };
    const [config] = readModelSettings({
      ...env,
      KG_MODELS: JSON.stringify([{ provider: 'workers-ai', model: '@cf/meta/llama-3.1-8b-instruct' }]),
    } as unknown as Env).models;
    const text = await streamChat(
      { ...env, AI } as unknown as Env,
      config,
      { system: 'sys', user: 'usr' },
      { signal: new AbortController().signal },
    );
    expect(text).toBe('{"summary":"s","nodes":[],"edges":[]}');
    expect(seen[0].model).toBe('@cf/meta/llama-3.1-8b-instruct');
    expect(JSON.stringify(seen[0].inputs)).toContain('usr');
  });
});
