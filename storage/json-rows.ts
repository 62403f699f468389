// Rows sent to D1 as JSON arrays read with json_each: one bound parameter per statement, far fewer statements than
// one insert per row. One home for the revision commit (graph-commit.ts) and the candidate sync (candidates.ts).

/** Characters of one JSON chunk: well within D1's statement and parameter limits. */
export const CHUNK_CHARS = 400_000;

/** Rows as JSON arrays of at most CHUNK_CHARS characters each (a single larger row stands alone). */
export function* chunkRows(rows: unknown[][]): Generator<string> {
  let parts: string[] = [];
  let size = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (size + json.length > CHUNK_CHARS && parts.length > 0) {
      yield `[${parts.join(',')}]`;
      parts = [];
      size = 0;
    }
    parts.push(json);
    size += json.length + 1;
  }
  if (parts.length > 0) yield `[${parts.join(',')}]`;
}
