import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { paths } from '../../app/paths';
import { useAppStore } from '../../app/store';
import { fetchSession } from '../session/sessionApi';
import type { SignInAnswer } from '../../../../src/shared/sign-in';
import type { InvitationPageView } from '../../../../src/shared/session';

/** Signing in and the password pages come before a session: no CSRF token, and a 401 is an answer, not "sign in again". */
const BEFORE_SIGN_IN = { csrf: false, redirectOnUnauthorized: false } as const;

/** The sign-in's answer and the organizations it may offer, declared once in src/shared/sign-in.ts. */
export type { OrganizationChoice as Organization } from '../../../../src/shared/sign-in';

export interface Credentials {
  username: string;
  password: string;
  rememberMe: boolean;
  /** Where to go once signed in (already made safe). */
  returnUrl: string;
  /** The organization picked when the address and password open several. */
  organizationId: string | null;
}

/** POST /account/login as JSON: the session cookie is set, or the person is asked to pick an organization. */
export const submitSignIn = (c: Credentials) =>
  api.post<SignInAnswer>(
    paths.login,
    {
      username: c.username.trim(),
      password: c.password,
      RememberMe: c.rememberMe,
      RedirectUrl: c.returnUrl,
      organizationId: c.organizationId,
    },
    BEFORE_SIGN_IN,
  );

/** Ends the session on the server (it needs the CSRF token, so the session is fetched first when not loaded). */
export async function signOut(): Promise<void> {
  try {
    if (!useAppStore.getState().session) await fetchSession(undefined, { redirectOnUnauthorized: false });
    await api.post(paths.logout, undefined, { redirectOnUnauthorized: false });
  } catch {
    // already signed out, or the server is unreachable: the client still forgets the session
  }
}

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Changes my password; my other sessions end, this one stays. */
export function useChangePassword(onSuccess: () => void) {
  return useMutation({
    mutationFn: (values: ChangePasswordValues) => api.post(paths.changePassword, values),
    onSuccess,
  });
}

/** Asks for a reset link by e-mail (the answer is the same whether the address is known or not). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api.post(paths.forgotPassword, { email }, BEFORE_SIGN_IN),
  });
}

interface NewPassword {
  password: string;
  confirmPassword: string;
}

/** Sets a new password with a reset link's token. */
export function useResetPassword(token: string, onSuccess: () => void) {
  return useMutation({
    mutationFn: (values: NewPassword) => api.post(paths.resetPassword, { token, ...values }, BEFORE_SIGN_IN),
    onSuccess,
  });
}

/**
 * Whether an invitation link still works, and whose organization it is (issue #44): asked on opening, so a used link
 * says so at once. Opening changes nothing on the server; a refusal is shown, never retried.
 */
export function useInvitationPage(token: string) {
  const url = `/api/account/invitation/${encodeURIComponent(token)}`;
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => api.get<InvitationPageView>(url, { ...BEFORE_SIGN_IN, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Accepts an invitation with the password chosen; the server signs the new person in. */
export function useAcceptInvitation(token: string, onSuccess: () => void) {
  return useMutation({
    mutationFn: (values: NewPassword) =>
      api.post<{ success: true; redirectUrl: string }>(paths.invitation, { token, ...values }, BEFORE_SIGN_IN),
    onSuccess,
  });
}
