// `npm run lint`: Biome (formatting and lint) and knip (unused exports), both run whatever the first finds, as
// `npm test` runs them (scripts/lib/lint.mjs). `npm run format` rewrites the files Biome would reformat.
import { biomeCheck, knipCheck } from './lib/lint.mjs';
import { ROOT } from './lib/wrangler.mjs';

console.log('▶ format and lint (biome)');
const biome = biomeCheck(ROOT);
console.log('\n▶ unused exports (knip)');
const knip = knipCheck(ROOT);
process.exit(biome !== 0 || knip !== 0 ? 1 : 0);
