// The README lists every `--kg-*` custom property (with its default) and every `::part` of the public elements, as
// the built custom-elements manifest declares them (issue 27: they were only in the manifest). Fix a failure with
// `npm run build && npm run readme:theming`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEMING_END, THEMING_START, themingSection } from '../../scripts/lib/theming-table.mjs';

const ROOT = path.resolve(__dirname, '../..');

describe('the README theming section', () => {
  it('is the manifest’s custom properties and parts, each with its description', () => {
    const file = path.join(ROOT, 'public', 'custom-elements.json');
    expect(existsSync(file), `${file} is missing: run \`node scripts/build.mjs\``).toBe(true);
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf(THEMING_START);
    const end = readme.indexOf(THEMING_END);
    expect(start, 'README.md has the theming markers').toBeGreaterThan(0);
    const section = readme.slice(start + THEMING_START.length, end).trim();
    expect(section).toBe(themingSection(manifest));
    // Every custom property of every element and every part of the workbench is named in it.
    const declarations = manifest.modules.flatMap((m: any) => m.declarations ?? []).filter((d: any) => d.tagName);
    const workbench = declarations.find((d: any) => d.tagName === 'kg-workbench');
    for (const d of declarations)
      for (const p of d.cssProperties ?? []) expect(section, `${d.tagName} ${p.name}`).toContain(`\`${p.name}\``);
    for (const p of workbench.cssParts) expect(section).toContain(`| \`${p.name}\` |`);
    expect(workbench.cssProperties.every((p: any) => /\(default[ :]/.test(p.description))).toBe(true);
  });
});
