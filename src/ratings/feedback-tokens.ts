import { createHash, randomBytes } from 'node:crypto';

/** A feedback link's token: 256 random bits, URL-safe. Only its digest is recorded. */
export const newFeedbackToken = (): string => randomBytes(32).toString('base64url');

/** SHA-256 (hex) of the token: enough for a 256-bit random secret (no password to slow down). */
export const feedbackTokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A token as we issue it: 43 base64url characters. Anything else is not looked up. */
export const isFeedbackTokenShape = (token: unknown): token is string =>
  typeof token === 'string' && token.length === 43 && /^[\w-]+$/.test(token);
