import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { api } from '../../app/api';
import { holdRefetchesWhile, queryClient } from '../../app/queryClient';
import { useAppStore } from '../../app/store';
import { pagedUrl } from '../../shared/pagedQuery';
import { rangeUrl } from '../scheduling/calendarRange';
import { OWN_JOBS_URL, UPCOMING_JOBS_URL } from '../scheduling/jobs';
import { todayIn } from '../scheduling/zonedTime';
import { INITIAL_TIMERS_QUERY, MY_TIMERS_URL, startableJobsRange, thisWeek } from '../timers/timers';
import { useConnectivity, followConnectivity } from './connectivity';
import { indexedDbStore } from './localDb';
import { keepLocalCopy, restoreLocalCopy } from './localCopy';
import { applyEffects, createOutbox } from './outbox';

/** While actions wait and the network is there, the outbox tries again this often (a server that was down). */
const RETRY_MS = 15_000;
/** The app renders after this even if the phone's storage is slow to open. */
const RESTORE_WAIT_MS = 1500;

/** A command id: a random UUID (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newCommandId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const outbox = createOutbox({
  store: indexedDbStore,
  client: queryClient,
  fetch: (input, init) => fetch(input, init),
  userId: () => useAppStore.getState().session?.user.id ?? null,
  csrfToken: () => useAppStore.getState().session?.csrfToken ?? null,
  online: () => navigator.onLine,
  newId: newCommandId,
  now: () => new Date(),
  tell: ({ entry, message, refused }) =>
    notifications.show({
      title: refused ? `Not applied: ${entry.label}` : entry.label,
      message,
      color: refused ? 'orange' : 'navy',
      autoClose: false,
    }),
  changed: (waiting, syncing) => useConnectivity.setState({ waiting, syncing }),
  exclusive:
    typeof navigator !== 'undefined' && navigator.locks
      ? <T>(run: () => Promise<T>) => navigator.locks.request('crewclock-outbox', run) as Promise<T>
      : undefined,
});

let started = false;

/**
 * Before the first screen: the local copy into the query cache, what waits in the outbox shown as done; then the
 * outbox is sent now (an app opened with network) and whenever the network comes back.
 */
export async function startOffline(): Promise<void> {
  if (started) return;
  started = true;
  const restored = (async () => {
    await restoreLocalCopy(queryClient, indexedDbStore);
    await outbox.reapply();
  })().catch(() => undefined);
  await Promise.race([restored, new Promise((resolve) => setTimeout(resolve, RESTORE_WAIT_MS))]);
  keepLocalCopy(queryClient, indexedDbStore);
  followConnectivity();
  holdRefetchesWhile(() => {
    const { syncing, online, waiting } = useConnectivity.getState();
    return syncing || (online && waiting.length > 0);
  });
  // A server answer read while actions still wait would hide them: they are shown on it again.
  queryClient.getQueryCache().subscribe((event) => {
    const { waiting } = useConnectivity.getState();
    if (waiting.length && event.type === 'updated' && event.action.type === 'success' && !event.action.manual)
      applyEffects(queryClient, waiting);
  });
  window.addEventListener('online', () => void outbox.sync());
  setInterval(() => {
    if (navigator.onLine && useConnectivity.getState().waiting.length) void outbox.sync();
  }, RETRY_MS);
  void outbox.sync();
}

/**
 * What a person needs in the field is read while the network is there, not only when its screen is opened: this
 * week's tracked times, the next jobs, and the jobs a timer may start on (Home reads the running timer, today's
 * calendar and open jobs).
 */
export function useLocalCopyOfTheDay(): void {
  const online = useConnectivity((s) => s.online);
  const zone = useAppStore((s) => s.session?.company.timeZone);
  useEffect(() => {
    if (!online || !zone) return;
    const urls = [
      pagedUrl(MY_TIMERS_URL, { ...INITIAL_TIMERS_QUERY, ...thisWeek(zone) }),
      UPCOMING_JOBS_URL,
      rangeUrl(OWN_JOBS_URL, startableJobsRange(todayIn(zone))),
    ];
    for (const url of urls)
      void queryClient.prefetchQuery({ queryKey: [url], queryFn: ({ signal }) => api.get(url, { signal }) });
  }, [online, zone]);
}
