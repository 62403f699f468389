// The audit log, readable: one entry per applied operation (GET /api/documents/:id/audit), each turned into at most
// five "before → after" lines ("Node n3 text: old → new", "Deleted relation a → b (supports)") plus "… K more".
// Read defensively: an entry the panel cannot read is left out, never shown half.
import { format, relationLabel, strings, typeLabel, type Lang } from '../shared/i18n';

interface NodeSnap {
  id: string;
  type?: string;
  text?: string;
  paragraph?: number | null;
  quote?: string;
  evidence?: unknown[];
}

interface EdgeSnap {
  id?: string;
  fromNodeId: string;
  toNodeId: string;
  relation: string;
}

export interface Snapshot {
  nodes: NodeSnap[];
  edges: EdgeSnap[];
  summary?: string;
}

export interface AuditEntry {
  /** Stable key of the entry (its id, else revision and position). */
  key: string;
  revision: number;
  index: number;
  /** 'commit' (fixes applied) or 'undo' (a commit reverted). */
  kind: 'commit' | 'undo';
  /** A commit a later undo reverted. */
  undone: boolean;
  /** Undo entries: the revision whose commit they reverted. */
  undoOf: number | null;
  at: number | null;
  action: string;
  targetId: string;
  /** merge_nodes: the node the target was merged into. */
  mergeIntoId: string | null;
  reportId: string | null;
  before: Snapshot;
  after: Snapshot;
}

const MAX_LINES = 5;

function readSnapshot(value: unknown): Snapshot {
  const v = (value ?? {}) as Record<string, unknown>;
  const nodes = Array.isArray(v.nodes)
    ? v.nodes.filter((n): n is NodeSnap => typeof (n as NodeSnap)?.id === 'string')
    : [];
  const edges = Array.isArray(v.edges)
    ? v.edges.filter(
        (e): e is EdgeSnap =>
          typeof (e as EdgeSnap)?.fromNodeId === 'string' && typeof (e as EdgeSnap)?.toNodeId === 'string',
      )
    : [];
  return typeof v.summary === 'string' ? { nodes, edges, summary: v.summary } : { nodes, edges };
}

/** The entries of an audit answer (`{ entries }`, `{ items }` or a bare list), newest first. */
export function readAudit(value: unknown): AuditEntry[] {
  const v = value as Record<string, unknown> | unknown[] | null;
  const list = Array.isArray(v)
    ? v
    : Array.isArray(v?.entries)
      ? v.entries
      : Array.isArray(v?.items)
        ? v.items
        : Array.isArray(v?.audit)
          ? v.audit
          : [];
  const entries = (list as unknown[]).flatMap((raw, i): AuditEntry[] => {
    const e = (raw ?? {}) as Record<string, unknown>;
    if (typeof e.revision !== 'number') return [];
    const op = (e.operation ?? {}) as Record<string, unknown>;
    const action = typeof e.action === 'string' ? e.action : typeof op.action === 'string' ? op.action : '';
    const index = typeof e.seq === 'number' ? e.seq : typeof e.index === 'number' ? e.index : 0;
    const at =
      typeof e.createdAt === 'number'
        ? e.createdAt
        : typeof e.at === 'number'
          ? e.at
          : typeof e.ts === 'number'
            ? e.ts
            : null;
    return [
      {
        key: typeof e.id === 'string' || typeof e.id === 'number' ? String(e.id) : `${e.revision}:${index}:${i}`,
        revision: e.revision,
        index,
        kind: e.kind === 'undo' || action === 'restore' ? 'undo' : 'commit',
        undone: e.undone === true,
        undoOf: typeof e.undoOf === 'number' ? e.undoOf : null,
        at,
        action,
        targetId: typeof e.targetId === 'string' ? e.targetId : '',
        mergeIntoId: typeof op.mergeIntoId === 'string' ? op.mergeIntoId : null,
        reportId: typeof e.reportId === 'string' ? e.reportId : null,
        before: readSnapshot(e.before),
        after: readSnapshot(e.after),
      },
    ];
  });
  return entries.sort((a, b) => b.revision - a.revision || b.index - a.index);
}

