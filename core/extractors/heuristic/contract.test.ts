// The output contract over real and generated input (segmented by core/units): verbatim quotes, cue words inside
// edge quotes, ids in document order, wire-schema validity, determinism, hedges kept, and the Extractor wrapper.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WireBatchSchema, type ContentUnit } from '../../schema';
import { runPipeline } from '../../extract/pipeline';
import { segment } from '../../units';
import { mineEssays } from '../../../test/support/fixtures';
import { systemScheduler } from '../../../test/support/scheduler';
import { createHeuristicExtractor, extractUnits } from './index';
import { contractProblems } from './self-check';
import { seededRandom } from '../../../test/support/random';

const ESSAYS = mineEssays();

const MIXED = [
  '# 第一章 概述',
  '所谓知识图谱，是指一种用图结构表示知识的方法。因为数据量增长，所以我们需要自动抽取。例如，新闻文本可以转换为图。',
  'A knowledge graph is a kind of semantic network. It may contain millions of facts, but most are never queried.',
  '- Every node must cite a verbatim quote.\n- Edges should carry a cue word.',
  '| Year | Documents |\n|------|-----------|\n| 2023 | 1200 |\n| 2024 | 3400 |',
  '```ts\nconst graph = build(text);\n```',
  '> In order to stay grounded, the extractor never invents text. Therefore, every quote is a slice of its unit.',
  '然而，启发式方法可能漏掉隐含关系。系统包括分段、抽取和校验三个阶段。为了保证确定性，输出不依赖随机数。',
].join('\n\n');

function generated(chars: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < chars; i++) {
    const block = MIXED.replace('2023', String(1900 + (i % 120)));
    parts.push(block);
    size += block.length + 2;
  }
  return parts.join('\n\n');
}

