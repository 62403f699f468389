// The share link round trip (a fragment: the question never reaches a server log).
import { describe, expect, it } from 'vitest';
import { readShareFragment, shareLink } from './share-link';

describe('share links', () => {
  it('round-trips a document id and a question with spaces, &, # and Chinese', () => {
    const question = 'Where & why? 灯塔#1 的 "灯笼"';
    const link = shareLink('https://kg.example/app/?x=1#old', { documentId: 'd-1', question });
    expect(link.startsWith('https://kg.example/app/?x=1#doc=d-1&ask=')).toBe(true);
    expect(readShareFragment(new URL(link).hash)).toEqual({ documentId: 'd-1', question });
  });

  it('reads nothing without a document, and caps the question at the query limit', () => {
    expect(readShareFragment('#ask=hello')).toBeNull();
    expect(readShareFragment('')).toBeNull();
    expect(readShareFragment(`#doc=d&ask=${'x'.repeat(700)}`)!.question).toHaveLength(600);
  });
});
