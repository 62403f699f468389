// Docs sites are built by tools that render pages in Node (VitePress, Astro, Docusaurus): importing either entry of
// the npm package there must touch no DOM (issue 27: it threw "document is not defined"). Each import runs in a Node
// process of its own, through the package's `exports` as a site would resolve `kg-workbench` from node_modules
// (the `node` condition picks dist/npm/node/), with no DOM globals of any test environment.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PACKAGE = path.resolve(__dirname, '../../dist/npm');
let site: string;

beforeAll(() => {
  expect(existsSync(path.join(PACKAGE, 'package.json')), 'dist/npm is missing: run `node scripts/build.mjs`').toBe(
    true,
  );
  site = mkdtempSync(path.join(tmpdir(), 'kg-node-import-'));
  mkdirSync(path.join(site, 'node_modules'));
  symlinkSync(PACKAGE, path.join(site, 'node_modules', 'kg-workbench'), 'dir');
});
afterAll(() => rmSync(site, { recursive: true, force: true }));

/** Runs `code` as an ES module in a fresh Node inside the site folder; returns what it printed. */
function inNode(code: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: site, encoding: 'utf8' }).trim();
}

describe('importing the npm package in Node', () => {
  it('kg-workbench/elements gives the classes and defines nothing', () => {
    const out = JSON.parse(
      inNode(`
        const m = await import('kg-workbench/elements');
        console.log(JSON.stringify({
          exports: Object.keys(m).sort(),
          document: typeof document,
          defined: globalThis.customElements?.get('kg-workbench') !== undefined,
        }));`),
    );
    expect(out.exports).toEqual(['KgGraphView', 'KgInsightsPanel', 'KgWorkbench', 'declaredTags', 'defineElements']);
    expect(out.document).toBe('undefined');
    expect(out.defined).toBe(false);
  });

  it('kg-workbench defines its tags in the server-side registry and leaves no document behind', () => {
    const out = JSON.parse(
      inNode(`
        await import('kg-workbench');
        const { declaredTags } = await import('kg-workbench/elements');
        console.log(JSON.stringify({
          document: typeof document,
          workbench: typeof customElements.get('kg-workbench'),
          tags: declaredTags().filter((t) => !customElements.get(t)),
        }));`),
    );
    expect(out.document).toBe('undefined');
    expect(out.workbench).toBe('function');
    expect(out.tags).toEqual([]);
  });
});
