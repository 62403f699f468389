// The frozen quality gate's runner (`npm run qa`, and test/node/qa-gate.test.ts through the same function): reads
// every cases file of test/fixtures/qa, checks that its frozen source text is unchanged (length and SHA-256), makes
// a graph of it and scores the graph (core/qa). Where the graph comes from:
//   builtin (default)  core/units segment + the extraction pipeline (core/extract runPipeline) with builtin:heuristic,
//                      in this process: the same code the Worker runs for a document without a model;
//   api                a running Worker (`--api URL`, optional `--model ID`): POST /api/documents, wait for the task,
//                      read the JSON export, i.e. the model path exactly as users get it;
//   env                KG_MODELS or KG_LLM_BASE_URL set (the Worker's own variables): a local `wrangler dev` is
//                      started with them and used as `api` with the default model;
//   graph              `--graph FILE` (one cases file): score a graph JSON ({nodes, edges}) as it is.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHeuristicExtractor, HEURISTIC_EXTRACTOR_ID } from '../../core/extractors/heuristic';
import { runPipeline } from '../../core/extract/pipeline';
import { QaCasesFileSchema, type QaBaselineEntry, type QaCasesFile } from '../../core/qa/cases';
import { checkQaGate, type GateVerdict } from '../../core/qa/gate';
import { scoreGraph, type QaGraph, type QaScore } from '../../core/qa/score';
import { segment } from '../../core/units';
import { systemScheduler } from '../../test/support/scheduler';

export const QA_DIR = fileURLToPath(new URL('../../test/fixtures/qa/', import.meta.url));
export const BASELINE_FILE = path.join(QA_DIR, 'baseline.json');

export interface QaSet {
  /** The cases file's name without `.cases.json`, e.g. "wetlands.en". */
  name: string;
  cases: QaCasesFile;
  text: string;
}

export interface QaSetRun {
  name: string;
  lang: 'en' | 'zh';
  score: QaScore;
  verdict: GateVerdict;
  baseline?: QaBaselineEntry;
}

export interface QaRun {
  /** Which extractor made the graphs: builtin:heuristic, or the model id the Worker used. */
  extractor: string;
  sets: QaSetRun[];
  ok: boolean;
}

/** Baseline file: per extractor id, per set. Only the built-in extractor's is frozen in the repository. */
export type QaBaseline = Record<string, Record<string, QaBaselineEntry>>;

export function loadSets(dir = QA_DIR): QaSet[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.cases.json'))
    .sort()
    .map((f) => {
      const cases = QaCasesFileSchema.parse(JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
      const text = readFileSync(path.join(dir, cases.source.file), 'utf8');
      const sha256 = createHash('sha256').update(text, 'utf8').digest('hex');
      // A changed text would make every score meaningless: refuse it instead of printing a misleading figure.
      if (text.length !== cases.source.chars || sha256 !== cases.source.sha256) {
        throw new Error(
          `frozen_source_mismatch: ${cases.source.file} has ${text.length} chars / sha256 ${sha256}, the cases expect ${cases.source.chars} / ${cases.source.sha256}`,
        );
      }
      return { name: f.slice(0, -'.cases.json'.length), cases, text };
    });
}

export function readBaseline(file = BASELINE_FILE): QaBaseline {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as QaBaseline;
  } catch {
    return {};
  }
}

/** The built-in extractor's graph of a text, through the same pipeline (segment → batches → gate → merge) as the Worker. */
export async function builtinGraph(set: QaSet): Promise<QaGraph> {
  const { units } = segment(set.text);
  const result = await runPipeline({
    documentId: `qa-${set.name}`,
    sourceId: `qa-${set.name}`,
    title: set.cases.source.title,
    units,
    extractor: createHeuristicExtractor(),
    concurrency: 1,
    scheduler: systemScheduler,
  });
  return result.graph;
}

