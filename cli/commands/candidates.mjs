// candidates DOC [--kind] [--status] [--limit] [--set ID=STATUS]…: GET and PATCH /api/documents/:id/candidates.
// Defaults as the original list-candidates: kind all, status candidate, limit 50; set-candidate answers
// { kind, id, status }.
import { enc } from '../lib/client.mjs';
import { UsageError } from '../lib/errors.mjs';
import { intOption, oneOf } from '../lib/options.mjs';
import { requireDoc, tokenFor } from './shared.mjs';

const STATUSES = ['candidate', 'accepted', 'rejected'];

export async function candidates(ctx) {
  const id = requireDoc(ctx.args[0]);
  const token = tokenFor(ctx, id);
  const sets = (ctx.values.set ?? []).map((pair) => {
    const match = /^([^=\s]+)=(candidate|accepted|rejected)$/.exec(pair);
    if (!match) throw new UsageError(`--set takes ID=${STATUSES.join('|')}, not "${pair}".`);
    return { candidateId: match[1], status: match[2] };
  });
  if (sets.length) {
    const results = [];
    for (const { candidateId, status } of sets) {
      const { candidate } = await ctx.client.request(
        'PATCH',
        `/api/documents/${enc(id)}/candidates/${enc(candidateId)}`,
        { json: { status }, token },
      );
      results.push({ kind: candidate.kind, id: candidate.id, status: candidate.status });
    }
    return {
      json: results.length === 1 ? results[0] : results,
      output: results.map((r) => `${r.id} (${r.kind}) → ${r.status}\n`).join(''),
    };
  }
  const kind = oneOf(ctx.values, 'kind', ['entity', 'claim', 'all'], 'all');
  const status = oneOf(ctx.values, 'status', [...STATUSES, 'all'], 'candidate');
  const limit = intOption(ctx.values, 'limit', 1, 500, 50);
  const page = await ctx.client.get(
    `/api/documents/${enc(id)}/candidates?kind=${kind}&status=${status}&limit=${limit}`,
    { token },
  );
  const output = page.candidates.length
    ? page.candidates
        .map((c) => `${c.id}  ${c.kind.padEnd(6)} ${c.status.padEnd(9)} P${c.paragraph ?? '?'}  ${c.text}\n`)
        .join('')
    : 'no candidates\n';
  return { json: page.candidates, output };
}
