// The npm package as a user gets it: `npm pack` of dist/npm (written by scripts/build.mjs), the tarball installed into
// an empty project (offline: the package has no dependencies), its entries resolved by Node through the package's
// `exports` map, its types checked by tsc from that project, and the component rendered in Chromium from the
// project's node_modules served by a tiny static server (an import map names what Node resolved).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cdnPath } from '../../scripts/lib/cdn-file.mjs';
import { ROOT } from '../../scripts/lib/wrangler.mjs';
import { useBrowser } from '../support/browser';
import { drawnNodeIds, graphNodes } from './workbench-helpers';

const PKG = path.join(ROOT, 'dist', 'npm');
const GRAPH = path.join(ROOT, 'demo', 'examples', 'knowledge-graphs.graph.json');
const browser = useBrowser();
let project: string;
let server: Server;
let baseUrl: string;
let packed: string[] = [];
const resolved: Record<string, string> = {};
const resolvedInNode: Record<string, string> = {};

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
} as Record<string, string>;

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>npm</title>
<script type="importmap">${JSON.stringify({ imports: resolved })}</script></head><body>${body}</body></html>`;
}

beforeAll(async () => {
  if (!existsSync(path.join(PKG, 'package.json')))
    throw new Error('dist/npm is missing: run `node scripts/build.mjs` first');
  project = mkdtempSync(path.join(tmpdir(), 'kg-npm-'));
  const npm = (args: string[]) =>
    execFileSync('npm', args, { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [info] = JSON.parse(npm(['pack', PKG, '--json', '--pack-destination', project])) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  packed = info.files.map((f) => f.path);
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  npm(['install', path.join(project, info.filename), '--offline', '--no-audit', '--no-fund', '--ignore-scripts']);
  // Resolve the entries the way a bundler building for the browser does (the `browser` condition of `exports`), from
  // inside the project; and the way Node alone does (a docs tool rendering pages: the `node` build).
  const resolve = (specifier: string, conditions: string[]) => {
    const url = execFileSync(
      process.execPath,
      [...conditions, '--input-type=module', '-e', `console.log(import.meta.resolve(${JSON.stringify(specifier)}))`],
      { cwd: project, encoding: 'utf8' },
    ).trim();
    return `/${path.relative(project, fileURLToPath(url)).split(path.sep).join('/')}`;
  };
  for (const specifier of ['kg-workbench', 'kg-workbench/elements', 'kg-workbench/graph.schema.json']) {
    resolved[specifier] = resolve(specifier, ['--conditions=browser']);
    resolvedInNode[specifier] = resolve(specifier, []);
  }
  copyFileSync(GRAPH, path.join(project, 'graph.json'));
  writeFileSync(
    path.join(project, 'index.html'),
    page(`<script type="module">import 'kg-workbench';</script>
<kg-workbench src="/graph.json" style="display:block;height:700px"></kg-workbench>`),
  );
  writeFileSync(
    path.join(project, 'elements.html'),
    page(`<script type="module">
import { KgWorkbench, defineElements, declaredTags } from 'kg-workbench/elements';
window.__before = { workbench: !!customElements.get('kg-workbench'), graphView: !!customElements.get('kg-graph-view'), tags: declaredTags() };
window.__define = async () => {
  defineElements();
  const same = customElements.get('kg-workbench') === KgWorkbench;
  // The registering entry shares the classes: importing it after defineElements() changes nothing.
  await import('kg-workbench');
  return { same, stillSame: customElements.get('kg-workbench') === KgWorkbench, graphView: !!customElements.get('kg-graph-view') };
};
window.__ready = true;
</script>`),
  );
  server = createServer((req, res) => {
    const file = path.join(project, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(project) || !existsSync(file) || !path.extname(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': `${TYPES[path.extname(file)] ?? 'application/octet-stream'}; charset=utf-8` });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => {
  server?.close();
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('the npm package kg-workbench', () => {
  it('packs only what users need, and its exports map names files that exist', () => {
    expect(packed).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'CHANGELOG.md',
        'kg-workbench.js',
        'elements.js',
        'node/kg-workbench.js',
        'node/elements.js',
        'kg-workbench.d.ts',
        'custom-elements.json',
        'graph.schema.json',
        'LICENSE',
        'THIRD_PARTY_NOTICES.txt',
      ]),
    );
    expect(
      packed.filter(
        (f) =>
          !/^(package\.json|README\.md|CHANGELOG\.md|LICENSE|THIRD_PARTY_NOTICES\.txt|kg-workbench\.(js|d\.ts)|elements\.js|[\w-]+\.js\.map|custom-elements\.json|graph\.schema\.json|chunks\/[\w-]+\.js(\.map)?|node\/(kg-workbench|elements)\.js|node\/chunks\/[\w-]+\.js)$/.test(
            f,
          ),
      ),
    ).toEqual([]);
    expect(resolved).toEqual({
      'kg-workbench': '/node_modules/kg-workbench/kg-workbench.js',
      'kg-workbench/elements': '/node_modules/kg-workbench/elements.js',
      'kg-workbench/graph.schema.json': '/node_modules/kg-workbench/graph.schema.json',
    });
    expect(resolvedInNode).toEqual({
      'kg-workbench': '/node_modules/kg-workbench/node/kg-workbench.js',
      'kg-workbench/elements': '/node_modules/kg-workbench/node/elements.js',
      'kg-workbench/graph.schema.json': '/node_modules/kg-workbench/graph.schema.json',
    });
    const pkg = JSON.parse(readFileSync(path.join(project, 'node_modules', 'kg-workbench', 'package.json'), 'utf8'));
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
    expect(pkg.dependencies ?? {}).toEqual({});
    const manifest = JSON.parse(
      readFileSync(path.join(project, 'node_modules', 'kg-workbench', 'custom-elements.json'), 'utf8'),
    );
    const tags = manifest.modules.flatMap((m: { exports: Array<{ kind: string; name: string }> }) =>
      m.exports.filter((e) => e.kind === 'custom-element-definition').map((e) => e.name),
    );
    expect(tags).toEqual(expect.arrayContaining(['kg-workbench', 'kg-graph-view']));
  });

  it('type-checks a consumer of both entries against the packed types', () => {
    writeFileSync(
      path.join(project, 'consumer.ts'),
      `import 'kg-workbench';
