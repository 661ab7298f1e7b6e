/**
 * Links that work as keys — a password reset's token, a feedback page's token, a booking link, a calendar feed, an unsubscribe link — must
 * never reach the logs: whoever reads the logs could use them (OWASP ASVS 16.2.5). Everything that logs
 * a URL passes it through `redactUrl`.
 */

/** Query parameters whose value is a secret, compared in lower case. */
const SECRET_PARAMS = new Set(['token', 'secret', 'code', 'key', 'password', 'signature', 'sig']);

/** Paths whose next segment is a secret (the page and its API alike). */
const SECRET_PATH_PREFIXES = [
  '/feedback/',
  '/api/feedback/',
  '/share/booking/',
  '/api/share/booking/',
  '/booking/',
  '/book/',
  '/api/booking-links/',
  '/account/invitation/',
  '/api/account/invitation/',
  '/calendar/',
  '/unsubscribe/',
  '/api/unsubscribe/',
];

export const REDACTED = '[redacted]';

/** The URL (a path, or an absolute URL such as a Referer) with every secret replaced by [redacted]; the rest stays readable. */
export function redactUrl(url: string): string {
  const scheme = url.indexOf('://');
  if (scheme > 0) {
    const pathStart = url.indexOf('/', scheme + 3);
    return pathStart < 0 ? url : url.slice(0, pathStart) + redactUrl(url.slice(pathStart));
  }
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? null : url.slice(q + 1);
  return redactPath(path) + (query === null ? '' : `?${redactQuery(query)}`);
}

function redactPath(path: string): string {
  const lower = path.toLowerCase();
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (!lower.startsWith(prefix) || path.length === prefix.length) continue;
    const end = path.indexOf('/', prefix.length);
    return path.slice(0, prefix.length) + REDACTED + (end < 0 ? '' : path.slice(end));
  }
  return path;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.split('+').join(' '));
      } catch {
        /* a malformed name is logged as sent */
      }
      return eq >= 0 && SECRET_PARAMS.has(decoded.trim().toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/** Request headers with the Referer's secrets redacted: a page opened from a reset link sends that link with every request it makes. */
export function redactHeaders(headers: unknown): unknown {
  if (!headers || typeof headers !== 'object' || typeof (headers as { referer?: unknown }).referer !== 'string')
    return headers;
  return { ...headers, referer: redactUrl((headers as { referer: string }).referer) };
}
