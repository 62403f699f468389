// Issuing and revoking read capabilities of one document. The signing secret lives on the document row
// (capability_secret); documents made before it existed get one when their first capability is issued.
import { capabilityServerSecret, newDocumentSecret, signCapability } from '../../core/access';
import { KgError } from '../../core/errors';
import { findDocumentRow, replaceCapabilitySecret, setCapabilitySecretIfUnset } from '../../storage/document-rows';

/** Lifetimes a capability may have: one minute to one year (embeds are long-lived; rotation revokes early). */
export const CAPABILITY_TTL = { min: 60, max: 365 * 24 * 3600, default: 24 * 3600 } as const;

async function documentSecret(env: Env, documentId: string): Promise<{ secret: string; revision: number }> {
  const row = await findDocumentRow(env, documentId);
  if (!row) throw new KgError('not_found', 'No such document.');
  if (row.capabilitySecret) return { secret: row.capabilitySecret, revision: row.revision };
  // Set only if still unset, then read back: two first issues at once agree on one secret.
  await setCapabilitySecretIfUnset(env, documentId, newDocumentSecret());
  const again = await findDocumentRow(env, documentId);
  if (!again?.capabilitySecret) throw new KgError('not_found', 'No such document.');
  return { secret: again.capabilitySecret, revision: again.revision };
}

export async function issueReadCapability(
  env: Env,
  documentId: string,
  options: { revision?: number; ttlSeconds: number },
) {
  const { secret, revision } = await documentSecret(env, documentId);
  if (options.revision !== undefined && options.revision !== revision) {
    throw new KgError(
      'invalid_input',
      `revision must be the document's current revision (${revision}); earlier revisions are not kept.`,
    );
  }
  const expiresAt = Date.now() + options.ttlSeconds * 1000;
  const claims = {
    documentId,
    scope: 'read' as const,
    expiresAt,
    ...(options.revision === undefined ? {} : { revision: options.revision }),
  };
  const token = await signCapability(claims, {
    serverSecret: capabilityServerSecret(env.KG_CAPABILITY_SECRET),
    documentSecret: secret,
  });
  return { token, documentId, scope: 'read' as const, revision: options.revision ?? null, expiresAt };
}

/** A new secret: every read capability issued before stops verifying (the write capability is not affected). */
export async function rotateCapabilities(env: Env, documentId: string) {
  await replaceCapabilitySecret(env, documentId, newDocumentSecret());
  return { rotated: true, documentId };
}
