import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { allowance, networkOf, take } from '../core/rate-limits';
import type { RedisClient } from '../core/redis';

/**
 * Limits on invitations (OWASP ASVS 6.3.1, 2.4.1), like the password reset's: the public page may be
 * submitted at most 20 times an hour from one network (a link cannot be guessed, but nobody may try at
 * speed), and one person may be sent at most 5 invitation e-mails an hour (an administrator's Resend
 * cannot flood a mailbox).
 */
export const INVITATION_SUBMISSIONS_PER_ADDRESS = 20;
/** Opening the page asks whether its link still works: 60 an hour from one network, as the unsubscribe page's. */
export const INVITATION_VIEWS_PER_ADDRESS = 60;
export const INVITATION_EMAILS_PER_USER = 5;
const HOUR = 3600;

export class InvitationThrottle {
  private readonly submissionsByAddress: RateLimiterAbstract;
  private readonly viewsByAddress: RateLimiterAbstract;
  private readonly emailsByUser: RateLimiterAbstract;

  constructor(redis: RedisClient | null) {
    this.submissionsByAddress = allowance(redis, 'invitation_submit_address', INVITATION_SUBMISSIONS_PER_ADDRESS, HOUR);
    this.viewsByAddress = allowance(redis, 'invitation_view_address', INVITATION_VIEWS_PER_ADDRESS, HOUR);
    this.emailsByUser = allowance(redis, 'invitation_email_user', INVITATION_EMAILS_PER_USER, HOUR);
  }

  submission(address: string): Promise<void> {
    return take(
      this.submissionsByAddress,
      networkOf(address),
      'Too many attempts to accept an invitation from this network.',
    );
  }

  view(address: string): Promise<void> {
    return take(this.viewsByAddress, networkOf(address), 'Too many invitation pages opened from this network.');
  }

  email(userId: string): Promise<void> {
    return take(this.emailsByUser, userId, 'Too many invitations sent to this person.');
  }
}
