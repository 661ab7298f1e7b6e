import { queryClient } from '../../app/queryClient';
import { useAppStore } from '../../app/store';
import { indexedDbStore } from '../offline/localDb';
import { forgetLocalCopy } from '../offline/localCopy';

/** Forgets everything of the signed-in user in this tab (the socket closes with the shell). */
export function endClientSession(): void {
  useAppStore.getState().clearSession();
  queryClient.clear();
  void forgetLocalCopy(indexedDbStore);
}
