// The seed's entailment-authority rule (docs/contracts/verification.md#entailment-authority): a judgement that a node's text is entailed by
// its quote belongs to that type and text. Any edit of either resets it to `unverified`; other edits keep it.
import type { KgNode } from '../schema';

const claimKey = (n: Pick<KgNode, 'type' | 'text'>) =>
  `${n.type}|${n.text.normalize('NFKC').replace(/\s+/g, ' ').trim()}`;

export function sameClaim(a: Pick<KgNode, 'type' | 'text'>, b: Pick<KgNode, 'type' | 'text'>): boolean {
  return claimKey(a) === claimKey(b);
}

/** `next` with the entailment status `previous` had, if the claim is unchanged; otherwise `unverified`. */
export function preserveEntailmentAuthority(previous: KgNode | undefined, next: KgNode): KgNode {
  const status = previous && sameClaim(previous, next) ? previous.entailmentStatus : 'unverified';
  return status === next.entailmentStatus ? next : { ...next, entailmentStatus: status };
}
