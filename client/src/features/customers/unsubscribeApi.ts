import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { queryClient } from '../../app/queryClient';
import { unsubscribeUrl, type UnsubscribePageView } from './unsubscribe';

/** The unsubscribe page is public: no session, no CSRF token, and a 401 is not "sign in again". */
const PUBLIC = { csrf: false, redirectOnUnauthorized: false } as const;

/** The organization and whether the address is unsubscribed (public); a link that does not work is shown, never retried. */
export function useUnsubscribePage(token: string) {
  return useQuery({
    queryKey: [unsubscribeUrl(token)],
    queryFn: ({ signal }) => api.get<UnsubscribePageView>(unsubscribeUrl(token), { ...PUBLIC, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * The person's click: unsubscribe (POST) or subscribe again (DELETE). The answer's view replaces the page's, so the
 * page shows what the server now holds, and its message is the one shown.
 */
export function useSetUnsubscribed(token: string, onDone: (unsubscribed: boolean, message: string) => void) {
  return useMutation({
    mutationFn: (unsubscribe: boolean) =>
      unsubscribe
        ? api.post<{ success: true; message: string; data: UnsubscribePageView }>(
            unsubscribeUrl(token),
            undefined,
            PUBLIC,
          )
        : api.delete<{ success: true; message: string; data: UnsubscribePageView }>(unsubscribeUrl(token), PUBLIC),
    onSuccess: (answer) => {
      queryClient.setQueryData([unsubscribeUrl(token)], answer.data);
      onDone(answer.data.unsubscribed, answer.message);
    },
  });
}
