import type { Aggregates, CommandMeta } from '../core/commands/aggregates';
import { ConflictError } from '../core/errors';
import type { ReadStore } from '../core/read-store/read-store.port';
import { DUPLICATE_EMAIL, emailClaimDecider, organizationEmailDigest } from './email-claim.decider';
import { identityStreams } from './identity.events';
import { userOfOrganizationByEmail } from './identity.read-models';
import { normalizeEmail } from './user.decider';

/**
 * Claims `email` for `userId` in the organization: a 409 when another user of the organization has it.
 * Another organization's use is neither checked nor told. Claims made before addresses were per
 * organization sit in global streams nothing reads, so the users read model answers for those users;
 * concurrent new claims meet in the per-organization stream.
 */
export async function claimEmail(
  aggregates: Aggregates,
  store: ReadStore,
  claim: { organizationId: string; email: string; userId: string },
  meta: CommandMeta,
): Promise<void> {
  const holder = await userOfOrganizationByEmail(store, claim.organizationId, normalizeEmail(claim.email));
  if (holder && holder._id !== claim.userId) throw new ConflictError(DUPLICATE_EMAIL);
  await aggregates.execute(
    identityStreams.emailClaim(organizationEmailDigest(claim.organizationId, claim.email)),
    emailClaimDecider,
    { type: 'ClaimEmail', email: claim.email, userId: claim.userId },
    meta,
  );
}

/** Frees the address in the organization (a legacy global claim, if any, stays: nothing reads it). */
export async function releaseEmail(
  aggregates: Aggregates,
  claim: { organizationId: string; email: string; userId: string },
  meta: CommandMeta,
): Promise<void> {
  await aggregates.execute(
    identityStreams.emailClaim(organizationEmailDigest(claim.organizationId, claim.email)),
    emailClaimDecider,
    { type: 'ReleaseEmail', email: claim.email, userId: claim.userId },
    meta,
  );
}
