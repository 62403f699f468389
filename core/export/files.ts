// The graph files written by a GraphFileWriter (core/export/writer.ts), one entry each: its writer and its media type.
// Apart from graph-export.ts on purpose: the page loads this (and the three writers) only when a reader asks for
// one of these files (components/shared/static-source.ts imports it on demand).
import { cypherWriter } from './cypher';
import { cytoscapeWriter } from './cytoscape';
import { graphmlWriter } from './graphml';
import type { GraphFileFormat } from './graph-export';
import type { GraphFileMeta, GraphFileWriter } from './writer';

export const GRAPH_FILES: Record<
  GraphFileFormat,
  { contentType: string; open: (meta: GraphFileMeta) => GraphFileWriter }
> = {
  graphml: { contentType: 'application/graphml+xml; charset=utf-8', open: graphmlWriter },
  'cytoscape.json': { contentType: 'application/json; charset=utf-8', open: cytoscapeWriter },
  cypher: { contentType: 'text/plain; charset=utf-8', open: cypherWriter },
};

export { writeWhole } from './writer';
