// The transcription prompt: one call per task, all images in order. The answer is JSON; every visible relation is
// its own diagram unit, so that extraction can cite it (docs/contracts/images.md#transcription).
import type { ChatPrompt } from '../extract/prompt';

export const TRANSCRIPTION_SYSTEM_PROMPT = [
  '你是图片转写器：把图片中可见的内容忠实转写为结构化文本，供之后抽取知识图。只转写图片里看得见的内容，不要补充图外知识。',
  "You transcribe images faithfully for a later knowledge-graph extraction. Transcribe only what is visible; keep the image's own language.",
  '只回答一个 JSON 对象 / Answer with one JSON object only:',
  '{"images":[{"imageIndex":1,"summary":"一句话概览","units":[{"kind":"text|table|diagram|chart|formula|layout|other","text":"..."}],"warnings":[]}]}',
  '规则 / Rules:',
  '- imageIndex 从 1 开始，与图片出现顺序一致；每张图片都必须出现。',
  '- text：可见文字原样转写；table：表格按行转写（列用 | 分隔）；chart：统计图的坐标、数值和趋势；formula：公式；layout：版面结构。',
  '- 每一条独立关系必须单独形成一个可引用 diagram 单元：箭头、分组、包含、对象对应、顺序、图例颜色/形状各自一条，写明两端，如 "A → B（箭头）"。',
  '- Every independent relation (arrow, grouping, containment, correspondence, order, legend colour/shape) is its own diagram unit naming both ends.',
  '- 看不清或不确定的内容写入 warnings，不要猜测。 Put anything unreadable or uncertain in warnings; do not guess.',
].join('\n');

export interface TranscriptionRequest {
  prompt: ChatPrompt;
  /** The caption before each image (图片 i，文件名：name). */
  captions: string[];
}

export function buildTranscriptionPrompt(
  title: string,
  userText: string,
  names: readonly string[],
): TranscriptionRequest {
  const user = [
    `请按出现顺序转写以下 ${names.length} 张图片。`,
    `资料标题：${title || '（无）'}`,
    `用户补充说明：${userText.trim() ? userText.trim().slice(0, 4000) : '（无）'}`,
  ].join('\n');
  return {
    prompt: { system: TRANSCRIPTION_SYSTEM_PROMPT, user },
    captions: names.map((name, i) => `图片 ${i + 1}，文件名：${name}`),
  };
}
