// The Wikipedia evidence provider of the fact-check (issue 14, docs/contracts/fact-check.md#evidence), written against the MediaWiki
// Action API: `list=search` for a claim's first 120 characters, then `prop=extracts` (plain-text intro) of the best
// hits, so a quote is checked against more than the search snippet. Language from the claim (zh when CJK dominates,
// else en), the other language when the first has no hits or fails. Every request has its own deadline
// (KG_WIKIPEDIA_TIMEOUT_MS, default 8 s), a polite User-Agent, and identical requests are answered from the R2
// cache (storage/fact-check-cache.ts). Failures (HTTP status, timeout, a body that is not JSON, an API error) come
// back as warnings `wikipedia_unavailable:<lang>:<cause>`, never as silent "no evidence".
import type { ClaimSeed } from '../../core/fact-check/select';
import { claimQuery, wikiLanguages } from '../../core/fact-check/text';
import { WIKI_EXTRACT_HITS, WIKI_SEARCH_LIMIT, wikiEvidence, type WikiHit } from '../../core/fact-check/evidence';
import type { FactEvidence } from '../../core/fact-check/types';
import { abortReason } from '../../core/scheduler';
import { readWikiCache, writeWikiCache } from '../../storage/fact-check-cache';

export const DEFAULT_WIKIPEDIA_API = 'https://{lang}.wikipedia.org/w/api.php';
export const DEFAULT_WIKIPEDIA_TIMEOUT_MS = 8_000;
/** After this many failed requests in one language, a run stops asking it (and says so once). */
const FAILURES_BEFORE_SKIP = 3;

export interface WikiConfig {
  /** A template with {lang}, or one fixed endpoint. */
  template: string;
  timeoutMs: number;
  userAgent: string;
}

type WikiEnv = Pick<Env, 'BLOBS' | 'KG_VERSION'> & {
  KG_WIKIPEDIA_API?: string;
  KG_WIKIPEDIA_TIMEOUT_MS?: string;
  KG_WIKIPEDIA_CONTACT?: string;
};

export function wikiConfig(env: WikiEnv): WikiConfig {
  const timeout = Number(env.KG_WIKIPEDIA_TIMEOUT_MS);
  const contact =
    env.KG_WIKIPEDIA_CONTACT?.trim() || 'self-hosted kg-workbench; operator contact: KG_WIKIPEDIA_CONTACT';
  return {
    template: env.KG_WIKIPEDIA_API?.trim() || DEFAULT_WIKIPEDIA_API,
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : DEFAULT_WIKIPEDIA_TIMEOUT_MS,
    userAgent: `kg-workbench/${env.KG_VERSION || 'dev'} (${contact}) fact-check`,
  };
}

export const endpointFor = (template: string, lang: string) => template.replaceAll('{lang}', lang);

/** Article links beside the API: …/w/api.php → …/wiki/, else <origin>/wiki/. */
export function articleBase(endpoint: string): string {
  const url = new URL(endpoint);
  return url.pathname.endsWith('/w/api.php')
    ? `${url.origin}${url.pathname.slice(0, -'/w/api.php'.length)}/wiki/`
    : `${url.origin}/wiki/`;
}

/** One run's shared state: failures per language (to stop hammering a dead endpoint) and the requests made. */
export interface WikiRun {
  config: WikiConfig;
  signal: AbortSignal;
  now: () => number;
  failures: Map<string, number>;
  warnings: Set<string>;
  requests: number;
}

export function newWikiRun(config: WikiConfig, signal: AbortSignal, now: () => number = Date.now): WikiRun {
  return { config, signal, now, failures: new Map(), warnings: new Set(), requests: 0 };
}

