// Deterministic sample texts for tests and benchmarks: mixed Chinese and English prose with headings, lists and the
// cue words the extractors look for. Pure (no I/O), so workerd tests can import it too.

const ZH = [
  '知识图谱是指以图的形式组织事实与概念的知识表示方法。它通常由节点和关系组成，节点表示实体或命题。',
  '因为每条关系都附带原文证据，所以读者可以逐条核对结论。例如，一条因果关系会引用包含“因为”的原句。',
  '但是，自动抽取可能产生错误的关系。为了减少错误，系统必须在写入之前检查每一条引用是否逐字出现在原文中。',
  '所谓内容单元，是指按结构切分并编号的原文片段。标题和列表项各自成为一个单元，普通叙述按话题分组。',
  '检查点是一种恢复机制。如果进程意外退出，任务应当从最近的检查点继续，而不是从头开始。',
  '大型文档包括章节、段落和表格。因此，图的视图需要分页，每页最多显示八百个节点。',
];

const EN = [
  'A content unit is defined as a numbered span of the source text. Units are the anchors that every node cites.',
  'Because each relation carries a verbatim quote, a reader can verify it against the source. For example, a causal edge quotes the sentence that contains "because".',
  'However, heuristic extraction may miss implicit relations. Therefore, the offline extractor is labelled as such and never passed off as a model.',
  'In order to keep the graph readable, the layout engine lays out each connected component on its own. The layered layout is like a river delta that branches and merges.',
  'A checkpoint is a kind of recovery record. The pipeline must write one after every batch, and it should resume from it after a crash.',
  'Large documents include chapters, lists and tables. Researchers usually read them section by section, which suggests that section filters are useful.',
];

/** Builds a mixed Chinese/English text of exactly `chars` characters (all in the BMP), deterministic for a given size. */
export function mixedText(chars: number): string {
  const parts: string[] = [];
  let size = 0;
  let section = 1;
  let i = 0;
  while (size < chars) {
    if (i % 8 === 0) {
      const heading = i % 16 === 0 ? `# 第${section}章 Section ${section}` : `## Part ${section}.${(i % 16) / 8}`;
      parts.push(heading);
      size += heading.length + 2;
      section += i % 16 === 0 ? 1 : 0;
    }
    const zh = ZH[i % ZH.length];
    const en = EN[(i * 5 + 1) % EN.length];
    const block =
      i % 5 === 4 ? `- ${zh}\n- ${en}` : i % 2 === 0 ? `${zh}${i % 3 === 0 ? '' : ' '}${en}` : `${en}\n${zh}`;
    // Number every sentence so that propositions are not all duplicates of each other.
    const varied = block.replace(/。/g, `（${i + 1}）。`).replace(/\. /g, ` (${i + 1}). `);
    parts.push(varied);
    size += varied.length + 2;
    i++;
  }
  return parts.join('\n\n').slice(0, chars);
}
