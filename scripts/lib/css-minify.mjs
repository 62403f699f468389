// An esbuild plugin that shrinks the CSS inside Lit's css`…` templates of the components (esbuild minifies the
// JavaScript around them but leaves template text as written): comments go, runs of whitespace become one space,
// and the space next to { } ; , and > goes. Only the template's CSS text is touched: its ${…} parts and any quoted
// CSS string inside it (content: "…", [aria-current='true']) pass through as written.
import { readFile } from 'node:fs/promises';

const CSS_TEMPLATE = /\bcss`((?:[^`\\]|\\.)*)`/g;
/** Interpolations and quoted strings: kept as they are (odd indices after the split). */
const KEPT = /(\$\{[^}]*\}|'[^'\n]*'|"[^"\n]*")/;

export function minifyCssText(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/;}/g, '}');
}

export function minifyTemplate(body) {
  return body
    .split(KEPT)
    .map((part, i) => (i % 2 === 1 ? part : minifyCssText(part)))
    .join('');
}

export const cssMinify = {
  name: 'lit-css-minify',
  setup(b) {
    b.onLoad({ filter: /[\\/]components[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('css`')) return undefined;
      return { contents: source.replace(CSS_TEMPLATE, (_, body) => `css\`${minifyTemplate(body)}\``), loader: 'ts' };
    });
  },
};
