import { api } from '../../app/api';
import { useAppStore } from '../../app/store';
import type { Claim, SessionPayload } from '../../../../src/shared/session';

export const SESSION_URL = '/api/session';

/** Loads the session and puts it in the store, where components read single fields. */
export async function fetchSession(
  signal?: AbortSignal,
  options: { redirectOnUnauthorized?: boolean } = {},
): Promise<SessionPayload> {
  const session = await api.get<SessionPayload>(SESSION_URL, { signal, ...options });
  useAppStore.getState().setSession(session);
  return session;
}

export const useHasClaim = (claim: Claim) => useAppStore((s) => s.session?.claims.includes(claim) ?? false);
export const useIsCompanyAdmin = () => useAppStore((s) => s.session?.user.roles.includes('Company Admin') ?? false);
