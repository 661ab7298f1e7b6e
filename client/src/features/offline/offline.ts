import { createElement } from 'react';
import { notifyAs } from '../../shared/notify';
import { holdRefetchesWhile, queryClient, releaseHeldRefetches } from '../../app/queryClient';
import { useAppStore } from '../../app/store';
import { fetchSession } from '../session/sessionApi';
import { useConnectivity, followConnectivity } from './connectivity';
import { indexedDbStore } from './localDb';
import { keepLocalCopy, restoreLocalCopy } from './localCopy';
import { applyEffects, createOutbox, noticeSubject } from './outbox';

/** While actions wait and the network is there, the outbox tries again this often (a server that was down). */
const RETRY_MS = 15_000;
/** The app renders after this even if the phone's storage is slow to open. */
const RESTORE_WAIT_MS = 1500;

/** What the outbox told about each subject still on screen: a timer's start and stop read in one notice. */
const told = new Map<string, { titles: string[]; messages: string[]; refused: boolean }>();

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
  tell: ({ entry, message, refused }) => {
    const subject = noticeSubject(entry.effect);
    const before = told.get(subject) ?? { titles: [], messages: [], refused: false };
    const now = {
      titles: [...before.titles, refused ? `Not applied: ${entry.label}` : entry.label],
      messages: [...before.messages, message],
      refused: before.refused || refused,
    };
    told.set(subject, now);
    notifyAs(`outbox:${subject}`, {
      title: now.titles[0],
      // One line each, in the order they came: the start's words, then the stop's.
      message: now.messages.map((line, i) => createElement('div', { key: i }, line)),
      color: now.refused ? 'orange' : 'navy',
      autoClose: false,
      onClose: () => {
        if (told.get(subject) === now) told.delete(subject);
      },
    });
  },
  changed: (waiting, syncing) => useConnectivity.setState({ waiting, syncing }),
  ready: async () => {
    if (useAppStore.getState().session?.csrfToken) return true;
    return fetchSession(undefined, { redirectOnUnauthorized: false }).then(
      (session) => !!session.csrfToken,
      () => false,
    );
  },
  settled: (sentSomething) => releaseHeldRefetches(sentSomething),
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
  const kept = new Map<string, number>();
  const restored = (async () => {
    await restoreLocalCopy(queryClient, indexedDbStore, kept);
    await outbox.reapply();
  })().catch(() => undefined);
  await Promise.race([restored, new Promise((resolve) => setTimeout(resolve, RESTORE_WAIT_MS))]);
  keepLocalCopy(queryClient, indexedDbStore, kept);
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
