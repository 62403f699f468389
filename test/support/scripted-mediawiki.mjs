// A scripted MediaWiki Action API on 127.0.0.1 for the fact-check tests (issue 14): `list=search` and
// `prop=extracts` answered from a small table below, per language at /<lang>/w/api.php (point the Worker at it with
// KG_WIKIPEDIA_API = `${url}/{lang}/w/api.php`, which `apiTemplate` gives). Behaviour is picked by a keyword in the
// search text (or in the titles of an extracts request), so parallel tests never share state:
//   WIKIEMPTY              no hits (in every language)
//   WIKIZHEMPTY            no hits in zh only (the provider must then ask en)
//   WIKI500                HTTP 500
//   WIKIBADJSON            200 with a body that is not JSON
//   WIKISLOW / WIKISLOW-<ms>   answers after <ms> (default 3000) — past the deadline the tests configure
//   (anything else)        hits from the table whose keyword occurs in the query; else one hit echoing the query
// A hit's snippet carries <span class="searchmatch"> markup (as the real API does); its extract has one more
// sentence than the snippet ("… (extract only)"), so a test can tell whether quotes are checked against extracts.
// Control: GET /__calls?contains=<text> (recorded requests: lang, kind, query, titles, userAgent, at),
//          POST /__reset.  Run standalone: node test/support/scripted-mediawiki.mjs [--port 8791]
import http from 'node:http';
import { pathToFileURL } from 'node:url';

/** A few articles, by language: keyword (lower case) → page. */
export const ARTICLES = {
  en: [
    {
      keyword: 'yangtze',
      title: 'Yangtze',
      snippet: 'The Yangtze is the longest river in Asia and the third-longest in the world.',
      more: 'It flows for about 6,300 km from the Tibetan Plateau to the East China Sea.',
    },
    {
      keyword: 'boils',
      title: 'Water',
      snippet: 'At sea level, water boils at 100 degrees Celsius.',
      more: 'At higher altitudes the boiling point is lower.',
    },
    {
      keyword: 'photosynthesis',
      title: 'Photosynthesis',
      snippet: 'Photosynthesis is a process used by plants to convert light energy into chemical energy.',
      more: 'It releases oxygen as a by-product.',
    },
  ],
  zh: [
    {
      keyword: '长江',
      title: '长江',
      snippet: '长江是亚洲第一长河，也是世界第三长河。',
      more: '长江发源于青藏高原，全长约6300公里，注入东海。',
    },
    {
      keyword: '光合作用',
      title: '光合作用',
      snippet: '光合作用是植物利用光能把二氧化碳和水合成有机物的过程。',
      more: '光合作用释放氧气。',
    },
  ],
};

