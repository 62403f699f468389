// The pure side of the fact-check panel (issue 14, docs/contracts/fact-check.md): reading GET …/fact-check defensively (the
// report is server data built from model output and retrieved pages, so every field is checked, never trusted),
// the verdict colours, the rule-passage count the rules box announces (the server's own split), and which evidence a
// card may show: at most three items, a link only for an http(s) URL (never javascript: or data:). Imports only
// zod-free modules of core/fact-check (never its index, which carries the request schema).
import { rulePassages } from '../../core/fact-check/evidence';
import { factMetrics } from '../../core/fact-check/report';
import {
  FACT_VERDICTS,
  MAX_RULES_CHARS,
  type FactCheckMode,
  type FactCheckSource,
  type FactCheckMetrics,
  type FactClaimStatus,
  type FactVerdict,
} from '../../core/fact-check/types';

export type { FactCheckMode, FactCheckSource };
export const VERDICTS = FACT_VERDICTS;
export type Verdict = FactVerdict;

/** The seed's verdict colours (docs/contracts/fact-check.md#workbench); constants, never data, so building CSS from them is safe. */
export const VERDICT_COLOURS: Record<Verdict, string> = {
  supported: '#059669',
  contradicted: '#dc2626',
  partially_supported: '#d97706',
  insufficient: '#64748b',
  unverifiable: '#7c3aed',
  out_of_scope: '#475569',
};

/** The longest rules text the API takes (docs/contracts/fact-check.md#request). */
export const RULES_MAX = MAX_RULES_CHARS;
/** A supported rate at or above this is shown as good (docs/contracts/fact-check.md#workbench: green when ≥ 80). */
export const GOOD_RATE = 80;
/** Evidence items a claim card shows at most (docs/contracts/fact-check.md#workbench). */
export const EVIDENCE_SHOWN = 3;

export interface FcEvidence {
  id: string;
  provider: string;
  url: string | null;
  title: string;
  snippet: string;
}

export interface FcClaim {
  id: string;
  nodeId: string;
  kind: string;
  unit: number | null;
  quote: string;
  claim: string;
  checkworthy: number;
  status: FactClaimStatus;
  verdict: Verdict;
  confidence: number;
  rationale: string;
  correction: string;
  evidence: FcEvidence[];
  evidenceQuote: string;
}

export type FcMetrics = FactCheckMetrics;

export interface FcReport {
  reportId: string;
  revision: number | null;
  mode: FactCheckMode;
  sources: FactCheckSource[];
  createdAt: string | number | null;
  model: string;
  summary: string;
  metrics: FcMetrics;
  warnings: string[];
  claims: FcClaim[];
}

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : null);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const unit01 = (v: unknown): number => Math.min(1, Math.max(0, num(v)));
const isVerdict = (v: unknown): v is Verdict => VERDICTS.includes(v as Verdict);

function readEvidence(v: unknown): FcEvidence[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((item) => {
    const e = rec(item);
    if (!e) return [];
    return [
      {
        id: str(e.id),
        provider: str(e.provider),
        url: typeof e.url === 'string' ? e.url : null,
        title: str(e.title),
        snippet: str(e.snippet),
      },
    ];
  });
}

function readClaim(v: unknown): FcClaim | null {
  const c = rec(v);
  if (!c || typeof c.id !== 'string' || !c.id) return null;
  const status = c.status === 'accepted' || c.status === 'rejected' ? c.status : 'open';
  const unit =
    typeof c.unit === 'number' && Number.isInteger(c.unit)
      ? c.unit
      : typeof c.paragraph === 'number' && Number.isInteger(c.paragraph)
        ? c.paragraph
        : null;
  return {
    id: c.id,
    nodeId: str(c.nodeId),
    kind: str(c.kind),
    unit,
    quote: str(c.quote),
    claim: str(c.claim) || str(c.quote),
    checkworthy: unit01(c.checkworthy),
    status,
    // Never a made-up verdict: anything outside the six is shown as insufficient evidence (as the server would).
    verdict: isVerdict(c.verdict) ? c.verdict : 'insufficient',
    confidence: unit01(c.confidence),
    rationale: str(c.rationale),
    correction: str(c.correction),
    evidence: readEvidence(c.evidence),
    evidenceQuote: str(c.evidenceQuote),
  };
}

