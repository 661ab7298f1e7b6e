// Why a sign-in was refused, on the wire, shared by the server and the client: imports nothing (see
// docs/wire-contract.md).

/**
 * The sentences the sign-in screen may show for a refused form post. The server redirects to
 * `/account/login?error=<code>` with one of these codes, never with text: a link can carry any `error`, and
 * the screen must not show a stranger's words as the server's.
 */
export const SIGN_IN_ERRORS = {
  credentials: 'The email or password is incorrect.',
  inactive: 'Your account is inactive. Contact your company administrator.',
  throttled: 'Too many failed sign-in attempts. Try again in a few minutes.',
  missing: 'Enter your email and password.',
  failed: 'Signing in did not work. Please try again.',
  organization: 'Choose the organization to sign in to.',
} as const;

export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

/** The sentence for a code from the address, or null for anything else (unknown codes are not shown). */
export function signInErrorMessage(code: string | null | undefined): string | null {
  return code && Object.hasOwn(SIGN_IN_ERRORS, code) ? SIGN_IN_ERRORS[code as SignInErrorCode] : null;
}

/** One of the organizations whose account an address and password opened: the person picks one. */
export interface OrganizationChoice {
  id: string;
  name: string;
}

/** POST /account/login's JSON answer: signed in (the session cookie is set), or asked to pick an organization. */
export type SignInAnswer =
  | { success: true; redirectUrl?: string | null }
  | { success: false; chooseOrganization: OrganizationChoice[]; errors: string[] };
