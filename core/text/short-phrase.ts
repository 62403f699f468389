// A text cut short enough to quote in a sentence for readers (a node's words in a follow-up question or in a check's
// title): whitespace folded, final punctuation dropped, cut at a word (or, in Chinese, anywhere) with "…".

/** `text` in at most `max` characters (plus "…" when cut). */
export function shortPhrase(text: string, max: number): string {
  const t = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.。!！?？;；,，]+$/u, '');
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
