// The built-in extractor's output fingerprint: one SHA-256 over what builtin:heuristic returns for the 18 QA texts,
// the 105 MINE essays and the two seed documents. A refactor that claims "behaviour unchanged" prints the same hash
// before and after. Run: npx tsx bench/extractor-hash.ts
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractUnits } from '../core/extractors/heuristic';
import { segment } from '../core/units';
import { mineEssays } from '../test/support/fixtures';

const dir = (rel: string) => fileURLToPath(new URL(rel, import.meta.url));
const texts: Array<[string, string]> = [];
for (const name of readdirSync(dir('../test/fixtures/qa/'))
  .filter((n) => n.endsWith('.txt'))
  .sort()) {
  texts.push([`qa/${name}`, readFileSync(dir(`../test/fixtures/qa/${name}`), 'utf8')]);
}
mineEssays().forEach((essay, i) => texts.push([`mine/${i}`, essay.content]));
for (const name of readdirSync(dir('../test/fixtures/zh/')).sort()) {
  texts.push([`seed/${name}`, readFileSync(dir(`../test/fixtures/zh/${name}`), 'utf8')]);
}

const all = createHash('sha256');
let nodes = 0;
let edges = 0;
for (const [name, text] of texts) {
  const batch = extractUnits(segment(text).units);
  nodes += batch.nodes.length;
  edges += batch.edges.length;
  all.update(name).update('\0').update(JSON.stringify(batch)).update('\0');
}
console.log(`${texts.length} texts, ${nodes} nodes, ${edges} edges`);
console.log(`extractor hash ${all.digest('hex')}`);