/** A running Worker's graph of a text: POST /api/documents, poll the task, read the JSON export. */
export async function apiGraph(
  base: string,
  set: QaSet,
  model?: string,
): Promise<{ graph: QaGraph; extractor: string }> {
  const created = await fetchJson<{ taskId: string; documentId: string; writeCapability?: string }>(
    `${base}/api/documents`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: set.cases.source.title, text: set.text, ...(model ? { model } : {}) }),
    },
  );
  const auth: Record<string, string> = created.writeCapability
    ? { authorization: `Bearer ${created.writeCapability}` }
    : {};
  let task: { status: string; error?: unknown; model?: string };
  const deadline = Date.now() + 30 * 60_000;
  do {
    await new Promise((r) => setTimeout(r, 200));
    task = await fetchJson<typeof task>(`${base}/api/tasks/${created.taskId}`, { headers: auth });
    if (Date.now() > deadline) throw new Error(`qa: the task of ${set.name} did not finish in 30 minutes`);
  } while (task.status === 'queued' || task.status === 'running');
  if (task.status !== 'succeeded')
    throw new Error(`qa: the task of ${set.name} ended ${task.status}: ${JSON.stringify(task.error ?? null)}`);
  const graph = await fetchJson<QaGraph>(`${base}/api/documents/${created.documentId}/export?format=json`, {
    headers: auth,
  });
  const doc = await fetchJson<{ generationAudit?: { extractor?: string } }>(
    `${base}/api/documents/${created.documentId}`,
    { headers: auth },
  );
  return {
    graph: { nodes: graph.nodes, edges: graph.edges },
    extractor: String(doc.generationAudit?.extractor ?? task.model ?? model ?? 'api'),
  };
}

async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const body = await res.text();
  if (!res.ok) throw new Error(`qa: ${init?.method ?? 'GET'} ${url} → ${res.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as T;
}

export interface QaOptions {
  /** Where graphs come from (see the file header); default builtin. */
  source?: { kind: 'builtin' } | { kind: 'api'; base: string; model?: string } | { kind: 'graph'; file: string };
  dir?: string;
  baselineFile?: string;
  /** Write this run's results as the extractor's frozen baseline. */
  freeze?: boolean;
}

export async function runQa(options: QaOptions = {}): Promise<QaRun> {
  const source = options.source ?? { kind: 'builtin' };
  const sets = loadSets(options.dir);
  if (source.kind === 'graph' && sets.length !== 1)
    throw new Error('qa: --graph scores one cases file; name it with --cases');
  const baselineFile = options.baselineFile ?? BASELINE_FILE;
  const baseline = readBaseline(baselineFile);
  let extractor = source.kind === 'builtin' ? HEURISTIC_EXTRACTOR_ID : source.kind === 'graph' ? 'graph-file' : 'api';
  const runs: QaSetRun[] = [];
  for (const set of sets) {
    let graph: QaGraph;
    if (source.kind === 'builtin') graph = await builtinGraph(set);
    else if (source.kind === 'graph') graph = JSON.parse(readFileSync(source.file, 'utf8')) as QaGraph;
    else ({ graph, extractor } = await apiGraph(source.base, set, source.model));
    const score = scoreGraph(graph, set.cases.cases);
    const frozen = baseline[extractor]?.[set.name];
    runs.push({
      name: set.name,
      lang: set.cases.source.lang,
      score,
      verdict: checkQaGate(score, set.cases.gate, frozen),
      baseline: frozen,
    });
  }
  if (options.freeze) {
    baseline[extractor] = Object.fromEntries(
      runs.map((r) => [
        r.name,
        {
          passed: r.score.passed,
          total: r.score.total,
          score: r.score.score,
          nodes: r.score.nodes,
          edges: r.score.edges,
          passedIds: r.score.results.filter((c) => c.passed).map((c) => c.id),
        },
      ]),
    );
    writeFileSync(baselineFile, `${JSON.stringify(baseline, null, 2)}\n`);
  }
  return { extractor, sets: runs, ok: runs.every((r) => r.verdict.ok) };
}

/** The printed report: one block per set, failed cases with the reason, the gate's verdict. */
export function formatQa(run: QaRun, verbose = false): string {
  const lines = [`QA gate — extractor ${run.extractor}`];
  for (const s of run.sets) {
    const b = s.baseline ? ` (baseline ${s.baseline.passed}/${s.baseline.total}, ${s.baseline.score})` : '';
    lines.push(
      `${s.name} [${s.lang}]: ${s.score.passed}/${s.score.total} passed, score ${s.score.score}, ${s.score.nodes} nodes, ${s.score.edges} edges${b} — ${s.verdict.ok ? 'gate ok' : 'GATE FAILED'}`,
    );
    for (const f of s.verdict.failures) lines.push(`  gate: ${f}`);
    if (s.verdict.lost.length) lines.push(`  lost against the baseline: ${s.verdict.lost.join(', ')}`);
    for (const r of s.score.results)
      if (verbose || !r.passed) lines.push(`  ${r.passed ? 'pass' : 'FAIL'} ${r.id} (${r.kind}): ${r.detail}`);
  }
  lines.push(run.ok ? 'QA gate: ok' : 'QA gate: FAILED');
  return lines.join('\n');
}
