// A task's warnings in a reader's words and language (issue 27). The pipeline and the task runners write their
// warnings as terse English lines or `code:args` strings (programs read them in the task's JSON); this turns each
// known form into a sentence that says what happened and what it means, in English or Chinese. A line of a form
// not known here is shown as it is, unless it is a bare code, which a reader cannot read: then a plain sentence.
import { describeFactCheckWarning } from '../fact-check/warnings';
import type { Lang } from '../i18n/lang';
import { RELATION_LABELS, type Relation } from '../schema/vocabulary';

type Words = { en: string; zh: string };

const DROP_REASON: Record<string, Words> = {
  edge_ungrounded: { en: 'its quote is not word for word in the source', zh: '它的引文与原文不一致' },
  dangling_edge: { en: 'it pointed at a node that does not exist', zh: '它指向了不存在的节点' },
  self_loop: { en: 'it linked a node to itself', zh: '它把节点连到了自身' },
  edge_without_relation_words: {
    en: 'its quote holds no word for that relation',
    zh: '它的引文里没有表示这种关系的词',
  },
  endpoint_ungrounded: { en: 'one of its ends is not in the source', zh: '它的一端在原文中找不到' },
  quote_off_endpoint: { en: 'its quote does not mention both of its ends', zh: '它的引文没有同时提到两端' },
};

/** The line the pipeline writes for an edge the gate dropped (read back by describeTaskWarning). */
export function droppedEdgeWarning(batch: number, relation: string, reason: string): string {
  return `batch ${batch}: dropped ${relation} edge (${reason})`;
}

const DROPPED = /^batch (\d+): dropped (\w+) edge \((\w+)\)$/;
const READ_IN_PART =
  /^batch (\d+): the model's answer left (\d+) of (\d+) units without a node \(units? ([^)]*)\); retried them once as a batch of their own(.*)$/;
const REVIEW_ADDED =
  /^batch (\d+): the coverage review added (\d+) nodes and (\d+) relations; (\d+) proposals left out$/;
const REVIEW_FAILED = /^batch (\d+): the coverage review failed \((\w+)\); the first answer stands$/;
const MORE_IN_PART = /^(\d+) more batches were read in part by the model$/;
const ANSWER_ATTEMPT = /^Answer attempt (\d+): the model's output was not the agreed JSON/;
const BARE_CODE = /^[a-z]+(?:_[a-z]+)+(?::.*)?$/;

/** One warning of a task, as a reader reads it. */
export function describeTaskWarning(warning: string, lang: Lang): string {
  const zh = lang === 'zh';
  let m = DROPPED.exec(warning);
  if (m) {
    const [, batch, relation, reason] = m as unknown as [string, string, string, string];
    const word = RELATION_LABELS[relation as Relation] ?? { en: 'related to', zh: '关联' };
    const why = DROP_REASON[reason] ?? { en: 'it did not pass the checks', zh: '它没有通过检查' };
    return zh
      ? `第 ${batch} 批：一条「${word.zh}」关系未被采用，因为${why.zh}。`
      : `Batch ${batch}: a “${word.en}” relation was left out because ${why.en}.`;
  }
  m = READ_IN_PART.exec(warning);
  if (m) return readInPart(m as unknown as ReadInPart, zh);
  m = REVIEW_ADDED.exec(warning);
  if (m) {
    const [, batch, nodes, edges, left] = m as unknown as [string, string, string, string, string];
    const tail = Number(left) > 0;
    return zh
      ? `第 ${batch} 批：覆盖复核补回了 ${nodes} 个节点和 ${edges} 条关系${tail ? `；另有 ${left} 条建议没有原文证据或会改写已有的图，未采用` : ''}。`
      : `Batch ${batch}: the coverage review added ${nodes} nodes and ${edges} relations the first answer had missed${tail ? `; ${left} of its proposals were left out (no verbatim evidence, or they would have rewritten the graph)` : ''}.`;
  }
  m = REVIEW_FAILED.exec(warning);
  if (m)
    return zh
      ? `第 ${m[1]} 批：覆盖复核没有成功，保留首轮的结果。`
      : `Batch ${m[1]}: the coverage review did not succeed; the first answer stands.`;
  m = MORE_IN_PART.exec(warning);
  if (m)
    return zh
      ? `另有 ${m[1]} 批，模型只读了其中一部分。`
      : `In ${m[1]} more batches the model read only part of the text.`;
  m = ANSWER_ATTEMPT.exec(warning);
  if (m)
    return zh
      ? `第 ${m[1]} 次回答：模型的输出不是约定的格式，已重试。`
      : `Answer attempt ${m[1]}: the model did not answer in the agreed form, so it was asked again.`;
  const [kind = '', a = ''] = warning.split(':');
  if (kind === 'review_resumed')
    return zh
      ? `复核从中断处继续（已完成 ${a} 项）。`
      : `The review went on from where it stopped (${a} checks were already done).`;
  if (kind === 'entailment_not_written')
    return zh
      ? `${a} 项模型判断没有保存：图在复核期间已改变。`
      : `${a} of the model's judgements were not saved: the graph changed during the review.`;
  if (kind.startsWith('wikipedia_') || kind.startsWith('fact_')) return describeFactCheckWarning(warning, lang);
  if (BARE_CODE.test(warning))
    return zh
      ? '任务中出现了一个问题，但没有影响已保存的内容。'
      : 'Something went wrong in the task; nothing saved was affected.';
  return warning;
}

type ReadInPart = [string, string, string, string, string, string | undefined];

function readInPart([, batch, missed, eligible, list, tail = '']: ReadInPart, zh: boolean): string {
  const head = zh
    ? `第 ${batch} 批：模型的回答在 ${eligible} 段中有 ${missed} 段没有生成节点（第 ${list} 段），已把它们单独重试一次`
    : `Batch ${batch}: the model's answer left ${missed} of ${eligible} units without a node (${list.includes(',') || list.includes('-') ? 'units' : 'unit'} ${list}); they were retried once on their own`;
  if (tail.startsWith(', which failed'))
    return zh ? `${head}，但重试失败：这些段落没有节点。` : `${head}, but the retry failed: they hold no node.`;
  if (tail.includes('every one now holds a node'))
    return zh ? `${head}：现在每段都有节点了。` : `${head}: every one now holds a node.`;
  const still = /(\d+) still hold none/.exec(tail)?.[1];
  if (still) return zh ? `${head}：仍有 ${still} 段没有节点。` : `${head}: ${still} still hold none.`;
  return zh ? `${head}。` : `${head}.`;
}