/** A claim's Wikipedia evidence ("c<n>:w<i>"), from the first language with hits. */
export async function retrieveWikipedia(env: WikiEnv, run: WikiRun, claim: ClaimSeed): Promise<FactEvidence[]> {
  const query = claimQuery(claim.claim);
  if (!query) return [];
  // A fixed endpoint (no {lang}) is one wiki: asking it twice would only repeat the search.
  const langs = run.config.template.includes('{lang}') ? wikiLanguages(claim.claim) : [wikiLanguages(claim.claim)[0]];
  for (const lang of langs) {
    const endpoint = endpointFor(run.config.template, lang);
    const search = await call(env, run, lang, endpoint, {
      list: 'search',
      srsearch: query,
      srlimit: String(WIKI_SEARCH_LIMIT),
      srprop: 'snippet',
    });
    if (!search.ok) continue;
    const found =
      (search.body as { query?: { search?: { title?: unknown; snippet?: unknown }[] } }).query?.search ?? [];
    const hits: WikiHit[] = found
      .filter((h) => typeof h.title === 'string' && h.title)
      .slice(0, WIKI_SEARCH_LIMIT)
      .map((h) => ({ title: h.title as string, snippet: typeof h.snippet === 'string' ? h.snippet : '' }));
    if (hits.length === 0) continue;
    await addExtracts(env, run, lang, endpoint, hits.slice(0, WIKI_EXTRACT_HITS));
    return wikiEvidence(claim.id, hits, articleBase(endpoint));
  }
  return [];
}

async function addExtracts(env: WikiEnv, run: WikiRun, lang: string, endpoint: string, hits: WikiHit[]): Promise<void> {
  const answer = await call(env, run, lang, endpoint, {
    prop: 'extracts',
    explaintext: '1',
    exintro: '1',
    exlimit: String(hits.length),
    redirects: '1',
    titles: hits.map((h) => h.title).join('|'),
  });
  if (!answer.ok) return;
  const pages = (
    answer.body as {
      query?: {
        pages?: Record<string, { title?: unknown; extract?: unknown }>;
        redirects?: { from: string; to: string }[];
      };
    }
  ).query;
  const byTitle = new Map<string, string>();
  for (const page of Object.values(pages?.pages ?? {})) {
    if (typeof page.title === 'string' && typeof page.extract === 'string') byTitle.set(page.title, page.extract);
  }
  for (const r of pages?.redirects ?? []) if (byTitle.has(r.to)) byTitle.set(r.from, byTitle.get(r.to) as string);
  for (const hit of hits) hit.extract = byTitle.get(hit.title);
}

type CallResult = { ok: true; body: unknown } | { ok: false };

/** One GET with the run's deadline; cached when it succeeds; a failure is a warning, a cancel is thrown. */
async function call(
  env: WikiEnv,
  run: WikiRun,
  lang: string,
  endpoint: string,
  params: Record<string, string>,
): Promise<CallResult> {
  if (run.signal.aborted) throw abortReason(run.signal);
  if ((run.failures.get(lang) ?? 0) >= FAILURES_BEFORE_SKIP) {
    run.warnings.add(`wikipedia_skipped:${lang}:after_${FAILURES_BEFORE_SKIP}_failures`);
    return { ok: false };
  }
  const url = new URL(endpoint);
  for (const [k, v] of Object.entries({ action: 'query', format: 'json', formatversion: '1', utf8: '1', ...params }))
    url.searchParams.set(k, v);
  const cached = await readWikiCache(env, url.href, run.now()).catch(() => undefined);
  if (cached !== undefined) return { ok: true, body: cached };

  const outcome = await fetchJson(url.href, run);
  if (outcome.ok) {
    await writeWikiCache(env, url.href, outcome.body, run.now()).catch(() => undefined);
    return outcome;
  }
  if (run.signal.aborted) throw abortReason(run.signal);
  run.failures.set(lang, (run.failures.get(lang) ?? 0) + 1);
  run.warnings.add(`wikipedia_unavailable:${lang}:${outcome.cause}`);
  return { ok: false };
}

async function fetchJson(
  url: string,
  run: WikiRun,
): Promise<{ ok: true; body: unknown } | { ok: false; cause: string }> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, run.config.timeoutMs);
  const onCancel = () => controller.abort();
  run.signal.addEventListener('abort', onCancel);
  run.requests++;
  try {
    const res = await fetch(url, {
      headers: { 'user-agent': run.config.userAgent, accept: 'application/json' },
      signal: controller.signal,
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return { ok: false, cause: `http_${res.status}` };
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, cause: 'bad_json' };
    }
    const error = (body as { error?: { code?: unknown } } | null)?.error;
    if (!body || typeof body !== 'object' || error)
      return { ok: false, cause: `api_error${typeof error?.code === 'string' ? `_${error.code.slice(0, 40)}` : ''}` };
    return { ok: true, body };
  } catch {
    return { ok: false, cause: timedOut ? 'timeout' : 'network' };
  } finally {
    clearTimeout(timer);
    run.signal.removeEventListener('abort', onCancel);
  }
}
