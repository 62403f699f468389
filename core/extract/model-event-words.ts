// The lines a task writes for what a real model did and the pipeline recovered from (issue 29: ModelEvent), and
// the same lines in a reader's words, in English or Chinese (describeTaskWarning reads them through here). One
// writer and one reader per form, side by side, so that they cannot drift apart.
import type { ModelEvent } from './extractor';

type Range = [number, number];
const range = ([a, b]: Range) => (a === b ? `unit ${a}` : `units ${a}-${b}`);
const rangeZh = ([a, b]: Range) => (a === b ? `第 ${a} 段` : `第 ${a}–${b} 段`);

/** The line the pipeline writes for a model event of batch `batch`. */
export function modelEventWarning(batch: number, event: ModelEvent): string {
  const head = `batch ${batch}:`;
  switch (event.kind) {
    case 'reasoning_set_aside':
      return `${head} the model wrote its reasoning before the answer; it was set aside`;
    case 'prose_set_aside':
      return `${head} the model wrote prose around its JSON; the one JSON object in it was taken`;
    case 'reasoning_only':
      return `${head} the model streamed only reasoning and left its answer empty; the reasoning was not taken as the answer`;
    case 'json_mode_refused':
      return `${head} the model ignored JSON mode: retried without it`;
    case 'provider_wait': {
      const who = event.status ? `the provider answered ${event.status}` : 'the provider could not be reached';
      const seconds = Math.max(1, Math.round(event.waitMs / 1000));
      return `${head} ${who}: waited ${seconds} s${event.asked ? ' as it asked' : ''}, then retried`;
    }
    case 'split': {
      const why =
        event.cause === 'length'
          ? "the answer stopped at the model's output limit"
          : "the prompt was longer than the model's context";
      return `${head} ${why} (${range(event.units)}): split into ${range(event.halves[0])} and ${range(event.halves[1])}, each asked on its own`;
    }
  }
}

const UNITS = String.raw`units? (\d+)(?:-(\d+))?`;
const SPLIT = new RegExp(
  `^batch (\\d+): (the answer stopped at the model's output limit|the prompt was longer than the model's context) \\(${UNITS}\\): split into ${UNITS} and ${UNITS}, each asked on its own$`,
);
const WAIT =
  /^batch (\d+): the provider (?:answered (\d+)|could not be reached): waited (\d+) s( as it asked)?, then retried$/;
const FIXED = /^batch (\d+): the model (wrote its reasoning|wrote prose|streamed only reasoning|ignored JSON mode)/;

const FIXED_WORDS: Record<string, { en: string; zh: string }> = {
  'wrote its reasoning': {
    en: 'the model wrote out its reasoning before the answer; the reasoning was set aside and only the answer was read.',
    zh: '模型在回答前写出了推理过程；推理已略去，只读取了回答。',
  },
  'wrote prose': {
    en: 'the model wrote text around its JSON; the one JSON object in it was read.',
    zh: '模型在 JSON 前后写了说明文字；已读取其中唯一的 JSON 对象。',
  },
  'streamed only reasoning': {
    en: 'the model wrote only its reasoning and left the answer empty; the reasoning was not taken as the answer, and the model was asked again.',
    zh: '模型只输出了推理过程，回答为空；推理不会被当作回答，已再次请求。',
  },
  'ignored JSON mode': {
    en: 'the model ignored JSON mode: it was asked again without it, and is no longer asked for JSON mode.',
    zh: '模型不接受 JSON 模式：已不带该模式重新请求，之后也不再使用该模式。',
  },
};

/** A model event line in a reader's words, or undefined when the line is not one. */
export function describeModelEvent(warning: string, zh: boolean): string | undefined {
  let m = FIXED.exec(warning);
  if (m) {
    const words = FIXED_WORDS[m[2]]!;
    return zh ? `第 ${m[1]} 批：${words.zh}` : `Batch ${m[1]}: ${words.en}`;
  }
  m = WAIT.exec(warning);
  if (m) {
    const [, batch, status, seconds, asked] = m;
    if (zh) {
      const who = status
        ? `模型服务返回 ${status}（${status === '429' ? '请求过多' : '暂时不可用'}）`
        : '无法连接模型服务';
      return `第 ${batch} 批：${who}，${asked ? '按其要求' : ''}等待 ${seconds} 秒后已重试。`;
    }
    const who = status
      ? `the model service answered ${status} (${status === '429' ? 'too many requests' : 'unavailable for now'})`
      : 'the model service could not be reached';
    return `Batch ${batch}: ${who}; it was asked again after ${seconds} s${asked ? ', as it requested' : ''}.`;
  }
  m = SPLIT.exec(warning);
  if (m) {
    const n = (i: number): Range => [Number(m![i]), Number(m![i + 1] ?? m![i])];
    const [all, first, second] = [n(3), n(5), n(7)];
    const length = m[2].startsWith('the answer');
    if (zh) {
      const why = length ? '回答达到模型的输出上限而中断' : '提示超出了模型的上下文长度';
      return `第 ${m[1]} 批：${rangeZh(all)}的${why}，已拆成${rangeZh(first)}和${rangeZh(second)}分别请求。`;
    }
    const why = length ? "stopped at the model's output limit" : "was longer than the model's context";
    const what = length ? `The answer for ${range(all)}` : `The prompt for ${range(all)}`;
    return `Batch ${m[1]}: ${what.toLowerCase()} ${why}, so it was split into ${range(first)} and ${range(second)}, each asked on its own.`;
  }
  return undefined;
}
