import { describe, expect, it } from 'vitest';
import { inline, renderMarkdown } from './markdown';
import type { InsightView } from './types';

const hostile = 'Click <img src=x onerror=alert(1)> or [here](javascript:alert(1)) `code` **bold** a|b & c\nnext line';

/** Every character that could open markup must be preceded by an odd number of backslashes. */
function unescaped(md: string, chars: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < md.length; i++) {
    if (!chars.includes(md[i])) continue;
    let slashes = 0;
    for (let j = i - 1; j >= 0 && md[j] === '\\'; j--) slashes++;
    if (slashes % 2 === 0) found.push(`${md[i]}@${i}`);
  }
  return found;
}

describe('Markdown for agents escapes untrusted text', () => {
  it('leaves no raw HTML, link, code or emphasis opener in node-derived text', () => {
    const out = inline(hostile);
    expect(out).not.toContain('\n');
    expect(unescaped(out, '<>[]`*_|&')).toEqual([]);
    // The words are all still there for the reader.
    expect(out.replace(/\\/g, '')).toBe(hostile.replace('\n', ' '));
  });

  it('escapes titles, details, rationales and questions in the whole report', () => {
    const insight = {
      severity: 'warn',
      title: hostile,
      detail: '<script>alert(1)</script>',
      profile: { rationale: '[x](javascript:void 0)', attributionScore: 0.5 },
    } as unknown as InsightView;
    const md = renderMarkdown({ round: 2, insights: [insight], topics: [{ question: '<b>why</b>?' } as never] }, 'en');
    const body = md.split('\n').slice(1).join('\n');
    // The list structure itself is ours; everything after the "- [warn] " prefix came from the document.
    const untrusted = body.replace(/^- \[warn\] /m, '').replace(/^## Suggested questions$/m, '');
    expect(unescaped(untrusted, '<>[]`*_|&')).toEqual([]);
    expect(md).not.toMatch(/(^|[^\\])<script/);
    expect(md).not.toMatch(/(^|[^\\])\]\(javascript:/);
  });
});
