import { paths } from '../../app/paths';

/** The longest return URL the server takes when signing in; it comes from a link, so it is bounded before it is read. */
const MAX_RETURN_URL = 2000;

/** Pages a return URL must never lead back to: they would sign out or loop. */
const NO_RETURN = [paths.login, paths.logout].map((p) => p.toLowerCase());

/**
 * The place to go after sign-in. Only a relative path on this site: one leading '/', never '//' or
 * '/\' (protocol-relative), no scheme, no control characters. Anything else goes Home.
 */
export function safeReturnUrl(raw: string | null | undefined, fallback: string = paths.home): string {
  if (!raw || raw.length > MAX_RETURN_URL) return fallback;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(value, 'http://same.origin');
  } catch {
    return fallback;
  }
  if (parsed.origin !== 'http://same.origin') return fallback;
  if (NO_RETURN.some((page) => parsed.pathname.toLowerCase() === page)) return fallback;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** The sign-in page that brings the user back to where they were. */
export function loginPathFor(location: { pathname: string; search: string; hash?: string }): string {
  const here = `${location.pathname}${location.search}${location.hash ?? ''}`;
  const back = safeReturnUrl(here, '');
  return back && back !== paths.home ? `${paths.login}?ReturnUrl=${encodeURIComponent(back)}` : paths.login;
}
