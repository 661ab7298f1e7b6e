import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Session tokens are 256 random bits held only by the browser (cookie). The server stores
 * HMAC(secret, token), so a leaked read model or event log cannot be replayed as a cookie.
 * The CSRF token is derived from the session token, so it needs no storage and dies with the session.
 */
export const SESSION_COOKIE = 'cc_session';
/**
 * Over https the cookie is `__Host-`-prefixed: browsers then accept it only when Secure, for path /
 * and without a Domain, so no sibling subdomain can plant or overwrite it (OWASP ASVS 7.2).
 */
export const sessionCookieName = (publicUrl: string): string =>
  publicUrl.startsWith('https://') ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
export const CSRF_HEADER = 'x-csrf-token';

export const newToken = (): string => randomBytes(32).toString('base64url');

export const tokenDigest = (secret: string, token: string): string =>
  createHmac('sha256', secret).update(`session:${token}`).digest('hex');

export const csrfTokenFor = (secret: string, token: string): string =>
  createHmac('sha256', secret).update(`csrf:${token}`).digest('base64url');

export function csrfTokenMatches(secret: string, sessionToken: string, candidate: unknown): boolean {
  if (typeof candidate !== 'string' || !candidate) return false;
  const expected = Buffer.from(csrfTokenFor(secret, sessionToken));
  const actual = Buffer.from(candidate);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Password-reset tokens: random, stored as a digest, single use, short-lived. */
export const resetTokenDigest = (secret: string, token: string): string =>
  createHmac('sha256', secret).update(`reset:${token}`).digest('hex');
export const PASSWORD_RESET_TTL_MINUTES = 60;

/**
 * Invitation tokens: 256 random bits like the reset's, stored as a digest under their own label (a reset
 * token can never pass for an invitation), single use, valid a week (a new person may not read mail daily).
 */
export const invitationTokenDigest = (secret: string, token: string): string =>
  createHmac('sha256', secret).update(`invitation:${token}`).digest('hex');
export const INVITATION_TTL_DAYS = 7;

export const SESSION_TTL_HOURS = 12;
export const REMEMBER_ME_TTL_DAYS = 30;
