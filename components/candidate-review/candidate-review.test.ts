// Candidate pages read defensively, with their first evidence quote.
import { describe, expect, it } from 'vitest';
import { readCandidates } from './candidates';

describe('candidates', () => {
  it('reads candidate pages and their first evidence quote', () => {
    const page = readCandidates({
      candidates: [
        {
          id: 'clm_1',
          kind: 'claim',
          nodeId: 'n1',
          text: 'T',
          type: 'fact',
          status: 'accepted',
          evidence: [{ paragraph: 2, quote: 'Q' }],
        },
        { id: 5, text: 'bad' },
      ],
      nextCursor: 'c2',
    });
    expect(page).toEqual({
      items: [
        {
          id: 'clm_1',
          kind: 'claim',
          nodeId: 'n1',
          text: 'T',
          type: 'fact',
          status: 'accepted',
          quote: 'Q',
          paragraph: 2,
        },
      ],
      nextCursor: 'c2',
    });
  });
});
