import type { QueryClient, QueryCacheNotifyEvent } from '@tanstack/react-query';
import type { TimersPage } from '../../../../src/shared/timers';
import { keyMatchesUrlPrefix, readsUnder } from '../../app/queryClient';
import { useAppStore } from '../../app/store';
import type { SessionPayload } from '../../../../src/shared/session';
import { PROFILE_URL } from '../profile/profileApi';
import { OWN_JOBS_URL, UPCOMING_JOBS_URL, type Job } from '../scheduling/jobs';
import { SESSION_URL } from '../session/session';
import { CURRENT_TIMER_URL, MY_TIMERS_URL } from '../timers/timerUrls';
import type { Timer } from '../timers/timers';
import { useConnectivity } from './connectivity';
import type { LocalStore } from './localDb';

/**
 * What a person needs in the field without signal (issue #29): who they are, their running timer, their jobs (the
 * calendar's weeks they looked at, the next 30 days, open jobs they may request) and their tracked times.
 */
const KEPT_URLS = [SESSION_URL, PROFILE_URL, CURRENT_TIMER_URL, MY_TIMERS_URL, OWN_JOBS_URL, UPCOMING_JOBS_URL];
/** Reads kept at most: the newest win (a calendar paged through many weeks would grow without end). */
export const MAX_KEPT = 60;

export interface CopyEntry {
  url: string;
  data: unknown;
  /** When the server answered it (epoch ms). */
  savedAt: number;
  userId: string;
}

/** A read of now that the phone keeps; the past (asOf) is only ever read online. */
export function isKept(url: unknown): url is string {
  return typeof url === 'string' && keyMatchesUrlPrefix([url], KEPT_URLS) && !url.includes('asOf');
}

/**
 * Puts the local copy of the person last signed in on this phone into the query cache (and their session into the
 * store) before the first screen renders, so every screen reads it while the network is away. `kept` learns when
 * each URL the copy holds was saved (keepLocalCopy's count), so the copy is read once at start.
 */
export async function restoreLocalCopy(client: QueryClient, store: LocalStore, kept: Map<string, number>) {
  let entries: CopyEntry[];
  try {
    entries = await store.all<CopyEntry>('copy');
  } catch {
    return; // no IndexedDB (a private window in some browsers): the app works online as before
  }
  for (const entry of entries) kept.set(entry.url, entry.savedAt);
  const session = entries.find((e) => e.url === SESSION_URL)?.data as SessionPayload | undefined;
  const userId = session?.user.id ?? null;
  let lastUpdated: number | null = null;
  for (const entry of entries) {
    // The session goes to the store (below), never to the cache: its query puts it there only when it reads it.
    if (entry.userId !== userId || entry.url === SESSION_URL) continue;
    client.setQueryData([entry.url], entry.data, { updatedAt: entry.savedAt });
    lastUpdated = Math.max(lastUpdated ?? 0, entry.savedAt);
  }
  // Online, the session is read from the server as always; offline, the phone's copy opens the signed-in screens.
  if (session && !navigator.onLine) useAppStore.getState().setSession(session);
  useConnectivity.setState({ lastUpdated });
}

/**
 * Keeps each server answer of a kept URL in the local copy, as it arrives; `savedAt` holds what the copy holds (from
 * restoreLocalCopy), the newest MAX_KEPT stay. Returns the unsubscribe.
 */
export function keepLocalCopy(client: QueryClient, store: LocalStore, savedAt: Map<string, number>): () => void {
  return client.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const url = event.query.queryKey[0];
    const userId = useAppStore.getState().session?.user.id;
    if (!isKept(url) || !userId) return;
    // The session's CSRF token stays in memory only (ASVS 8.2.2: nothing a request could be forged with on disk).
    const data =
      url === SESSION_URL ? { ...(event.query.state.data as SessionPayload), csrfToken: '' } : event.query.state.data;
    const entry: CopyEntry = { url, data, savedAt: event.query.state.dataUpdatedAt, userId };
    savedAt.set(url, entry.savedAt);
    useConnectivity.setState({ lastUpdated: entry.savedAt });
    void store.put('copy', entry).catch(() => undefined);
    if (savedAt.size > MAX_KEPT) {
      const oldest = [...savedAt.entries()].filter(([u]) => u !== SESSION_URL).sort((a, b) => a[1] - b[1])[0];
      savedAt.delete(oldest[0]);
      void store.remove('copy', oldest[0]).catch(() => undefined);
    }
  });
}

/**
 * A session that ends leaves nothing the person read on the phone. What they did and is not sent yet stays: it is
 * theirs, sent when they sign in again (the outbox sends only the signed-in person's actions).
 */
export async function forgetLocalCopy(store: LocalStore): Promise<void> {
  useConnectivity.setState({ lastUpdated: null, waiting: [] });
  await store.clear('copy').catch(() => undefined);
}

/** A job the phone holds (its calendar, upcoming and open jobs): what an action taken offline shows of it. */
export function jobInLocalCopy(client: QueryClient, jobId: string): Job | null {
  for (const [, jobs] of client.getQueriesData<Job[]>({ predicate: readsUnder([OWN_JOBS_URL, UPCOMING_JOBS_URL]) })) {
    const job = Array.isArray(jobs) ? jobs.find((j) => j.id === jobId) : undefined;
    if (job) return job;
  }
  return null;
}

/** A timer the phone holds: the running one, or one of the tracked times it read. */
export function timerInLocalCopy(client: QueryClient, timerId: string): Timer | null {
  const current = client.getQueryData<Timer | null>([CURRENT_TIMER_URL]);
  if (current?.id === timerId) return current;
  for (const [, page] of client.getQueriesData<TimersPage>({ predicate: readsUnder([MY_TIMERS_URL]) })) {
    const timer = page?.resultItems.find((t) => t.id === timerId);
    if (timer) return timer;
  }
  return null;
}
