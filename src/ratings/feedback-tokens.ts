import { createHash, createHmac } from 'node:crypto';
import { derivedId } from '../core/clock';

/**
 * A feedback link's token: HMAC-SHA256 of the request's id under a key derived from the server's secret,
 * URL-safe (256 bits; without the secret it is as unguessable as random bits). Derived rather than random so
 * that the e-mail of a request recorded just before a crash can be written again with the same link. Only
 * its digest is recorded.
 */
export function feedbackToken(serverSecret: string, requestId: string): string {
  const key = createHmac('sha256', serverSecret).update('crewclock feedback links').digest();
  return createHmac('sha256', key).update(requestId, 'utf8').digest('base64url');
}

/** SHA-256 (hex) of the token: enough for a 256-bit secret (no password to slow down). */
export const feedbackTokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A token as we issue it: 43 base64url characters. Anything else is not looked up. */
export const isFeedbackTokenShape = (token: unknown): token is string =>
  typeof token === 'string' && token.length === 43 && /^[\w-]+$/.test(token);

/**
 * The automated request's id, derived from the job: every instance, retry or restart that requests it
 * names the same request (and the same event, e-mail and link), so it is recorded and mailed once.
 */
export const automatedRequestId = (ratingId: string): string => derivedId(`automated rating request:${ratingId}`);
