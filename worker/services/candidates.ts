// Candidate review (docs/contracts/candidates.md): the entity and claim candidates of the committed graph, paged in node order,
// and their review status. Candidates are synced after each commit (durable-objects/candidates-hook.ts); a read
// that finds them behind the document's revision derives them here first, so any commit path is covered.
import {
  CANDIDATE_KINDS,
  CANDIDATE_STATUSES,
  deriveCandidates,
  type Candidate,
  type CandidateKind,
  type CandidateStatus,
} from '../../core/candidates/derive';
import { KgError } from '../../core/errors';
import { decodeCursor, encodeCursor } from '../../core/schema/cursor';
import type { KgNode } from '../../core/schema';
import { candidatesRevision, listCandidates, setCandidateStatus, syncCandidates } from '../../storage/candidates';
import { readRevision, type DocumentRow } from '../../storage/document-rows';
import { nodePages } from '../../storage/pages';
import { getDocumentRow } from './documents';

export { CANDIDATE_KINDS, CANDIDATE_STATUSES };

export interface CandidateQuery {
  kind?: CandidateKind;
  status?: CandidateStatus;
  cursor?: string;
  limit: number;
}

export interface CandidatePage {
  documentId: string;
  revision: number;
  candidates: Candidate[];
  nextCursor: string | null;
}

export async function readCandidates(env: Env, documentId: string, query: CandidateQuery): Promise<CandidatePage> {
  const row = await getDocumentRow(env, documentId);
  const after = query.cursor ? readCandidateCursor(query.cursor) : undefined;
  await catchUp(env, row);
  const page = await listCandidates(env, row.id, { kind: query.kind, status: query.status, after, limit: query.limit });
  return {
    documentId: row.id,
    revision: row.revision,
    candidates: page.items,
    nextCursor: page.more && page.last ? encodeCursor([page.last.nodeOrd, page.last.id]) : null,
  };
}

export async function updateCandidate(
  env: Env,
  documentId: string,
  candidateId: string,
  status: CandidateStatus,
): Promise<{ candidate: Candidate }> {
  const row = await getDocumentRow(env, documentId);
  await catchUp(env, row);
  const candidate = await setCandidateStatus(env, row.id, candidateId, status, Date.now());
  if (!candidate) throw new KgError('not_found', { en: 'No such candidate.', zh: '找不到要更新的候选。' });
  return { candidate };
}

/** Derives the candidates of the current revision when the sync is behind it (read in pages; skipped if it moves). */
async function catchUp(env: Env, row: DocumentRow): Promise<void> {
  if (row.revision === 0 || (await candidatesRevision(env, row.id)) >= row.revision) return;
  const nodes: KgNode[] = [];
  for await (const page of nodePages(env, row.id)) nodes.push(...page);
  // A commit during the read would mix two revisions: leave it to that commit's own sync (or the next read).
  if ((await readRevision(env, row.id)) !== row.revision) return;
  const derived = await deriveCandidates(row.id, { summary: row.summary, nodes, edges: [] });
  await syncCandidates(env, row.id, row.revision, derived, Date.now());
}

/** A candidates cursor holds (nodeOrd, id) of the previous page's last candidate. */
function readCandidateCursor(cursor: string): { nodeOrd: number; id: string } {
  return decodeCursor(cursor, ([ord, id]) => {
    const nodeOrd = Number(ord);
    return Number.isSafeInteger(nodeOrd) && nodeOrd >= 0 && id !== undefined && /^(ent|clm)_[0-9a-f]{32}$/.test(id)
      ? { nodeOrd, id }
      : null;
  });
}
