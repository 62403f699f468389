// The one seeded random source for generated test and benchmark inputs (same seed, same sequence). It lives in core
// because core's own layouts need it too (force layout, sample graphs); tests and benches import it from here.
export { seededRandom } from '../../core/layout/random';
