// The static graph file's zod schema (core/export/graph-export-schema.ts) and the JSON Schema the npm package ships
// (graph.schema.json, written from it by scripts/build.mjs): a real exported file passes, a file the workbench would
// refuse fails, and the JSON Schema carries the vocabulary of core/schema.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GraphExportSchema, graphExportJsonSchema } from '../../core/export/graph-export-schema';
import { assertGraphExport } from '../../core/export/file-check';
import { NODE_TYPES, RELATIONS } from '../../core/schema/vocabulary';

const example = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../demo/examples/knowledge-graphs.graph.json'), 'utf8'),
);

describe('the static graph format schema', () => {
  it('accepts the exported example that <kg-workbench src> shows, as the browser check does', () => {
    expect(() => assertGraphExport(example)).not.toThrow();
    expect(GraphExportSchema.safeParse(example).success).toBe(true);
  });

  it('refuses what the browser check refuses: an unknown node type, a wrong version', () => {
    const badType = { ...example, nodes: [{ ...example.nodes[0], type: 'rumour' }, ...example.nodes.slice(1)] };
    expect(GraphExportSchema.safeParse(badType).success).toBe(false);
    expect(() => assertGraphExport(badType)).toThrow();
    expect(GraphExportSchema.safeParse({ ...example, version: 2 }).success).toBe(false);
  });

  it('is a draft 2020-12 JSON Schema with the format identity and the vocabulary of core/schema', () => {
    const schema = graphExportJsonSchema() as {
      $schema: string;
      required: string[];
      properties: Record<string, { const?: unknown; items?: { properties: Record<string, { enum?: string[] }> } }>;
    };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.required).toEqual(
      expect.arrayContaining(['format', 'version', 'documentId', 'units', 'nodes', 'edges']),
    );
    expect(schema.required).not.toContain('auditLog');
    // The concept layer: described, optional (files written before it have none).
    expect(schema.required).not.toContain('mentions');
    expect(Object.keys(schema.properties.mentions.items!.properties)).toEqual(
      expect.arrayContaining(['id', 'nodeId', 'conceptId', 'term', 'evidence']),
    );
    expect(schema.properties.format.const).toBe('kg-workbench.graph');
    expect(schema.properties.nodes.items!.properties.type.enum).toEqual([...NODE_TYPES]);
    expect(schema.properties.edges.items!.properties.relation.enum).toEqual([...RELATIONS]);
  });
});
