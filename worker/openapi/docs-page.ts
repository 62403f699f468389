// GET /api/docs: the API reference for people, rendered on the server from the OpenAPI document. No script at all
// and no inline <style> (the Worker's CSP allows neither): the page links /api/docs/style.css. Every text from the
// description is escaped; only backticks become <code>.
// biome-ignore lint/suspicious/noExplicitAny: walks the OpenAPI document spec.ts builds; the conformance tests check its shape.
type Json = Record<string, any>;

const escapeHtml = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** Escaped text with `code` spans and paragraphs. */
const prose = (s: unknown) =>
  String(s ?? '')
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('');

const pretty = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;
const anchor = (method: string, path: string) => `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');

function parametersTable(params: Json[]): string {
  if (!params.length) return '';
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : ''}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
    )
    .join('');
  return `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function body(op: Json): string {
  const content = op.requestBody?.content as Json | undefined;
  if (!content) return '';
  return Object.entries(content)
    .map(
      ([type, media]) =>
        `<h4>Request body <code>${escapeHtml(type)}</code></h4>` +
        (media.example !== undefined ? `<p>Example</p>${pretty(media.example)}` : '') +
        `<details><summary>Schema</summary>${pretty(media.schema)}</details>`,
    )
    .join('');
}

function responses(op: Json): string {
  const items = Object.entries(op.responses as Json)
    .map(([status, res]) => {
      // Error answers all share the envelope (described once at the top); their codes are the description.
      const media = Number(status) >= 400 ? undefined : Object.entries((res.content ?? {}) as Json)[0];
      const detail = media
        ? `<details><summary><code>${escapeHtml(media[0])}</code>${media[1].schema ? ' schema' : ''}</summary>${media[1].example !== undefined ? pretty(media[1].example) : ''}${media[1].schema ? pretty(media[1].schema) : ''}</details>`
        : '';
      return `<li><span class="status s${escapeHtml(status[0])}">${escapeHtml(status)}</span> ${prose(res.description)}${detail}</li>`;
    })
    .join('');
  return `<h4>Responses</h4><ul class="responses">${items}</ul>`;
}

export function renderDocsPage(spec: Json): string {
  const ops: Array<{ method: string; path: string; op: Json }> = [];
  for (const [path, item] of Object.entries(spec.paths as Json))
    for (const [method, op] of Object.entries(item as Json)) ops.push({ method, path, op });
  const tags = (spec.tags as Array<{ name: string }>).map((t) => t.name);
  const toc = tags
    .map((tag) => {
      const links = ops
        .filter((o) => o.op.tags[0] === tag)
        .map(
          (o) =>
            `<li><a href="#${anchor(o.method, o.path)}"><span class="method ${o.method}">${o.method.toUpperCase()}</span> ${escapeHtml(o.path)}</a></li>`,
        )
        .join('');
      return `<li>${escapeHtml(tag)}<ul>${links}</ul></li>`;
    })
    .join('');
  const sections = tags
    .map((tag) => {
      const items = ops
        .filter((o) => o.op.tags[0] === tag)
        .map(
          ({ method, path, op }) =>
            `<section id="${anchor(method, path)}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>` +
            `<p class="summary">${escapeHtml(op.summary)}</p>${prose(op.description)}${parametersTable(op.parameters)}${body(op)}${responses(op)}</section>`,
        )
        .join('');
      return `<h2>${escapeHtml(tag)}</h2>${items}`;
    })
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(spec.info.title)} ${escapeHtml(spec.info.version)}</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/api/docs/style.css"></head>
<body><header><h1>${escapeHtml(spec.info.title)} <small>${escapeHtml(spec.info.version)}</small></h1>${prose(spec.info.description)}
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(spec.openapi)}).</p>
<details><summary>The error envelope of every 4xx/5xx answer</summary>${pretty(spec.components?.schemas?.Error)}</details></header>
<nav><ul>${toc}</ul></nav><main>${sections}</main></body></html>`;
}

export const DOCS_CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0;display:grid;grid-template-columns:20rem 1fr;color:#1d2330;background:#fff}
header{grid-column:1/3;padding:1rem 2rem;border-bottom:1px solid #dde}nav{padding:1rem;border-right:1px solid #dde;font-size:13px;overflow:auto;max-height:100vh;position:sticky;top:0}
nav ul{list-style:none;padding-left:.6rem}main{padding:0 2rem 4rem;min-width:0}section{border-top:1px solid #eef;padding:.5rem 0}
code,pre{font:13px/1.4 ui-monospace,monospace}pre{background:#f5f6fa;padding:.6rem;overflow:auto;max-height:28rem}
table{border-collapse:collapse}td,th{border:1px solid #dde;padding:.2rem .5rem;text-align:left;vertical-align:top}
.method{display:inline-block;min-width:3.8rem;font:600 12px ui-monospace,monospace;padding:.1rem .3rem;border-radius:3px;color:#fff;background:#556;text-align:center}
.get{background:#2b6cb0}.post{background:#2f855a}.patch{background:#b7791f}.delete{background:#c53030}
.status{font:600 13px ui-monospace,monospace;padding:0 .3rem;border-radius:3px;background:#e2e8f0}.s2{background:#c6f6d5}.s4{background:#fed7d7}.s5{background:#feebc8}
.summary{font-weight:600}.responses li p{display:inline}
@media (prefers-color-scheme:dark){body{background:#14161c;color:#e2e6ee}pre{background:#1f232c}td,th,header,nav,section{border-color:#2d3340}.status{background:#2d3340}.s2{background:#22543d}.s4{background:#742a2a}.s5{background:#744210}}
@media (max-width:50rem){body{display:block}nav{position:static;max-height:none}}`;