const clip = (text: string | undefined, n = 60) => {
  const s = (text ?? '').replace(/\s+/g, ' ').trim();
  return s.length > n ? `${s.slice(0, n - 1)}…` : s || '∅';
};

const edgeKey = (e: EdgeSnap) => e.id ?? `${e.fromNodeId}>${e.toNodeId}:${e.relation}`;

/** The "before → after" lines of one entry (at most five, then "… K more"). */
export function auditLines(
  entry: Pick<AuditEntry, 'before' | 'after'> & Partial<Pick<AuditEntry, 'mergeIntoId'>>,
  lang: Lang,
): string[] {
  const l = strings(lang).trust.line;
  const lines: string[] = [];
  const { before, after } = entry;
  const beforeNodes = new Map(before.nodes.map((n) => [n.id, n]));
  const afterNodes = new Map(after.nodes.map((n) => [n.id, n]));
  const unit = (p: number | null | undefined) => (typeof p === 'number' ? `P${p}` : '∅');
  // Nodes that went away first (a merge reads "merged into", then what the surviving node gained).
  for (const [id, a] of beforeNodes) {
    if (afterNodes.has(id)) continue;
    const merged = entry.mergeIntoId && afterNodes.has(entry.mergeIntoId);
    lines.push(
      merged
        ? format(lang, l.nodeMerged, { id, text: clip(a.text), into: entry.mergeIntoId! })
        : format(lang, l.nodeDeleted, { id, text: clip(a.text) }),
    );
  }
  for (const [id, a] of beforeNodes) {
    const b = afterNodes.get(id);
    if (!b) continue;
    if (a.text !== b.text) lines.push(format(lang, l.nodeText, { id, a: clip(a.text), b: clip(b.text) }));
    if (a.type !== b.type)
      lines.push(format(lang, l.nodeType, { id, a: typeLabel(a.type ?? '', lang), b: typeLabel(b.type ?? '', lang) }));
    if ((a.paragraph ?? null) !== (b.paragraph ?? null))
      lines.push(format(lang, l.nodeUnit, { id, a: unit(a.paragraph), b: unit(b.paragraph) }));
    if (a.quote !== b.quote) lines.push(format(lang, l.nodeQuote, { id, a: clip(a.quote, 40), b: clip(b.quote, 40) }));
    const evidence = (n: NodeSnap) => (Array.isArray(n.evidence) ? n.evidence.length : null);
    if (evidence(a) !== null && evidence(b) !== null && evidence(a) !== evidence(b))
      lines.push(format(lang, l.nodeEvidence, { id, a: evidence(a)!, b: evidence(b)! }));
  }
  for (const [id, b] of afterNodes)
    if (!beforeNodes.has(id)) lines.push(format(lang, l.nodeAdded, { id, text: clip(b.text) }));
  const beforeEdges = new Map(before.edges.map((e) => [edgeKey(e), e]));
  const afterEdges = new Map(after.edges.map((e) => [edgeKey(e), e]));
  const ends = (e: EdgeSnap) => ({ from: e.fromNodeId, to: e.toNodeId, rel: relationLabel(e.relation, lang) });
  for (const [key, a] of beforeEdges) {
    const b = afterEdges.get(key);
    if (!b) lines.push(format(lang, l.edgeDeleted, ends(a)));
    else if (a.relation !== b.relation || a.fromNodeId !== b.fromNodeId || a.toNodeId !== b.toNodeId) {
      lines.push(
        format(lang, l.edgeChanged, {
          ...ends(b),
          a: relationLabel(a.relation, lang),
          b: relationLabel(b.relation, lang),
        }),
      );
    }
  }
  for (const [key, b] of afterEdges) if (!beforeEdges.has(key)) lines.push(format(lang, l.edgeAdded, ends(b)));
  if (before.summary !== undefined || after.summary !== undefined) {
    if (before.summary !== after.summary)
      lines.push(format(lang, l.summary, { a: clip(before.summary), b: clip(after.summary) }));
  }
  if (lines.length <= MAX_LINES) return lines;
  return [...lines.slice(0, MAX_LINES), format(lang, l.more, { n: lines.length - MAX_LINES })];
}
