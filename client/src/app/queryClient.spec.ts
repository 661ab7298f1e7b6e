import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import {
  holdRefetchesWhile,
  invalidateEverything,
  invalidateUrls,
  keyMatchesUrlPrefix,
  queryClient,
  releaseHeldRefetches,
} from './queryClient';

describe('query keys by URL', () => {
  it('matches a URL and everything under it, not look-alikes', () => {
    expect(keyMatchesUrlPrefix(['/api/users'], ['/api/users'])).toBe(true);
    expect(keyMatchesUrlPrefix(['/api/users/paged?filter='], ['/api/users'])).toBe(true);
    expect(keyMatchesUrlPrefix(['/api/users?x=1'], ['/api/users'])).toBe(true);
    expect(keyMatchesUrlPrefix(['/api/usersettings'], ['/api/users'])).toBe(false);
    expect(keyMatchesUrlPrefix([42], ['/api/users'])).toBe(false);
  });

  it('holds the refetches asked for while the outbox is sent, and runs them after, none lost', async () => {
    const client = new QueryClient();
    client.setQueryData(['/api/time/current'], null);
    client.setQueryData(['/api/profile'], { firstName: 'J' });
    let sending = true;
    holdRefetchesWhile(() => sending);
    try {
      await invalidateUrls(['/api/time'], client);
      expect(client.getQueryState(['/api/time/current'])?.isInvalidated).toBe(false);
      sending = false;
      await releaseHeldRefetches(false, client);
      expect(client.getQueryState(['/api/time/current'])?.isInvalidated).toBe(true);
      expect(client.getQueryState(['/api/profile'])?.isInvalidated).toBe(false);

      sending = true;
      await invalidateEverything(client); // a reconnect meanwhile
      sending = false;
      await releaseHeldRefetches(false, client);
      expect(client.getQueryState(['/api/profile'])?.isInvalidated).toBe(true);
    } finally {
      holdRefetchesWhile(() => false);
    }
  });

  it('invalidates only the matching entries', async () => {
    const client = new QueryClient();
    client.setQueryData(['/api/users/paged?currentPage=1'], { resultItems: [] });
    client.setQueryData(['/api/profile'], { firstName: 'J' });
    await invalidateUrls(['/api/users'], client);
    expect(client.getQueryState(['/api/users/paged?currentPage=1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['/api/profile'])?.isInvalidated).toBe(false);
  });
});

describe('retries', () => {
  const retry = queryClient.getDefaultOptions().queries!.retry as (count: number, error: unknown) => boolean;
  it('retries a failure on our side twice, never a refusal or a 503 (being prepared after an update)', () => {
    expect(retry(0, new ApiError(500, ['x']))).toBe(true);
    expect(retry(1, new ApiError(0, ['offline']))).toBe(true);
    expect(retry(2, new ApiError(500, ['x']))).toBe(false);
    expect(retry(0, new ApiError(404, ['x']))).toBe(false);
    expect(retry(0, new ApiError(503, ['The audit log is being prepared after an update (4 % done).']))).toBe(false);
  });
});