/** A report (or null when it is not one): the server's metrics where they are numbers, else counted from the claims. */
export function readReport(v: unknown): FcReport | null {
  const r = rec(v);
  if (!r || typeof r.reportId !== 'string' || !Array.isArray(r.claims)) return null;
  const claims = r.claims.flatMap((c) => readClaim(c) ?? []);
  const counted = factMetrics(claims, r.mode === 'quick' ? 'quick' : 'deep');
  const given = rec(r.metrics) ?? {};
  const metrics = Object.fromEntries(
    Object.entries(counted).map(([k, n]) => [k, num(given[k], n)]),
  ) as unknown as FcMetrics;
  const sources = Array.isArray(r.sources)
    ? r.sources.filter((s): s is FactCheckSource => s === 'wikipedia' || s === 'rules')
    : [];
  return {
    reportId: r.reportId,
    revision: typeof r.revision === 'number' ? r.revision : null,
    mode: r.mode === 'quick' ? 'quick' : 'deep',
    sources,
    createdAt: typeof r.createdAt === 'string' || typeof r.createdAt === 'number' ? r.createdAt : null,
    model: str(r.model),
    summary: str(r.summary),
    metrics,
    warnings: Array.isArray(r.warnings) ? r.warnings.filter((w): w is string => typeof w === 'string') : [],
    claims,
  };
}

/** GET /api/documents/:id/fact-check → `{ report, stale }` (a finished task's result may be the report itself). */
export function readFactCheck(answer: unknown): { report: FcReport | null; stale: boolean } {
  const a = rec(answer);
  if (!a) return { report: null, stale: false };
  if ('report' in a) return { report: readReport(a.report), stale: a.stale === true };
  return { report: readReport(a), stale: a.stale === true };
}

/** A report covers an older graph when the server says so or when it was made on another revision than the shown one. */
export function isStale(report: Pick<FcReport, 'revision'> | null, serverStale: boolean, revision: number): boolean {
  return !!report && (serverStale || (report.revision !== null && report.revision !== revision));
}

/** How many passages pasted rules become: the server's own split (blank-line paragraphs, else lines; the first 30). */
export function rulePassageCount(rules: string): number {
  return rulePassages(rules).length;
}

/** The sources of a deep check: Wikipedia when wanted, rules when some are pasted. */
export function sourcesFor(wikipedia: boolean, rules: string): FactCheckSource[] {
  return [...(wikipedia ? (['wikipedia'] as const) : []), ...(rules.trim() ? (['rules'] as const) : [])];
}

/** A URL the card may link to: http or https only (a page title or a model's text can never become a script). */
export function safeHref(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

export type EvidenceItem =
  | { kind: 'link'; id: string; href: string; title: string; provider: string }
  | { kind: 'passage'; id: string; title: string; snippet: string; provider: string };

/** The evidence a card shows: the first three, a link when the item has a safe URL, else its passage text. */
export function evidenceItems(claim: Pick<FcClaim, 'evidence'>): EvidenceItem[] {
  return claim.evidence.slice(0, EVIDENCE_SHOWN).map((e) => {
    const href = e.provider === 'rules' ? null : safeHref(e.url);
    const title = e.title || e.id;
    return href
      ? { kind: 'link', id: e.id, href, title, provider: e.provider }
      : { kind: 'passage', id: e.id, title, snippet: e.snippet, provider: e.provider };
  });
}

/** A 0..1 share as a whole percentage. */
export const percent = (share: number): number => Math.round(unit01(share) * 100);

/** Text clipped for a card, with an ellipsis. */
export const clip = (text: string, n: number): string => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
