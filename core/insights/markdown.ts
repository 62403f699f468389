// Insights and topics as Markdown for an agent: `- [warn] title: detail`, then an indented attribution line.
// Titles, details and questions quote the document's own text, which is untrusted: it is escaped so that no raw
// HTML, link, image or emphasis can come out of it when an agent or a page renders the Markdown.
import type { InsightView, Lang, TopicView } from './types';

export function renderMarkdown(
  data: { round: number; insights: readonly InsightView[]; topics: readonly TopicView[] },
  lang: Lang,
): string {
  const zh = lang === 'zh';
  const lines: string[] = [
    zh
      ? `## 洞察（第 ${data.round} 轮，含归因档案；仅为建议）`
      : `## Insights (round ${data.round}, with attribution; advice, not constraints)`,
  ];
  if (!data.insights.length) lines.push(zh ? '- （暂无洞察）' : '- (no insights)');
  for (const i of data.insights) {
    lines.push(`- [${i.severity}] ${inline(i.title)}: ${inline(i.detail)}`);
    lines.push(
      `  - ${zh ? '归因' : 'attribution'}: ${inline(i.profile.rationale)} (attributionScore=${i.profile.attributionScore.toFixed(2)})`,
    );
  }
  lines.push('', zh ? '## 推荐话题' : '## Suggested questions');
  if (!data.topics.length) lines.push(zh ? '- （暂无话题）' : '- (no questions)');
  for (const t of data.topics) lines.push(`- ${inline(t.question)}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Untrusted text as one line of inert Markdown: newlines folded (one finding stays on one list line) and every
 * character that can open HTML, a link, an image, code or emphasis backslash-escaped (CommonMark escapes any ASCII
 * punctuation), so `<img onerror>` stays text and `[x](javascript:…)` never becomes a link.
 */
export function inline(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[\\`*_[\]<>|&~]/g, (c) => `\\${c}`);
}
