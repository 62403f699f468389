import { describe, expect, it } from 'vitest';
import { assertGraphExport, csvCell, type GraphExport } from '../../core/export/graph-export';
import { mixedText } from '../support/texts';
import { call, expectError, extractAndWait, json, type GraphBody } from './helpers';

/** RFC 4180 parser (quotes, doubled quotes, CRLF inside quotes), enough to check what the export writes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe('GET /api/documents/:id/export', () => {
  it('exports the whole graph as JSON, nodes CSV and relations CSV, beyond the 800-node window', async () => {
    const { documentId } = await extractAndWait(`# 标题 "Quotes", commas\n\n${mixedText(60_000)}`, {
      title: '图谱 "export"',
    });
    const doc = (await json(`/api/documents/${documentId}`)).body;
    expect(doc.nodeCount).toBeGreaterThan(800);

    const res = await call(`/api/documents/${documentId}/export?format=json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.json"; filename\*=UTF-8''/);
    expect(decodeURIComponent(res.headers.get('content-disposition')!.split("UTF-8''")[1])).toContain('图谱');
    const body = (await res.json()) as GraphExport;
    assertGraphExport(body);
    expect(body).toMatchObject({
      documentId,
      title: '图谱 "export"',
      revision: doc.revision,
      summary: doc.summary,
      sections: doc.sections,
    });
    expect(body.audit).toMatchObject({ extractor: 'builtin:heuristic' });
    expect(body.nodes).toHaveLength(doc.nodeCount);
    expect(body.edges).toHaveLength(doc.edgeCount);
    expect(body.units).toHaveLength(doc.unitCount);
    expect(body.units.map((u) => u.n)).toEqual(Array.from({ length: doc.unitCount }, (_, i) => i + 1));
    expect(new Set(body.nodes.map((n) => n.id)).size).toBe(doc.nodeCount);
    // Same nodes, order and evidence as the graph windows.
    const second = (await json<GraphBody>(`/api/documents/${documentId}/graph?offset=800&limit=800`)).body;
    expect(body.nodes.slice(800, 800 + second.nodes.length)).toEqual(second.nodes);
    const ids = new Set(body.nodes.map((n) => n.id));
    for (const e of body.edges) {
      expect(ids.has(e.fromNodeId) && ids.has(e.toNodeId)).toBe(true);
      expect(e.evidence.length).toBeGreaterThan(0);
    }

    const nodesRes = await call(`/api/documents/${documentId}/export?format=nodes.csv`);
    expect(nodesRes.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(nodesRes.headers.get('content-disposition')).toMatch(/^attachment;.*\.nodes\.csv"/);
    const nodeRows = parseCsv((await nodesRes.text()).replace(/^\uFEFF/, ''));
    expect(nodeRows[0]).toEqual([
      'id',
      'type',
      'text',
      'paragraph',
      'quote',
      'grounding_status',
      'entailment_status',
      'confidence',
      'section_id',
      'evidence_paragraphs',
    ]);
    expect(nodeRows).toHaveLength(doc.nodeCount + 1);
    const guarded = (t: string) => (/^[=+\-@\t\r]/.test(t) ? `'${t}` : t);
    expect(nodeRows.slice(1).map((r) => r[0])).toEqual(body.nodes.map((n) => n.id));
    expect(nodeRows.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual(
      body.nodes.map((n) => [n.type, guarded(n.text), String(n.paragraph ?? '')]),
    );

    const edgesRes = await call(`/api/documents/${documentId}/export?format=edges.csv`);
    const edgeRows = parseCsv((await edgesRes.text()).replace(/^\uFEFF/, ''));
    expect(edgeRows[0]).toEqual(['id', 'from_id', 'to_id', 'relation', 'evidence_paragraphs', 'quote']);
    expect(edgeRows).toHaveLength(doc.edgeCount + 1);
    expect(edgeRows.slice(1).map((r) => r[0])).toEqual(body.edges.map((e) => e.id));
  });

  it('quotes CSV cells and defuses spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(3)).toBe('3');
    expect(csvCell(null)).toBe('');
  });

  it('answers 404 for an unknown document and 400 for an unknown format', async () => {
    expectError(await json(`/api/documents/${crypto.randomUUID()}/export?format=json`), 404, 'not_found');
    expectError(await json(`/api/documents/not-a-uuid/export`), 404, 'not_found');
    const { documentId } = await extractAndWait('A fact is stated here. Another sentence follows it.');
    expectError(await json(`/api/documents/${documentId}/export?format=xml`), 400, 'invalid_input');
    expectError(await json(`/api/documents/${documentId}/export?format=`), 400, 'invalid_input');
    const ok = await call(`/api/documents/${documentId}/export`);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as GraphExport).nodes.length).toBeGreaterThan(0);
  });
});
