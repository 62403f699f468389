// A candidate list as the API answers it, read apart from the element that shows it, so the trust tools can keep
// the list while the element loads on demand.

export const CANDIDATE_STATUSES = ['candidate', 'accepted', 'rejected'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

/** A candidate as GET /api/documents/:id/candidates lists it (docs/contracts/candidates.md#derivation). */
export interface Candidate {
  id: string;
  kind: string;
  nodeId: string | null;
  text: string;
  type: string;
  status: CandidateStatus;
  quote: string;
  paragraph: number | null;
}

/** The candidates of a list answer (`{ candidates }` or `{ items }`) and its next cursor; malformed rows left out. */
export function readCandidates(value: unknown): { items: Candidate[]; nextCursor: string | null } {
  const v = (value ?? {}) as Record<string, unknown>;
  const list = Array.isArray(v.candidates) ? v.candidates : Array.isArray(v.items) ? v.items : [];
  const items = (list as Array<Record<string, unknown>>).flatMap((c): Candidate[] => {
    if (typeof c?.id !== 'string' || typeof c.text !== 'string') return [];
    const status = CANDIDATE_STATUSES.includes(c.status as CandidateStatus)
      ? (c.status as CandidateStatus)
      : 'candidate';
    const evidence = Array.isArray(c.evidence) ? (c.evidence as Array<{ quote?: unknown; paragraph?: unknown }>) : [];
    const first = evidence.find((e) => typeof e?.quote === 'string');
    return [
      {
        id: c.id,
        kind: typeof c.kind === 'string' ? c.kind : 'claim',
        nodeId: typeof c.nodeId === 'string' ? c.nodeId : null,
        text: c.text,
        type: typeof c.type === 'string' ? c.type : '',
        status,
        quote: typeof c.quote === 'string' && c.quote ? c.quote : typeof first?.quote === 'string' ? first.quote : '',
        paragraph:
          typeof c.paragraph === 'number' ? c.paragraph : typeof first?.paragraph === 'number' ? first.paragraph : null,
      },
    ];
  });
  return { items, nextCursor: typeof v.nextCursor === 'string' ? v.nextCursor : null };
}
