// The `kg` CLI as a user runs it: `node cli/kg.mjs …` as a child process against a real `wrangler dev` (local D1, R2,
// Durable Objects), no model configured (the built-in extractor and the offline extractive answerer). One server for
// the whole file; each command's exit code, stdout JSON and stderr are checked.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/wrangler.mjs';
import { makeDocx } from '../support/docx-writer';
import { makePdf } from '../support/pdf-writer';
import { newStateDir, removeState, startDev, stopDev, type Dev } from './harness';

const KG = path.join(ROOT, 'cli', 'kg.mjs');
const TEXT = [
  '# Rockets',
  'Alice founded Acme in 2001. Acme makes rockets, therefore Acme needs engineers.',
  'Bob said that rockets may be dangerous. Rockets are vehicles because they carry payloads.',
  'A rocket engine is a machine that burns propellant.',
].join('\n\n');

let dev: Dev | undefined;
let state = '';
let work = '';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function kg(args: string[], input?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, KG_API: dev!.base, KG_CONFIG_DIR: path.join(work, 'config'), KG_API_TOKEN: '' };
    const child = spawn(process.execPath, [KG, ...args], { cwd: work, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

async function kgJson<T = any>(args: string[], input?: string): Promise<{ run: Run; body: T }> {
  const run = await kg([...args, '--json'], input);
  expect(run.code, `kg ${args.join(' ')}: ${run.stderr}`).toBe(0);
  return { run, body: JSON.parse(run.stdout) as T };
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'kg-cli-'));
  writeFileSync(path.join(work, 'rockets.md'), TEXT);
  writeFileSync(path.join(work, 'rockets.pdf'), makePdf([['Acme makes rockets.'], ['Rockets carry payloads.']]));
  writeFileSync(
    path.join(work, 'rockets.docx'),
    makeDocx([{ heading: 1, text: 'Rockets' }, { item: 'Acme builds engines.' }]),
  );
  writeFileSync(path.join(work, 'fake.pdf'), 'not a pdf');
  state = newStateDir();
  dev = await startDev(state, {});
});