describe('heuristic output contract', () => {
  it('holds on all 105 MINE essays', () => {
    let nodes = 0;
    let edges = 0;
    let crossUnit = 0;
    for (const essay of ESSAYS) {
      const { units } = segment(essay.content);
      const batch = extractUnits(units);
      expect(contractProblems(batch, units), essay.topic).toEqual([]);
      expect(WireBatchSchema.safeParse(batch).success).toBe(true);
      nodes += batch.nodes.length;
      edges += batch.edges.length;
      const unitOf = new Map(batch.nodes.map((n) => [n.id, n.paragraph]));
      crossUnit += batch.edges.filter((e) => unitOf.get(e.fromNodeId) !== unitOf.get(e.toNodeId)).length;
    }
    expect(nodes).toBeGreaterThan(105 * 25);
    // The segmenter starts a new unit at most connectives: about one per essay links back to the previous unit.
    expect(crossUnit).toBeGreaterThan(90);
    expect(edges).toBeGreaterThan(140);
  }, 60_000); // whole corpora: several seconds on a loaded 2-core machine

  it('holds on a large mixed Chinese/English document, within the wire limits', () => {
    const { units } = segment(generated(200_000));
    const all = extractUnits(units, { maxNodes: Infinity, maxEdges: Infinity });
    expect(contractProblems(all, units)).toEqual([]);
    expect(all.nodes.length).toBeGreaterThan(2000);
    const capped = extractUnits(units);
    expect(capped.nodes.length).toBe(2000);
    expect(WireBatchSchema.safeParse(capped).success).toBe(true);
    expect(contractProblems(capped, units)).toEqual([]);
  }, 60_000); // whole corpora: several seconds on a loaded 2-core machine

  it('holds on random documents built from cue words, markup and punctuation', () => {
    const pieces = [
      'because',
      'Because',
      'Therefore,',
      'However,',
      ', but',
      'For example,',
      'is a kind of',
      'is not a',
      'includes',
      'in order to',
      'is like',
      'is defined as',
      'driven by',
      'This shows that',
      'so',
      'the cat',
      'Great Barrier Reef',
      '"quoted"',
      '(',
      ')',
      '.',
      '. ',
      '? ',
      ',',
      ';',
      '\n',
      '\n\n',
      '- ',
      '# ',
      '| a | 1 |\n',
      '```\nx\n```\n',
      '> ',
      '因为',
      '所以',
      '因此，',
      '但是，',
      '例如，',
      '所谓',
      '是指',
      '是一种',
      '不是',
      '包括',
      '为了',
      '就像',
      '受',
      '驱动',
      '，',
      '。',
      '、',
      '“',
      '”',
      '知识图谱',
      '鲸鱼',
      '如果',
      '那么',
      '必须',
      '可能',
      '😀',
      '\u3000',
      'e.g.',
      'Dr.',
      '3.5',
    ];
    const rand = seededRandom(12345);
    for (let doc = 0; doc < 300; doc++) {
      let text = '';
      for (let i = 5 + Math.floor(rand() * 100); i > 0; i--)
        text += pieces[Math.floor(rand() * pieces.length)] + (rand() < 0.5 ? ' ' : '');
      const { units } = segment(text);
      const batch = extractUnits(units);
      expect(contractProblems(batch, units), JSON.stringify(text)).toEqual([]);
      expect(WireBatchSchema.safeParse(batch).success).toBe(true);
    }
  });

  it('skips headings and code, and turns table rows into facts named by their header', () => {
    const { units } = segment(MIXED);
    const batch = extractUnits(units);
    const kindOf = new Map(units.map((u) => [u.n, u.kind]));
    expect(batch.nodes.some((n) => kindOf.get(n.paragraph) === 'heading' || kindOf.get(n.paragraph) === 'code')).toBe(
      false,
    );
    const rows = batch.nodes.filter((n) => kindOf.get(n.paragraph) === 'table');
    expect(rows.map((n) => [n.type, n.text])).toEqual([
      ['fact', 'Year: 2023; Documents: 1200'],
      ['fact', 'Year: 2024; Documents: 3400'],
    ]);
  });

  it('is deterministic', () => {
    const text =
      ESSAYS.slice(0, 10)
        .map((e) => e.content)
        .join('\n\n') +
      '\n\n' +
      MIXED;
    const a = extractUnits(segment(text).units);
    const b = extractUnits(segment(text).units);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('keeps hedges in the node text while dropping the leading connective', () => {
    const units: ContentUnit[] = [
      'Demand is falling. Therefore, prices may usually drop.',
      '需求在下降。因此，价格通常可能会下跌。',
      'If it rains, the match must be postponed.',
    ].map((text, i) => ({
      n: i + 1,
      start: i * 100,
      end: i * 100 + text.length,
      text,
      kind: 'narrative',
      sectionId: 's0',
    }));
    const texts = extractUnits(units).nodes.map((n) => n.text);
    expect(texts).toContain('Prices may usually drop.');
    expect(texts).toContain('价格通常可能会下跌。');
    expect(texts).toContain('If it rains, the match must be postponed.');
  });

  it('limits recurring-term concepts and gives them no edges', () => {
    const paragraphs = Array.from(
      { length: 30 },
      (_, i) => `Climate change affects region ${i}. The Gulf Stream carries heat north in year ${2000 + i}.`,
    );
    const units: ContentUnit[] = paragraphs.map((text, i) => ({
      n: i + 1,
      start: i * 100,
      end: i * 100 + text.length,
      text,
      kind: 'narrative',
      sectionId: 's0',
    }));
    const batch = extractUnits(units);
    const concepts = batch.nodes.filter((n) => n.type === 'concept');
    expect(concepts.map((c) => c.text)).toEqual(expect.arrayContaining(['Climate change', 'Gulf Stream']));
    expect(concepts.length).toBeLessThanOrEqual(Math.floor((batch.nodes.length - concepts.length) / 10));
    expect(concepts.every((c) => c.paragraph === 1)).toBe(true);
    expect(batch.edges).toEqual([]);
  });

  it('summarises with the opening sentences of the text', () => {
    const { units } = segment(ESSAYS[0].content);
    const summary = extractUnits(units).summary;
    expect(summary.startsWith('Butterflies are fascinating creatures')).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(280);
  });
});

describe('createHeuristicExtractor', () => {
  it('is the offline heuristic and returns what extractUnits returns', async () => {
    const extractor = createHeuristicExtractor();
    expect(extractor.id).toBe('builtin:heuristic');
    expect(extractor.kind).toBe('heuristic');
    expect(extractor.batchChars).toBeGreaterThan(0);
    const { units } = segment(MIXED);
    const wire = await extractor.extractBatch({
      documentId: 'd',
      sourceId: 's',
      title: 't',
      batchIndex: 0,
      units,
      attempt: 1,
      scheduler: systemScheduler,
    });
    expect(wire).toEqual(extractUnits(units));
  });

  it('runs through the engine pipeline: every node grounded, no invariant error, no edge dropped', async () => {
    const text =
      ESSAYS.slice(0, 3)
        .map((e) => e.content)
        .join('\n\n') +
      '\n\n' +
      generated(60_000);
    const { units } = segment(text);
    const result = await runPipeline({
      documentId: 'doc-1',
      sourceId: 'a'.repeat(64),
      title: 'mixed',
      units,
      extractor: createHeuristicExtractor(),
      scheduler: systemScheduler,
    });
    expect(result.plans.length).toBeGreaterThan(1);
    expect(
      result.audit.grounding.unsupported + result.audit.grounding.candidate + result.audit.grounding.unresolved,
    ).toBe(0);
    expect(result.audit.grounding.grounded).toBe(result.graph.nodes.length);
    expect(result.audit.droppedEdges.count).toBe(0);
    expect(result.audit.repairs.count).toBe(0);
    expect(result.graph.edges.length).toBeGreaterThan(0);
  });
});

describe('the contract oracle', () => {
  it('stays independent of the cue lexicon it checks (it imports only the schema and the wire limits)', () => {
    const source = readFileSync(new URL('./self-check.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/^import[^;]*from '([^']+)';/gm)].map((m) => m[1]);
    expect(imports.sort()).toEqual(['../../limits', '../../schema']);
  });
});
