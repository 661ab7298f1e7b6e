import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../app/api';
import { paths } from '../../app/paths';
import { useAppStore } from '../../app/store';
import { LoadingScreen } from '../../shared/LoadingScreen';
import { endClientSession } from '../session/endSession';
import { fetchSession } from '../session/session';

/** Ends the session on the server (it needs the CSRF token), then the client forgets it too. */
async function signOut(): Promise<void> {
  try {
    if (!useAppStore.getState().session) await fetchSession(undefined, { redirectOnUnauthorized: false });
    await api.post(paths.logout, undefined, { redirectOnUnauthorized: false });
  } catch {
    // already signed out, or the server is unreachable: the client still forgets the session
  }
}

export function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().finally(() => {
      endClientSession();
      navigate(paths.login, { replace: true });
    });
  }, [navigate]);
  return <LoadingScreen fullPage />;
}