export function startScriptedMediaWiki({ port = 0, host = '127.0.0.1' } = {}) {
  const calls = [];
  const pages = new Map(); // `${lang}|${title}` -> page, filled by searches so extracts find echo pages too
  const pending = new Set();

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (req.method === 'GET' && url.pathname === '/__calls') {
      const contains = url.searchParams.get('contains');
      return send(
        res,
        200,
        calls.filter((c) => !contains || `${c.query} ${c.titles}`.includes(contains)),
      );
    }
    if (req.method === 'POST' && url.pathname === '/__reset') {
      calls.length = 0;
      return send(res, 200, { ok: true });
    }
    const m =
      /^\/([a-z]{2,3})\/w\/api\.php$/.exec(url.pathname) ?? (url.pathname === '/w/api.php' ? [null, 'en'] : null);
    if (!m || req.method !== 'GET') return send(res, 404, { error: { code: 'notfound' } });
    const lang = m[1];
    const p = url.searchParams;
    const kind = p.get('list') === 'search' ? 'search' : p.get('prop') === 'extracts' ? 'extracts' : 'other';
    const query = p.get('srsearch') ?? '';
    const titles = p.get('titles') ?? '';
    calls.push({ lang, kind, query, titles, userAgent: req.headers['user-agent'] ?? '', at: Date.now() });

    const text = `${query} ${titles}`;
    const slow = /WIKISLOW(?:-(\d+))?/.exec(text);
    if (slow) {
      pending.add(res);
      await sleep(Number(slow[1] ?? 3000));
      pending.delete(res);
      if (res.destroyed) return;
    }
    if (text.includes('WIKI500'))
      return send(res, 500, { error: { code: 'internal_api_error', info: 'scripted failure' } });
    if (text.includes('WIKIBADJSON')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('<html>this is not JSON</html>');
    }
    if (p.get('action') !== 'query' || p.get('format') !== 'json')
      return send(res, 200, { error: { code: 'badparams', info: 'scripted: action=query&format=json only' } });

    if (kind === 'search') {
      const empty = text.includes('WIKIEMPTY') || (lang === 'zh' && text.includes('WIKIZHEMPTY'));
      const hits = empty ? [] : searchHits(lang, query).slice(0, Number(p.get('srlimit') ?? 10));
      for (const hit of hits) pages.set(`${lang}|${hit.title}`, hit);
      return send(res, 200, {
        batchcomplete: '',
        query: {
          searchinfo: { totalhits: hits.length },
          search: hits.map((h, i) => ({
            ns: 0,
            title: h.title,
            pageid: 1000 + i,
            size: 1234,
            wordcount: 200,
            snippet: highlight(h.snippet, query),
            timestamp: '2026-01-01T00:00:00Z',
          })),
        },
      });
    }
    if (kind === 'extracts') {
      const out = {};
      titles
        .split('|')
        .filter(Boolean)
        .forEach((title, i) => {
          const page = pages.get(`${lang}|${title}`) ?? ARTICLES[lang]?.find((a) => a.title === title);
          out[page ? String(2000 + i) : String(-1 - i)] = page
            ? { pageid: 2000 + i, ns: 0, title, extract: `${page.snippet} ${page.more}` }
            : { ns: 0, title, missing: '' };
        });
      return send(res, 200, { batchcomplete: '', query: { pages: out } });
    }
    return send(res, 200, { batchcomplete: '' });
  });

  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const base = `http://${host}:${server.address().port}`;
      resolve({
        url: base,
        /** The value for KG_WIKIPEDIA_API. */
        apiTemplate: `${base}/{lang}/w/api.php`,
        port: server.address().port,
        calls: (contains) => calls.filter((c) => !contains || `${c.query} ${c.titles}`.includes(contains)),
        close: () =>
          new Promise((done) => {
            for (const res of pending) res.destroy();
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Table hits whose keyword occurs in the query; else one page that states the query itself. */
function searchHits(lang, query) {
  const q = query.toLowerCase();
  const table = (ARTICLES[lang] ?? []).filter((a) => q.includes(a.keyword));
  if (table.length) return table;
  const clean = query.replace(/\bWIKI[A-Z]+(?:-\d+)?\b/g, '').trim();
  if (!clean) return [];
  const title = `Echo ${clean
    .slice(0, 40)
    .replace(/[|#<>[\]{}]/g, ' ')
    .trim()}`;
  return [{ title, snippet: clean, more: `The extract only says it again: ${clean} (extract only).` }];
}

/** Wraps the query's words in the snippet the way MediaWiki marks matches. */
function highlight(snippet, query) {
  const words = [...new Set(query.split(/\s+/).filter((w) => w.length > 3 && /^[\p{L}\p{N}]+$/u.test(w)))].slice(0, 5);
  let out = snippet.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  for (const w of words) out = out.replace(new RegExp(`\\b(${w})\\b`, 'i'), '<span class="searchmatch">$1</span>');
  return out;
}

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--port');
  const server = await startScriptedMediaWiki({ port: i > 0 ? Number(process.argv[i + 1]) : 8791 });
  console.log(`scripted MediaWiki at ${server.apiTemplate}`);
}
