// The credentials a new document is born with: the secret its read capabilities are signed with, and in open mode
// a write capability (returned once in the 202 answer, only its hash stored).
import { newDocumentSecret, newWriteCapability, writeCapabilityHash } from '../../core/access';
import type { Principal } from '../lib/principal';

export interface DocumentCreator {
  /** documents.owner: the creating key's id; null in open mode. */
  owner: string | null;
  /** Open mode: hand out a write capability (nothing else could change the document later). */
  writeCapability: boolean;
}

export function creatorOf(principal: Principal): DocumentCreator {
  return principal.via === 'open'
    ? { owner: null, writeCapability: true }
    : { owner: principal.id, writeCapability: false };
}

export async function newDocumentCredentials(documentId: string, creator: DocumentCreator) {
  const capabilitySecret = newDocumentSecret();
  if (!creator.writeCapability)
    return { columns: { owner: creator.owner, capabilitySecret, writeCapabilityHash: null }, answer: {} };
  const token = newWriteCapability(documentId);
  return {
    columns: { owner: creator.owner, capabilitySecret, writeCapabilityHash: await writeCapabilityHash(token) },
    answer: { writeCapability: token },
  };
}
