import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
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
  if (query.isError) {
    return (
      <Container size="sm" py="xl">
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </Container>
    );
  }
  return <LoadingScreen fullPage />;
}
