import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { useAppStore } from '../../app/store';
import type { SessionPayload } from '../../../../src/shared/session';
import { SESSION_URL } from './session';

/** Loads the session and puts it in the store, where components read single fields. */
export async function fetchSession(
  signal?: AbortSignal,
  options: { redirectOnUnauthorized?: boolean } = {},
): Promise<SessionPayload> {
  const session = await api.get<SessionPayload>(SESSION_URL, { signal, ...options });
  useAppStore.getState().setSession(session);
  return session;
}

/** The session of a signed-in page, read into the store; pushes about people and the organization refetch it. */
export const useSessionQuery = () =>
  useQuery({ queryKey: [SESSION_URL], queryFn: ({ signal }) => fetchSession(signal), staleTime: 60_000 });
