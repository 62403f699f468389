// The README's theming section (between the theming markers), written from the custom-elements manifest so it
// lists every `--kg-*` custom property with its default and every `::part` of the public elements, as the
// components' own JSDoc (@cssproperty, @csspart) declares them. `npm run readme:theming` writes it;
// test/node/readme-theming.test.ts fails while README and manifest disagree.

export const THEMING_START =
  '<!-- theming: written by `npm run readme:theming` from custom-elements.json; do not edit -->';
export const THEMING_END = '<!-- /theming -->';

/** The elements a page places itself; custom properties of inner elements inherit through the workbench. */
const PUBLIC = ['kg-workbench', 'kg-graph-view', 'kg-insights-panel'];

const cell = (text) =>
  String(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\s+/g, ' ')
    .trim();

/** Markdown for the manifest: per element, a table of its custom properties and one of its parts. */
export function themingSection(manifest) {
  const declarations = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName);
  const byTag = new Map(declarations.map((d) => [d.tagName, d]));
  const inner = declarations.filter((d) => !PUBLIC.includes(d.tagName) && (d.cssProperties ?? []).length);
  const lines = [];
  for (const tag of [...PUBLIC, ...inner.map((d) => d.tagName)]) {
    const d = byTag.get(tag);
    if (!d) continue;
    const props = d.cssProperties ?? [];
    const parts = PUBLIC.includes(tag) ? (d.cssParts ?? []) : [];
    if (!props.length && !parts.length) continue;
    if (lines.length && lines.at(-1) !== '') lines.push('');
    lines.push(
      `**\`<${tag}>\`**${PUBLIC.includes(tag) ? '' : ' (inside the workbench; set on `kg-workbench`, they inherit)'}`,
      '',
    );
    if (props.length) {
      lines.push('| Custom property | What it sets (default) |', '|---|---|');
      for (const p of props) lines.push(`| \`${p.name}\` | ${cell(p.description)} |`);
      lines.push('');
    }
    if (parts.length) {
      lines.push('| `::part()` | What it is |', '|---|---|');
      for (const p of parts) lines.push(`| \`${p.name}\` | ${cell(p.description)} |`);
      lines.push('');
    }
  }
  return lines.join('\n').trim();
}
