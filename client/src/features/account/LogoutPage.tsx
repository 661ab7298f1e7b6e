import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { LoadingScreen } from '../../shared/LoadingScreen';
import { endClientSession } from '../session/endSession';
import { signOut } from './accountApi';

/** Ends the session on the server, then the client forgets it too. */
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
