import { queryClient } from '../../app/queryClient';
import { useAppStore } from '../../app/store';

/** Forgets everything of the signed-in user in this tab (the socket closes with the shell). */
export function endClientSession(): void {
  useAppStore.getState().clearSession();
  queryClient.clear();
}
