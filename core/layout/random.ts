// A small seeded random source (a linear congruential generator, as d3-force uses) so layouts are reproducible.
export function seededRandom(seed: number): () => number {
  let state = Math.floor(seed) >>> 0 || 1;
  return () => {
    state = (Math.imul(1664525, state) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}
