import { createHash } from 'node:crypto';
import { Decider } from '../core/decider';
import { ConflictError } from '../core/errors';
import { EmailClaimEvent } from './identity.events';
import { normalizeEmail } from './user.decider';

/** E-mail addresses sign people in, so each belongs to at most one user across all organizations. */
export type EmailClaimCommand =
  { type: 'ClaimEmail'; email: string; userId: string } | { type: 'ReleaseEmail'; email: string; userId: string };

export type EmailClaimState = { claimedBy: string | null };

export const emailDigest = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('hex');
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
