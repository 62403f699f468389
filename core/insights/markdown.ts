// Insights and topics as Markdown for an agent: `- [warn] title: detail`, then an indented attribution line.
import type { InsightView, Lang, TopicView } from './types';

export function renderMarkdown(data: { round: number; insights: readonly InsightView[]; topics: readonly TopicView[] }, lang: Lang): string {
  const zh = lang === 'zh';
  const lines: string[] = [zh ? `## 洞察（第 ${data.round} 轮，含归因档案；仅为建议）` : `## Insights (round ${data.round}, with attribution; advice, not constraints)`];
  if (!data.insights.length) lines.push(zh ? '- （暂无洞察）' : '- (no insights)');
  for (const i of data.insights) {
    lines.push(`- [${i.severity}] ${oneLine(i.title)}: ${oneLine(i.detail)}`);
    lines.push(`  - ${zh ? '归因' : 'attribution'}: ${i.profile.rationale} (attributionScore=${i.profile.attributionScore.toFixed(2)})`);
  }
  lines.push('', zh ? '## 推荐话题' : '## Suggested questions');
  if (!data.topics.length) lines.push(zh ? '- （暂无话题）' : '- (no questions)');
  for (const t of data.topics) lines.push(`- ${oneLine(t.question)}`);
  return `${lines.join('\n')}\n`;
}

/** Node text can hold newlines; one finding stays on one list line. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}