import { KgWorkbench, defineElements, type KgNode } from 'kg-workbench/elements';
defineElements();
const el: KgWorkbench = document.createElement('kg-workbench');
el.src = '/graph.json';
el.addEventListener('kg-node-select', (e) => { const node: KgNode | null = e.detail.node; void node; });
// @ts-expect-error: the types know the attribute's values
el.theme = 'blue';
`,
    );
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2022', 'DOM'],
          strict: true,
          noEmit: true,
          types: [],
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', project], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('renders <kg-workbench> from the installed package with a static graph', async () => {
    const { page } = browser;
    const graph = JSON.parse(readFileSync(GRAPH, 'utf8')) as { nodes: Array<{ id: string }> };
    await page.goto(`${baseUrl}/index.html`);
    await graphNodes(page).first().waitFor();
    expect((await drawnNodeIds(page)).sort()).toEqual(graph.nodes.map((n) => n.id).sort());
    expect(browser.errors).toEqual([]);
  });

  it('the CDN single file renders on another origin, pinned by its Subresource Integrity hash', async () => {
    // The Worker of this test run (global-setup) serves public/, where the build wrote the file.
    const worker = inject('baseUrl');
    const { version } = JSON.parse(readFileSync(path.join(PKG, 'package.json'), 'utf8')) as { version: string };
    const code = readFileSync(path.join(ROOT, 'public', cdnPath(version)));
    const integrity = `sha384-${createHash('sha384').update(code).digest('base64')}`;
    const cdnPage = (
      hash: string,
    ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>cdn</title>
<script type="module" src="${worker}/${cdnPath(version)}" integrity="${hash}" crossorigin="anonymous"></script></head>
<body><kg-workbench src="/graph.json" style="display:block;height:700px"></kg-workbench></body></html>`;
    writeFileSync(path.join(project, 'cdn.html'), cdnPage(integrity));
    const requests: string[] = [];
    const { page } = browser;
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${baseUrl}/cdn.html`);
    await graphNodes(page)
      .first()
      .waitFor({ timeout: 30_000 })
      .catch((e: Error) => {
        throw new Error(`${e.message}\n${browser.errors.join('\n')}`);
      });
    // One file: no chunk requested from the Worker.
    expect(requests.filter((u) => u.startsWith(worker))).toEqual([`${worker}/${cdnPath(version)}`]);
    expect(browser.errors).toEqual([]);
    // A wrong hash blocks the script.
    writeFileSync(
      path.join(project, 'cdn.html'),
      cdnPage(`sha384-${createHash('sha384').update('other').digest('base64')}`),
    );
    await page.goto(`${baseUrl}/cdn.html`);
    await expect.poll(() => browser.errors.join('\n')).toMatch(/integrity/i);
    expect(await page.evaluate(() => !!customElements.get('kg-workbench'))).toBe(false);
    browser.errors.length = 0;
  });

  it('kg-workbench/elements exports the classes and registers nothing until defineElements()', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/elements.html`);
    await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true);
    const before = await page.evaluate(
      () => (window as unknown as { __before: { workbench: boolean; graphView: boolean; tags: string[] } }).__before,
    );
    expect(before.workbench).toBe(false);
    expect(before.graphView).toBe(false);
    expect(before.tags).toEqual(expect.arrayContaining(['kg-workbench', 'kg-graph-view']));
    const after = await page.evaluate(() =>
      (window as unknown as { __define: () => Promise<Record<string, boolean>> }).__define(),
    );
    expect(after).toEqual({ same: true, stillSame: true, graphView: true });
    expect(browser.errors).toEqual([]);
  });
});
