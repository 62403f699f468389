import { describe, expect, it } from 'vitest';
import { parseBatchAnswer, parseBatchOutput } from './parse';

const ok = {
  summary: 's',
  nodes: [{ id: 'n1', type: 'fact', text: 'Rain falls', paragraph: 2, quote: 'Rain falls' }],
  edges: [],
};

describe('parseBatchOutput', () => {
  it('accepts a JSON object, or one fenced json block', () => {
    expect(parseBatchOutput(JSON.stringify(ok)).nodes[0].id).toBe('n1');
    const fence = '```';
    expect(parseBatchOutput(`${fence}json\n${JSON.stringify(ok)}\n${fence}`).nodes).toHaveLength(1);
    expect(parseBatchOutput(`  ${fence}\n${JSON.stringify(ok)}\n${fence}  `).summary).toBe('s');
  });

  it('rejects truncated JSON, arrays, nothing, and an answer with two objects as model_output_not_json', () => {
    const two = `First: ${JSON.stringify(ok)} and again: ${JSON.stringify(ok)}`;
    for (const bad of [JSON.stringify(ok).slice(0, 40), '[]', '', 'null', 'I cannot help.', two]) {
      expect(() => parseBatchOutput(bad)).toThrowError(expect.objectContaining({ code: 'model_output_not_json' }));
    }
    expect(() => parseBatchOutput(two)).toThrowError(
      expect.objectContaining({ detail: expect.stringContaining('2 JSON objects') }),
    );
  });

  it('sets a leading reasoning block aside and finds the one object in prose or a fence', () => {
    const fence = '```';
    const think = `<think>The user wants {"nodes": []}? No: a graph.</think>\n${JSON.stringify(ok)}`;
    expect(parseBatchAnswer(think)).toMatchObject({ wrapping: { reasoning: true, prose: false } });
    const thinking = `<thinking>x</thinking>Here is the graph:\n${fence}json\n${JSON.stringify(ok)}\n${fence}\nDone.`;
    expect(parseBatchAnswer(thinking)).toMatchObject({ wrapping: { reasoning: true, prose: true } });
    const prose = `Here you go: ${JSON.stringify(ok)} Hope this helps {smile}.`;
    expect(parseBatchAnswer(prose).wire.nodes[0].text).toBe('Rain falls');
    // Braces inside strings do not confuse the search.
    const braces = { ...ok, summary: 'a } and a { in text' };
    expect(parseBatchAnswer(`Answer: ${JSON.stringify(braces)}`).wire.summary).toBe('a } and a { in text');
  });

  it('never takes reasoning as the answer: an unclosed or lone reasoning block is no answer', () => {
    for (const bad of [`<think>${JSON.stringify(ok)}`, `<think>${JSON.stringify(ok)}</think>`]) {
      expect(() => parseBatchOutput(bad)).toThrowError(
        expect.objectContaining({ code: 'model_output_not_json', detail: expect.stringContaining('only reasoning') }),
      );
    }
  });

  it('rejects unknown types, relations and missing fields as schema_invalid, naming the place', () => {
    const badType = { ...ok, nodes: [{ ...ok.nodes[0], type: 'opinion' }] };
    expect(() => parseBatchOutput(JSON.stringify(badType))).toThrowError(
      expect.objectContaining({ code: 'schema_invalid', detail: expect.stringContaining('nodes.0.type') }),
    );
    const badRel = {
      ...ok,
      edges: [{ fromNodeId: 'n1', toNodeId: 'n1', relation: 'related', paragraph: 1, quote: 'x' }],
    };
    expect(() => parseBatchOutput(JSON.stringify(badRel))).toThrowError(
      expect.objectContaining({ code: 'schema_invalid' }),
    );
    expect(() => parseBatchOutput(JSON.stringify({ nodes: [] }))).toThrowError(
      expect.objectContaining({ code: 'schema_invalid' }),
    );
  });
});
