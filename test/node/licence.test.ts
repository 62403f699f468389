// The licence (MIT: LICENSE, both package.json files, the npm package, the CDN file's header) and the generated
// THIRD_PARTY_NOTICES.txt (scripts/lib/notices.mjs, written by `npm run build` into public/ and dist/npm/): it names
// every package the builds bundle, with its licence, its outputs and its licence text, and says where ELK (EPL-2.0)
// is bundled and what that asks of a deployer. Needs `npm run build` first (as cdn-readme.test.ts does).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { cdnBundleOptions } from '../../scripts/lib/bundle-options.mjs';
import { cdnPath } from '../../scripts/lib/cdn-file.mjs';
import { bundledPackageDirs, NOTICES_FILE, noticesText, workerMetafile } from '../../scripts/lib/notices.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (...parts: string[]) => readFileSync(path.join(ROOT, ...parts), 'utf8');
const pkg = JSON.parse(read('package.json'));
const notices = read('public', NOTICES_FILE);

/** The summary line of a package: "name version, licence, outputs". */
const line = (name: string) => notices.split('\n').find((l) => l.startsWith(`  ${name} `));

describe('the licence', () => {
  it('is MIT at the root, in both package.json files and in the npm package', () => {
    expect(read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 the kg-workbench contributors\n/);
    expect(read('LICENSE')).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
    expect(pkg.license).toBe('MIT');
    expect(JSON.parse(read('integrations', 'dsh', 'package.json')).license).toBe('MIT');
    const npmPkg = JSON.parse(read('dist', 'npm', 'package.json'));
    expect(npmPkg.license).toBe('MIT');
    expect(npmPkg.files).toContain(NOTICES_FILE);
    expect(read('dist', 'npm', 'LICENSE')).toBe(read('LICENSE'));
    expect(read('dist', 'npm', NOTICES_FILE)).toBe(notices);
  });

  it('packs LICENSE and the notices into the npm tarball', () => {
    const out = execFileSync('npm', ['pack', path.join(ROOT, 'dist', 'npm'), '--dry-run', '--json'], {
      cwd: mkdtempSync(path.join(tmpdir(), 'kg-pack-')),
      encoding: 'utf8',
      env: { ...process.env, npm_config_loglevel: 'silent' },
    });
    const files = (JSON.parse(out)[0].files as Array<{ path: string }>).map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(['LICENSE', NOTICES_FILE, 'package.json']));
  });

  it('heads the CDN file', () => {
    const cdn = read('public', cdnPath(pkg.version));
    expect(cdn.startsWith(`/*! kg-workbench ${pkg.version} | MIT License | Copyright (c) 2026`)).toBe(true);
    expect(cdn.split('\n')[0]).toContain(`/${NOTICES_FILE}`);
  });
});

describe('THIRD_PARTY_NOTICES.txt', () => {
  it('lists the bundled packages with their licences and outputs, ELK in the Worker only', () => {
    expect(notices).toMatch(new RegExp(`^kg-workbench ${pkg.version}: third-party notices\n`));
    expect(line('elkjs')).toBe('  elkjs 0.12.1, EPL-2.0 OR GPL-3.0-or-later, worker');
    expect(line('lit')).toBe('  lit 3.3.3, BSD-3-Clause, browser cdn npm');
    expect(line('lit-html')).toMatch(/, BSD-3-Clause, browser cdn npm$/);
    expect(line('d3-force')).toBe('  d3-force 3.0.1, ISC, browser cdn npm');
    expect(line('hono')).toBe('  hono 4.13.19, MIT, worker');
    expect(line('zod')).toBe('  zod 4.6.7, MIT, worker');
    expect(line('drizzle-orm')).toBe('  drizzle-orm 0.45.4, Apache-2.0, worker');
    // What ELK's licence asks, and its text.
    expect(notices).toContain('kg-workbench uses it\nunder EPL-2.0. Where it is bundled: only into the Worker');
    expect(notices).toContain('running the Worker as a service is not distribution');
    expect(notices).toContain("license any change you make to ELK's own files under EPL-2.0");
    expect(notices).toContain('# Eclipse Public License - v 2.0');
    // Licence texts follow, lit's among them.
    expect(notices).toMatch(
      /lit 3\.3\.3\nLicence: BSD-3-Clause\nBundled into: browser, cdn, npm\n[\s\S]*?--- LICENSE ---\nBSD 3-Clause License/,
    );
    // Dev-only packages are not shipped, so not listed.
    for (const dev of ['cytoscape', 'vitest', 'graphology', '@neo4j-cypher/language-support', 'esbuild'])
      expect(line(dev)).toBeUndefined();
  });

  it('names every package the CDN file and the Worker bundle (checked against fresh esbuild metafiles)', async () => {
    const cdn = await build({
      ...cdnBundleOptions(ROOT),
      outfile: path.join(tmpdir(), 'kg-cdn-check.js'),
      write: false,
      metafile: true,
      logLevel: 'warning',
    });
    const names = (metafile: { inputs: Record<string, unknown> }) =>
      [...bundledPackageDirs(ROOT, metafile)].map(
        (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name as string,
      );
    const cdnNames = names(cdn.metafile);
    expect(cdnNames).toEqual(expect.arrayContaining(['lit', 'd3-force']));
    for (const name of cdnNames) expect(line(name), name).toMatch(/ cdn/);
    const workerNames = names(await workerMetafile(ROOT));
    expect(workerNames).toContain('elkjs');
    for (const name of workerNames) expect(line(name), name).toMatch(/ worker$/);
  });

  it('refuses to write a notice for a bundled package that declares no licence', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'kg-notices-'));
    try {
      mkdirSync(path.join(root, 'node_modules', 'mystery'), { recursive: true });
      writeFileSync(path.join(root, 'node_modules', 'mystery', 'package.json'), '{"name":"mystery","version":"1.0.0"}');
      const metafile = { inputs: { 'node_modules/mystery/index.js': {} } };
      expect(() => noticesText(root, '0.0.0', { browser: [metafile] })).toThrow(
        /mystery@1\.0\.0 .*declares no licence/,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
