import { describe, expect, it } from 'vitest';
import { parseBatchOutput } from './parse';

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

  it('rejects prose around the JSON, truncated JSON and arrays as model_output_not_json', () => {
    for (const bad of [`Here you go: ${JSON.stringify(ok)}`, JSON.stringify(ok).slice(0, 40), '[]', '', 'null']) {
      expect(() => parseBatchOutput(bad)).toThrowError(expect.objectContaining({ code: 'model_output_not_json' }));
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
