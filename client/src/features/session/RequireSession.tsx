import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError, NETWORK_ERROR } from '../../app/api';
import { useAppStore } from '../../app/store';
import { LoadingScreen } from '../../shared/LoadingScreen';
import { QueryError } from '../../shared/QueryError';
import { useSessionQuery } from './sessionApi';

/**
 * Signed-in pages render once the session is known. A 401 sends the browser to the sign-in page
 * (the API client does that for every call), so here only loading and other failures remain.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const query = useSessionQuery();
  const signedIn = useAppStore((s) => s.session !== null);
  if (signedIn) return children;
  // Offline with no copy of a session on this device (never signed in here): the read waits for a network.
  const error = query.isError ? query.error : query.fetchStatus === 'paused' ? new ApiError(0, [NETWORK_ERROR]) : null;
  if (error) {
    return (
      <Container size="sm" py="xl">
        <QueryError error={error} onRetry={() => void query.refetch()} />
      </Container>
    );
  }
  return <LoadingScreen fullPage />;
}
