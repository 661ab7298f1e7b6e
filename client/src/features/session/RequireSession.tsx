import { Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useAppStore } from '../../app/store';
import { LoadingScreen } from '../../shared/LoadingScreen';
import { QueryError } from '../../shared/QueryError';
import { fetchSession, SESSION_URL } from './session';

/**
 * Signed-in pages render once the session is known. A 401 sends the browser to the sign-in page
 * (the API client does that for every call), so here only loading and other failures remain.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const query = useQuery({ queryKey: [SESSION_URL], queryFn: ({ signal }) => fetchSession(signal), staleTime: 60_000 });
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
