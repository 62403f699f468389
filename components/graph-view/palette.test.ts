// The colour palette has one home (components/shared/palette.ts): the graph view's defaults are built from it, and
// the documented defaults of the public custom properties (the custom-elements manifest reads them) match it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_TYPES } from '../../core/schema/vocabulary';
import { DARK, LIGHT, paletteDeclarations } from './palette';
import { THEME_COLOURS, TYPE_COLOURS, typeDeclarations, typeProperty, typeRules } from '../shared/palette';

const docs = readFileSync(new URL('./graph-view.component.ts', import.meta.url), 'utf8');

describe('one colour palette', () => {
  it('gives the graph view the same type and interface colours as the workbench theme', () => {
    expect(LIGHT.types).toEqual(TYPE_COLOURS.light);
    expect(DARK.types).toEqual(TYPE_COLOURS.dark);
    for (const key of ['bg', 'fg', 'muted', 'border', 'focus'] as const) {
      expect(LIGHT[key]).toBe(THEME_COLOURS.light[key]);
      expect(DARK[key]).toBe(THEME_COLOURS.dark[key]);
    }
  });

  it('binds every type to one private variable under its public property, in the graph and the workbench alike', () => {
    const graph = paletteDeclarations(LIGHT);
    const workbench = typeDeclarations('light');
    for (const t of NODE_TYPES) {
      const line = `--_type-${t.replace('_', '-')}: var(${typeProperty(t)}, ${TYPE_COLOURS.light[t]});`;
      expect(graph).toContain(line);
      expect(workbench).toContain(line);
    }
    expect(typeRules(['.badge'])).toContain(
      `.badge[data-type='counter_example'] { --_type: var(--_type-counter-example); }`,
    );
  });

  it('documents the defaults it uses', () => {
    for (const t of NODE_TYPES) {
      expect(docs).toContain(`${typeProperty(t)} - `);
      expect(docs).toMatch(
        new RegExp(`${typeProperty(t)} - [^\\n]*default ${TYPE_COLOURS.light[t]} light, ${TYPE_COLOURS.dark[t]} dark`),
      );
    }
    expect(docs).toContain(
      `--kg-graph-border - Borders of the toolbar, legend and chips (default ${THEME_COLOURS.light.border} light, ${THEME_COLOURS.dark.border} dark)`,
    );
  });
});
