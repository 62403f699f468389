import { describe, expect, it } from 'vitest';
import { KgError } from '../errors';
import { decodeCursor, encodeCursor, pageWithCursor } from './cursor';

const pair = ([a, b]: string[]) => (a !== undefined && b !== undefined ? { a, b } : null);

describe('listing cursors', () => {
  it('keep the wire format handed out before: `a|b` in base64 without padding', () => {
    const id = '0b0f4c1e-6a3d-4c55-9b1e-2f7f3a9d8c10';
    const cursor = encodeCursor([1_700_000_000_000, id]);
    expect(cursor).toBe(btoa(`1700000000000|${id}`).replace(/=+$/, ''));
    expect(cursor).not.toMatch(/=/);
    expect(decodeCursor(cursor, pair)).toEqual({ a: '1700000000000', b: id });
    // A cursor with its padding still decodes (atob takes both).
    expect(decodeCursor(btoa('3|7'), pair)).toEqual({ a: '3', b: '7' });
  });

  it('answer invalid_input for what is not base64 and for a key the listing refuses', () => {
    for (const bad of ['%%%', 'a', btoa('only-one-part')]) {
      expect(() => decodeCursor(bad, pair)).toThrow(KgError);
      try {
        decodeCursor(bad, pair);
      } catch (error) {
        expect((error as KgError).code).toBe('invalid_input');
      }
    }
  });

  it('page: at most `limit` rows, and the cursor of the last only when a row beyond it was read', () => {
    const rows = [1, 2, 3].map((n) => ({ n, id: `r${n}` }));
    const keyOf = (r: { n: number; id: string }) => [r.n, r.id] as const;
    expect(pageWithCursor(rows, 2, keyOf)).toEqual({ page: rows.slice(0, 2), nextCursor: encodeCursor([2, 'r2']) });
    expect(pageWithCursor(rows, 3, keyOf)).toEqual({ page: rows, nextCursor: null });
    expect(pageWithCursor([], 3, keyOf)).toEqual({ page: [], nextCursor: null });
  });
});
