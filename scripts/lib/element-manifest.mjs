// custom-elements.json from the JSDoc headers of the elements (@summary, @attr, @event, @csspart, @cssproperty), by
// the custom-elements-manifest analyzer. Elements declare their tags through components/register.ts
// (`declareElement('kg-x', KgX)`), a call the analyzer does not know, so the tags are added here: each declared class
// gets its tagName, and the declaring module a custom-element-definition export, as a customElements.define would.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const DECLARE = /declareElement\(\s*'(kg-[a-z0-9-]+)'\s*,\s*(\w+)\s*\)/g;

export function elementManifest(root, staging) {
  const cem = path.join(root, 'node_modules', '.bin', 'cem');
  const outdir = path.relative(root, staging);
  const args = [
    'analyze',
    '--globs',
    'components/**/*.ts',
    '--exclude',
    'components/**/*.test.ts',
    '--exclude',
    'components/**/*.check.ts',
    '--litelement',
    '--outdir',
    outdir,
  ];
  const result = spawnSync(cem, args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`custom-elements-manifest analyzer failed\n${result.stdout}${result.stderr}`);
  const manifest = JSON.parse(readFileSync(path.join(staging, 'custom-elements.json'), 'utf8'));
  addDeclaredTags(root, manifest);
  return Buffer.from(`${JSON.stringify(elementsOnly(manifest))}\n`);
}

/**
 * What an embedder's tools need: the modules that hold custom elements, their element classes and public members
 * (the analyzer lists every module of components/ with every private field: 570 KB, against about 85 KB).
 */
export function elementsOnly(manifest) {
  const modules = [];
  for (const mod of manifest.modules) {
    const declarations = (mod.declarations ?? []).filter((d) => d.customElement);
    if (declarations.length === 0) continue;
    const names = new Set(declarations.map((d) => d.name));
    modules.push({
      ...mod,
      declarations: declarations.map((d) => ({
        ...d,
        members: (d.members ?? []).filter((m) => (m.privacy ?? 'public') === 'public' && !m.static),
      })),
      exports: (mod.exports ?? []).filter((e) => names.has(e.declaration?.name)),
    });
  }
  // A custom-element-definition written for a module that only declares the tag (graph-view.ts for the class of
  // graph-view.component.ts) moves to the module of the class.
  const kept = new Set(modules.map((m) => m.path));
  for (const mod of manifest.modules) {
    if (kept.has(mod.path)) continue;
    for (const e of mod.exports ?? []) {
      if (e.kind !== 'custom-element-definition') continue;
      const target = modules.find((m) => m.path === e.declaration.module);
      if (target && !target.exports.some((x) => x.kind === e.kind && x.name === e.name)) target.exports.push(e);
    }
  }
  return { ...manifest, modules };
}

/** Sets tagName on every class a module declares with declareElement; returns the tags it found. */
export function addDeclaredTags(root, manifest) {
  const classes = new Map();
  for (const mod of manifest.modules)
    for (const d of mod.declarations ?? []) if (d.kind === 'class') classes.set(d.name, { mod, d });
  const tags = [];
  for (const mod of manifest.modules) {
    const source = readFileSync(path.join(root, mod.path), 'utf8');
    for (const [, tag, name] of source.matchAll(DECLARE)) {
      const found = classes.get(name);
      if (!found) throw new Error(`${mod.path} declares <${tag}> with ${name}, a class the manifest does not list`);
      Object.assign(found.d, { tagName: tag, customElement: true });
      mod.exports = (mod.exports ?? []).filter((e) => !(e.kind === 'custom-element-definition' && e.name === tag));
      mod.exports.push({ kind: 'custom-element-definition', name: tag, declaration: { name, module: found.mod.path } });
      tags.push(tag);
    }
  }
  return tags;
}
