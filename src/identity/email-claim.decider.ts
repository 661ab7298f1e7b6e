import { createHash } from 'node:crypto';
import { Decider } from '../core/decider';
import { ConflictError } from '../core/errors';
import { EmailClaimEvent } from './identity.events';
import { normalizeEmail } from './user.decider';

/**
 * An address belongs to at most one user of an organization; one person may work for several
 * organizations with one address. The claim stream is per organization and address.
 */
export type EmailClaimCommand =
  { type: 'ClaimEmail'; email: string; userId: string } | { type: 'ReleaseEmail'; email: string; userId: string };

export type EmailClaimState = { claimedBy: string | null };

/** The digest of claims made before addresses were per organization: nothing reads those streams any more. */
export const emailDigest = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('hex');
/** The digest naming an address's claim stream in one organization. */
export const organizationEmailDigest = (organizationId: string, email: string) =>
  createHash('sha256')
    .update(`${organizationId}|${normalizeEmail(email)}`)
    .digest('hex');
export const DUPLICATE_EMAIL = 'A user with this email already exists.';

export const emailClaimDecider: Decider<EmailClaimCommand, EmailClaimState, EmailClaimEvent> = {
  initialState: { claimedBy: null },
  evolve: (_state, event) => ({ claimedBy: event.type === 'EmailClaimed' ? event.data.userId : null }),
  decide(command, state) {
    const email = normalizeEmail(command.email);
    if (command.type === 'ClaimEmail') {
      if (state.claimedBy === command.userId) return [];
      if (state.claimedBy) throw new ConflictError(DUPLICATE_EMAIL);
      return [{ type: 'EmailClaimed', data: { email, userId: command.userId } }];
    }
    return state.claimedBy === command.userId
      ? [{ type: 'EmailReleased', data: { email, userId: command.userId } }]
      : [];
  },
};
