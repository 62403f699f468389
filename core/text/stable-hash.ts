// A fast non-cryptographic string hash (cyrb53's two 32-bit multiply-xor lanes), synchronous where core/ids.ts's
// SHA-256 is async: for ids that follow from their text alone (a query's id, a concept anchor's id). It protects
// nothing; it only names.
export function hashLanes(text: string): { h1: number; h2: number } {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return { h1, h2 };
}
