// HTML → structured text: the page's main content (<main>, else the first <article>, else <body>), its headings as
// sections, its lists, tables and <pre> blocks as units; scripts, styles, navigation and other chrome are dropped.
// htmlparser2's streaming parser (pure JS, runs in workerd, browsers and Node) decodes entities and mends bad nesting.
import { Parser } from 'htmlparser2';
import { StructuredText } from './structured-text';

/** Elements whose content is never text of the document. */
const SKIP = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'svg',
  'math',
  'iframe',
  'object',
  'canvas',
  'nav',
  'footer',
  'aside',
  'button',
  'select',
  'textarea',
  'dialog',
]);
/** Elements that end the running paragraph. */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'br',
  'hr',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'address',
  'details',
  'summary',
  'ul',
  'ol',
  'table',
  'caption',
  'form',
  'fieldset',
  'body',
]);

type Container =
  | { kind: 'heading'; level: number }
  | { kind: 'li' }
  | { kind: 'cell' }
  | { kind: 'pre' }
  | { kind: 'quote' };

export interface HtmlText {
  text: string;
  /** The page's <title>, if any. */
  title?: string;
}

export function htmlText(html: string): HtmlText {
  const out = new StructuredText();
  // Only the main content when the page marks one (the first <main>, else the first <article>).
  const scope = /<main[\s>]/i.test(html) ? 'main' : /<article[\s>]/i.test(html) ? 'article' : null;
  let scopeDepth = scope ? 0 : 1;
  let scopeDone = false;
  let skip = 0;
  let title = '';
  let inTitle = false;
  const stack: { c: Container; buf: string }[] = [];
  let root = '';
  const lists: { ordered: boolean; n: number }[] = [];
  let row: string[] | null = null;

  const top = () => stack[stack.length - 1];
  const flushRoot = () => {
    if (root) out.paragraph(root);
    root = '';
  };
  const open = (c: Container) => {
    if (stack.length === 0) flushRoot();
    stack.push({ c, buf: '' });
  };
  const close = (kind: Container['kind']) => {
    const i = stack.map((s) => s.c.kind).lastIndexOf(kind);
    if (i < 0) return;
    // Containers left open inside this one (bad nesting) close with it; their text joins it.
    const [entry, ...inner] = stack.splice(i);
    const buf = entry!.buf + inner.map((s) => ` ${s.buf}`).join('');
    const parent = top();
    if (entry!.c.kind === 'heading') out.heading(entry!.c.level, buf);
    else if (entry!.c.kind === 'pre') {
      if (parent) parent.buf += ` ${buf}`;
      else out.code(buf);
    } else if (entry!.c.kind === 'cell') row?.push(buf);
    else if (entry!.c.kind === 'li') {
      const list = lists[lists.length - 1];
      out.listItem(buf, list?.ordered ? `${++list.n}.` : '-');
    } else if (parent) parent.buf += ` ${buf}`;
    else out.quote(buf);
  };
  const inScope = () => scopeDepth > 0 && skip === 0;

  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'title') inTitle = true;
        if (scope && !scopeDone && name === scope) scopeDepth++;
        if (SKIP.has(name)) skip++;
        if (!inScope()) return;
        const m = /^h([1-6])$/.exec(name);
        if (m) return open({ kind: 'heading', level: Number(m[1]) });
        if (name === 'li') {
          // An item that holds a nested list: its own words become an item before the nested ones.
          if (top()?.c.kind === 'li') close('li');
          return open({ kind: 'li' });
        }
        if (name === 'ul' || name === 'ol') {
          if (top()?.c.kind === 'li') close('li');
          lists.push({ ordered: name === 'ol', n: 0 });
        }
        if (name === 'tr') row = [];
        if (name === 'td' || name === 'th') return open({ kind: 'cell' });
        if (name === 'pre') return open({ kind: 'pre' });
        if (name === 'blockquote') return open({ kind: 'quote' });
        if (BLOCKS.has(name)) {
          const t = top();
          if (!t) flushRoot();
          else if (t.c.kind !== 'pre') t.buf += ' ';
        }
      },
      ontext(text) {
        if (inTitle) title += text;
        if (!inScope()) return;
        const t = top();
        if (t) t.buf += text;
        else root += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        const wasInScope = inScope();
        if (SKIP.has(name) && skip > 0) skip--;
        if (scope && !scopeDone && name === scope && --scopeDepth === 0) scopeDone = true;
        if (!wasInScope) return;
        if (/^h[1-6]$/.test(name)) close('heading');
        else if (name === 'li') close('li');
        else if (name === 'ul' || name === 'ol') {
          close('li');
          lists.pop();
          if (lists.length === 0) out.endBlock();
        } else if (name === 'td' || name === 'th') close('cell');
        else if (name === 'tr') {
          while (top()?.c.kind === 'cell') close('cell');
          if (row) out.tableRow(row);
          row = null;
        } else if (name === 'table') out.endBlock();
        else if (name === 'pre') close('pre');
        else if (name === 'blockquote') close('quote');
        else if (BLOCKS.has(name) && !top()) flushRoot();
        if (scopeDone) {
          while (stack.length) close(top()!.c.kind);
          flushRoot();
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  while (stack.length) close(top()!.c.kind);
  flushRoot();
  const clean = title.replace(/\s+/g, ' ').trim();
  return { text: out.toString(), ...(clean ? { title: clean } : {}) };
}
