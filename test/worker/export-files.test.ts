// The export route's graph files (GraphML, Cytoscape.js JSON, Cypher) inside workerd, and what the JSON export
// carries beside the graph (the latest verification reports, the fact-check, visualSource). Each streamed file must
// be byte for byte what the pure writer makes of the JSON export of the same revision: test/node/graph-files.test.ts
// reads those writers' files back with graphology-graphml, cytoscape and Neo4j's Cypher front end.
import { describe, expect, it } from 'vitest';
import { GRAPH_FILES, writeWhole } from '../../core/export/files';
import { assertGraphExport, GRAPH_FILE_FORMATS, type GraphExport } from '../../core/export/graph-export';
import { GraphExportSchema } from '../../core/export/graph-export-schema';
import { CHART_PNG_BASE64 } from '../support/images';
import { mixedText } from '../support/texts';
import { factCheck, factDocument } from './fact-check-helpers';
import { call, createDocument, extractAndWait, json, waitForTask, writeAuth } from './helpers';
import { modelId } from './model-helpers';

async function exportJson(documentId: string): Promise<GraphExport> {
  const body = (await json<GraphExport>(`/api/documents/${documentId}/export?format=json`)).body;
  assertGraphExport(body);
  GraphExportSchema.parse(body);
  return body;
}

const SUFFIX = { graphml: 'graphml', 'cytoscape.json': 'cytoscape.json', cypher: 'cypher' } as const;

describe('graph files from the export route', () => {
  it('streams GraphML, Cytoscape.js JSON and Cypher equal to the writers over the JSON export, counts included', async () => {
    const { documentId } = await extractAndWait(`# 图 "files" <&>\n\n${mixedText(12_000)}`, {
      title: '图谱 <files> & "co"',
    });
    const graph = await exportJson(documentId);
    expect(graph.nodes.length).toBeGreaterThan(100);
    expect(graph.mentions?.length).toBeGreaterThan(0);
    for (const format of GRAPH_FILE_FORMATS) {
      const res = await call(`/api/documents/${documentId}/export?format=${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(GRAPH_FILES[format].contentType);
      expect(res.headers.get('content-disposition')).toMatch(
        new RegExp(`\\.r${graph.revision}\\.${SUFFIX[format].replace('.', '\\.')}"`),
      );
      const body = await res.text();
      expect(body).toBe(writeWhole(GRAPH_FILES[format].open, graph));
      // The counts, read off each file the way its format spells an element.
      const count = (re: RegExp) => body.match(re)?.length ?? 0;
      if (format === 'graphml') {
        expect(count(/<node id=/g)).toBe(graph.nodes.length);
        expect(count(/<data key="kind">relation</g)).toBe(graph.edges.length);
        expect(count(/<data key="kind">mention</g)).toBe(graph.mentions!.length);
      } else if (format === 'cytoscape.json') {
        const file = JSON.parse(body);
        expect(file.elements.nodes).toHaveLength(graph.nodes.length);
        expect(file.elements.edges).toHaveLength(graph.edges.length + graph.mentions!.length);
      } else {
        expect(count(/^CREATE \(:KgNode:/gm)).toBe(graph.nodes.length);
        expect(count(/^MATCH .* CREATE \(a\)-\[:`(?!MENTIONS)/gm)).toBe(graph.edges.length);
        expect(count(/^MATCH .* CREATE \(a\)-\[:`MENTIONS`/gm)).toBe(graph.mentions!.length);
      }
    }
  });

  it('refuses an unknown format with a typed 400', async () => {
    const { documentId } = await extractAndWait('A graph is a set of nodes. Nodes are joined by edges.');
    const res = await call(`/api/documents/${documentId}/export?format=gexf`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
  });

  it('carries the latest verification reports and the fact-check in the JSON export, stale after an append', async () => {
    const { documentId } = await factDocument('The Yangtze is the longest river in Asia, says note EXP4.');
    const quick = await json(`/api/documents/${documentId}/verify`, { method: 'POST', json: { mode: 'quick' } });
    expect(quick.status).toBe(200);
    const { report } = await factCheck(documentId, 'ok@fact');
    const first = await exportJson(documentId);
    expect(first.verificationReports).toEqual([{ report: quick.body.report, stale: false }]);
    expect(first.factCheck).toEqual({ report, stale: false });
    expect(first.visualSource).toBeNull();

    const appended = await json(`/api/documents/${documentId}/append`, {
      method: 'POST',
      json: { text: 'The Nile flows north into the Mediterranean.' },
      headers: writeAuth(documentId),
    });
    expect(appended.status).toBe(202);
    await waitForTask(appended.body.taskId);
    const second = await exportJson(documentId);
    expect(second.revision).toBeGreaterThan(first.revision);
    expect(second.verificationReports).toEqual([{ report: quick.body.report, stale: true }]);
    expect(second.factCheck).toEqual({ report, stale: true });
  });

  it('carries visualSource for a document transcribed from an image', async () => {
    const created = await createDocument('A chart from the hydrology lecture.', {
      model: modelId('vision@json'),
      images: [{ name: 'rainfall.png', mediaType: 'image/png', data: CHART_PNG_BASE64 }],
    });
    expect((await waitForTask(created.taskId)).status).toBe('succeeded');
    const { body: visual } = await json(`/api/documents/${created.documentId}/images`);
    const graph = await exportJson(created.documentId);
    expect(graph.visualSource).toEqual(visual.visualSource);
    expect(graph.visualSource?.images[0]).toMatchObject({ name: 'rainfall.png' });
    expect(graph.verificationReports).toEqual([]);
    expect(graph.factCheck).toBeNull();
  });
});