afterAll(async () => {
  await stopDev(dev);
  if (state) removeState(state);
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('kg CLI against wrangler dev', () => {
  let documentId = '';

  it('extracts .pdf and .docx files (sent as they are; a PDF unit keeps its page) and refuses a fake PDF', async () => {
    const { body: pdf } = await kgJson(['extract', 'rockets.pdf', '--wait']);
    expect(pdf.file).toMatchObject({ name: 'rockets.pdf', format: 'pdf', pages: 2 });
    expect(pdf.task).toMatchObject({ status: 'succeeded' });
    const units = await (await fetch(`${dev!.base}/api/documents/${pdf.documentId}/units`)).json();
    expect(units.units.map((u: { page?: number; text: string }) => [u.page, u.text])).toEqual([
      [1, 'Acme makes rockets.'],
      [2, 'Rockets carry payloads.'],
    ]);
    const { body: docx } = await kgJson(['extract', 'rockets.docx', '--wait']);
    expect(docx.file).toMatchObject({ format: 'docx' });
    const shown = await kgJson(['show', docx.documentId]);
    expect(shown.body.sections.map((s: { title: string }) => s.title)).toEqual(['Rockets']);
    const fake = await kg(['extract', 'fake.pdf']);
    expect(fake.code).toBe(1);
    expect(fake.stderr).toMatch(/file_type_mismatch/);
  });

  it('extracts a file with --wait (plain progress lines off a terminal), then shows, lists and reports its task', async () => {
    const { run, body } = await kgJson(['extract', 'rockets.md', '--wait']);
    expect(body.task).toMatchObject({ status: 'succeeded', kind: 'extract', revision: 1, model: 'builtin:heuristic' });
    expect(body.writeCapability).toMatch(/^kgw_/);
    documentId = body.documentId;
    // --json keeps stderr quiet; without it, progress goes to stderr as lines (no carriage returns off a TTY).
    expect(run.stderr).toBe('');
    const plain = await kg(
      ['extract', '-', '--wait', '--title', 'From stdin'],
      'Graphs link concepts. A concept is an idea.',
    );
    expect(plain.code).toBe(0);
    expect(plain.stderr).toMatch(/^task_\w+ (queued|running|succeeded) /m);
    expect(plain.stderr).not.toContain('\r');
    expect(plain.stdout).toMatch(/extract succeeded .* revision 1/);

    const shown = await kgJson(['show', documentId]);
    expect(shown.body).toMatchObject({ documentId, title: 'rockets', revision: 1 });
    expect(shown.body.nodeCount).toBeGreaterThan(2);
    const listed = await kgJson(['list']);
    expect(listed.body.map((d: any) => d.title)).toEqual(expect.arrayContaining(['rockets', 'From stdin']));
    const task = await kgJson(['status', body.taskId]);
    expect(task.body).toMatchObject({ taskId: body.taskId, status: 'succeeded' });
  });

  it('estimates an extraction with --estimate and creates nothing', async () => {
    const listed = (await kgJson(['list'])).body.length;
    const { body } = await kgJson(['extract', 'rockets.md', '--estimate']);
    expect(body).toMatchObject({ dryRun: true, model: 'builtin:heuristic', batches: 1, calls: 0, promptChars: 0 });
    const plain = await kg(['extract', 'rockets.md', '--estimate']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('batches 1\ncalls 0');
    expect(plain.stdout).toContain('(estimate');
    expect((await kgJson(['list'])).body.length).toBe(listed);
  });

  it('exports json to stdout and csv to two files', async () => {
    const json = await kg(['export', documentId, '--format', 'json']);
    expect(json.code).toBe(0);
    const file = JSON.parse(json.stdout);
    expect(file).toMatchObject({ format: 'kg-workbench.graph', version: 1, documentId });
    writeFileSync(path.join(work, 'rockets.graph.json'), json.stdout);
    const csv = await kgJson(['export', documentId, '--format', 'csv', '--out', 'rockets']);
    expect(csv.body.files.map((f: any) => f.path)).toEqual(['rockets.nodes.csv', 'rockets.edges.csv']);
    const nodes = readFileSync(path.join(work, 'rockets.nodes.csv'), 'utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
    expect(nodes[0]).toMatch(/^id,type,text,paragraph,quote/);
    expect(nodes.filter(Boolean).length - 1).toBe(file.nodes.length);
    expect(readFileSync(path.join(work, 'rockets.edges.csv'), 'utf8')).toContain('relation');
  });

  it('queries, asks (offline extractive answer with citations) and verifies', async () => {
    const query = await kgJson(['query', documentId, 'Acme', '--limit', '5']);
    expect(query.body.matches.length).toBeGreaterThan(0);
    expect(query.body.sourceUnits[0].text).toContain('Acme');
    const ask = await kgJson(['ask', documentId, 'Who founded Acme?']);
    expect(ask.body).toMatchObject({ status: 'answered', answerer: 'extractive', documentId });
    expect(ask.body.citations[0].quote).toContain('Alice founded Acme');
    const human = await kg(['ask', documentId, 'Who founded Acme?']);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('citations');
    const verify = await kgJson(['verify', documentId]);
    expect(verify.body.report).toMatchObject({ mode: 'quick', documentId, revision: 1 });
  });

  it('lists candidates and sets one accepted with the kept write capability', async () => {
    const listed = await kgJson(['candidates', documentId, '--limit', '5']);
    expect(listed.body.length).toBeGreaterThan(0);
    expect(listed.body.every((c: any) => c.status === 'candidate')).toBe(true);
    const target = listed.body[0];
    const set = await kgJson(['candidates', documentId, '--set', `${target.id}=accepted`]);
    expect(set.body).toEqual({ kind: target.kind, id: target.id, status: 'accepted' });
    const accepted = await kgJson(['candidates', documentId, '--status', 'accepted']);
    expect(accepted.body.map((c: any) => c.id)).toEqual([target.id]);
  });

  it('imports an exported graph file as a new document with the same graph', async () => {
    const original = JSON.parse(readFileSync(path.join(work, 'rockets.graph.json'), 'utf8'));
    const { body } = await kgJson(['import', 'rockets.graph.json', '--title', 'Imported']);
    expect(body).toMatchObject({
      ok: true,
      title: 'Imported',
      nodes: original.nodes.length,
      edges: original.edges.length,
      sameUnits: true,
      skipped: 0,
    });
    const copy = JSON.parse((await kg(['export', body.documentId])).stdout);
    const shape = (g: any) => g.nodes.map((n: any) => `${n.type}|${n.text}|${n.paragraph}|${n.groundingStatus}`).sort();
    expect(shape(copy)).toEqual(shape(original));
    expect(copy.edges.map((e: any) => e.relation).sort()).toEqual(original.edges.map((e: any) => e.relation).sort());
    expect(copy.summary).toBe(original.summary);
  });

  it('round-trips a QA text through export and import: counts, units, quotes and anchors equal', async () => {
    const qa = readFileSync(path.join(ROOT, 'test', 'fixtures', 'qa', 'groundwater.zh.txt'), 'utf8');
    writeFileSync(path.join(work, 'groundwater.md'), qa);
    const extracted = await kgJson(['extract', 'groundwater.md', '--wait']);
    const id = extracted.body.documentId;
    const exported = await kgJson(['export', id, '--format', 'json', '--out', 'groundwater.graph.json']);
    expect(exported.body.files[0].path).toBe('groundwater.graph.json');
    const original = JSON.parse(readFileSync(path.join(work, 'groundwater.graph.json'), 'utf8'));
    expect(original.nodes.length).toBeGreaterThan(10);
    const { body } = await kgJson(['import', 'groundwater.graph.json']);
    expect(body).toMatchObject({ ok: true, sameUnits: true, skipped: 0 });
    const copy = JSON.parse((await kg(['export', body.documentId])).stdout);
    // The concept layer is made again on import (mentions are not imported), and comes out the same.
    for (const key of ['units', 'nodes', 'edges', 'mentions'] as const)
      expect(copy.counts[key], key).toBe(original.counts[key]);
    expect(copy.units.map((u: any) => [u.n, u.kind, u.text])).toEqual(
      original.units.map((u: any) => [u.n, u.kind, u.text]),
    );
    const node = (n: any) => [n.type, n.text, n.paragraph, n.quote, n.groundingStatus].join('|');
    expect(copy.nodes.map(node).sort()).toEqual(original.nodes.map(node).sort());
    const ends = (g: any) => new Map(g.nodes.map((n: any) => [n.id, `${n.type}|${n.text}`]));
    const edge =
      (g: any, m = ends(g)) =>
      (e: any) =>
        [
          m.get(e.fromNodeId),
          e.relation,
          m.get(e.toNodeId),
          e.evidence.map((v: any) => `${v.paragraph}:${v.quote}`).join(';'),
        ].join('|');
    expect(copy.edges.map(edge(copy)).sort()).toEqual(original.edges.map(edge(original)).sort());
    expect(copy.summary).toBe(original.summary);
  });

  it('exports GraphML, Cytoscape.js JSON and Cypher with the same counts as the JSON export', async () => {
    const original = JSON.parse(readFileSync(path.join(work, 'groundwater.graph.json'), 'utf8'));
    const id = original.documentId;
    const graphml = (await kg(['export', id, '--format', 'graphml'])).stdout;
    expect(graphml.match(/<node id=/g)).toHaveLength(original.nodes.length);
    const cyjs = JSON.parse((await kg(['export', id, '--format', 'cytoscape.json'])).stdout);
    expect(cyjs.elements.nodes).toHaveLength(original.nodes.length);
    expect(cyjs.elements.edges.filter((e: any) => e.data.kind === 'relation')).toHaveLength(original.edges.length);
    const written = await kgJson(['export', id, '--format', 'cypher', '--out', 'groundwater.cypher']);
    expect(written.body.files[0].path).toBe('groundwater.cypher');
    const cypher = readFileSync(path.join(work, 'groundwater.cypher'), 'utf8');
    expect(cypher.match(/^CREATE \(:KgNode:/gm)).toHaveLength(original.nodes.length);
  });

  it('exits 2 on usage errors and 1 with the typed error on stderr for a missing document', async () => {
    for (const args of [
      ['frobnicate'],
      ['export', documentId, '--format', 'gif'],
      ['list', '--limit', 'x'],
      ['show'],
      ['extract', 'missing.txt'],
      ['status', 'nope'],
      [],
    ]) {
      const run = await kg(args);
      expect(run.code, `kg ${args.join(' ')}`).toBe(2);
      expect(run.stderr).toMatch(/^\[kg-cli\] /);
      expect(run.stdout).toBe('');
    }
    const missing = await kg(['show', 'no-such-document']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^\[kg-cli\] not_found \(404\): /);
    const missingJson = await kg(['show', 'no-such-document', '--json']);
    expect(missingJson.code).toBe(1);
    expect(JSON.parse(missingJson.stderr)).toMatchObject({ error: { code: 'not_found', status: 404 } });
    const help = await kg(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Exit codes[\s\S]*0 +success[\s\S]*1 +failure[\s\S]*2 +usage/);
    const down = await new Promise<Run>((resolve) =>
      execFile(
        process.execPath,
        [KG, 'list', '--api', 'http://127.0.0.1:9'],
        { env: { ...process.env, KG_CONFIG_DIR: path.join(work, 'config') } },
        (error, stdout, stderr) => resolve({ code: error ? (error as any).code : 0, stdout, stderr }),
      ),
    );
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/^\[kg-cli\] network: /);
  });

  it('opens trace files of the three formats as trace documents (kg trace FILE)', async () => {
    for (const [file, format] of [
      ['openai-chat.json', 'openai'],
      ['anthropic-messages.jsonl', 'anthropic'],
      ['own-events.jsonl', 'events'],
    ] as const) {
      writeFileSync(path.join(work, file), readFileSync(path.join(ROOT, 'test/fixtures/traces', file)));
      const { body } = await kgJson(['trace', file, '--wait']);
      expect(body.file).toEqual({ format });
      expect(body.task).toMatchObject({ status: 'succeeded', kind: 'extract' });
      const events = await kgJson(['show', body.documentId]);
      expect(events.body).toMatchObject({ sourceKind: 'trace', title: file.replace(/\.[^.]+$/, '') });
    }
    writeFileSync(path.join(work, 'broken.jsonl'), '{"role":"user","content":"hi"}\nnot json');
    const broken = await kg(['trace', 'broken.jsonl']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('[kg-cli] invalid_input');
    expect(broken.stderr).toContain('line 2 is not JSON');
  });

  it('draws a progress bar in place on a terminal', async () => {
    const { Client } = await import('../../cli/lib/client.mjs');
    const { followTask } = await import('../../cli/lib/progress.mjs');
    const created = await kgJson(['extract', '-'], 'Graphs link concepts. A concept is an idea.');
    let written = '';
    const write = (s: string) => {
      written += s;
      return true;
    };
    const stderr = { isTTY: true, write } as unknown as NodeJS.WriteStream;
    const task = await followTask(new Client(dev!.base, undefined), created.body.taskId, { stderr });
    expect(task.status).toBe('succeeded');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the bar redraws itself with the terminal's erase-line escape (ESC [2K).
    expect(written).toMatch(/\r\x1b\[2K\[#{24}\] 100% extract done/);
    expect(written.endsWith('\n')).toBe(true);
  });

  it.skipIf(!existsSync(process.env.KG_CHROMIUM || '/usr/bin/chromium'))(
    'renders a PNG of the graph in Chromium',
    async () => {
      const png = await kgJson(['export', documentId, '--format', 'png', '--out', 'rockets.png']);
      expect(png.body.files[0].path).toBe('rockets.png');
      const bytes = readFileSync(path.join(work, 'rockets.png'));
      expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect(bytes.length).toBeGreaterThan(5_000);
    },
  );
});
