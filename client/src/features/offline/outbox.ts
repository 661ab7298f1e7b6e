import type { QueryClient } from '@tanstack/react-query';
import { ApiError, firstError } from '../../app/api';
import { readsUnder } from '../../app/queryClient';
import { COMMAND_ID_HEADER, DEVICE_TIME_HEADER } from '../../../../src/shared/offline';
import type { Job } from '../scheduling/jobs';
import { OWN_JOBS_URL, UPCOMING_JOBS_URL } from '../scheduling/jobs';
import type { TimersPage } from '../../../../src/shared/timers';
import { CURRENT_TIMER_URL, MY_TIMERS_URL, TIME_URL } from '../timers/timerUrls';
import type { Timer } from '../timers/timers';
import type { LocalStore } from './localDb';

/**
 * The outbox (issue #29): what a person does is stored on the phone first, with an id of its own and the device's
 * time, then sent in the order it was done, now or when the network is back. The server answers a command id it has
 * seen as it did the first time, so a second delivery (the answer lost on the way back) changes nothing.
 */

/** What an action changes in the local copy until the server's answer replaces it. */
export type LocalEffect =
  | { kind: 'startTimer'; timer: Timer }
  | { kind: 'changeTimer'; timerId: string; changes: Partial<Timer> }
  | { kind: 'requestJob'; jobId: string }
  | { kind: 'cancelRequest'; jobId: string };

export interface OutboxEntry {
  /** The order it was taken in (the outbox's key). */
  seq?: number;
  commandId: string;
  userId: string;
  /** When the person acted, on the phone's own clock. */
  deviceTime: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  url: string;
  body?: Record<string, unknown>;
  /** In words, for the list of what waits: "Start timer · Smith kitchen". */
  label: string;
  effect: LocalEffect;
  /** Not sent at once: it goes with its device time, and a start with its start. */
  queued: boolean;
}

/** What became of a command the outbox sent: kept a while, so a later action can name the server's id. */
interface SentRecord {
  commandId: string;
  serverId: string | null;
  refused: string | null;
  at: number;
}

export type Outcome =
  | { kind: 'done'; body: unknown }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'retry' }
  | { kind: 'signedOut' };

export interface Performed<T> {
  /** True when it waits in the outbox (no network): the screen says "Waiting to sync". */
  queued: boolean;
  body: T | null;
}

export interface OutboxDeps {
  store: LocalStore;
  client: QueryClient;
  fetch: typeof fetch;
  userId: () => string | null;
  csrfToken: () => string | null;
  online: () => boolean;
  newId: () => string;
  /** The device's own clock. */
  now: () => Date;
  /** A command sent later that the server refused, or answered with something to say: told in words. */
  tell: (notice: { entry: OutboxEntry; message: string; refused: boolean }) => void;
  /** Before sending: the session's CSRF token, read again if the phone opened offline (it is not kept on disk). */
  ready: () => Promise<boolean>;
  /** A sync ended: the screens refetch (everything, when it sent something). */
  settled: (sentSomething: boolean) => Promise<void>;
  /** The waiting list changed (the status shows it). */
  changed: (waiting: OutboxEntry[], syncing: boolean) => void;
  /** Serializes the sending across the tabs of the phone (Web Locks), where the browser has it. */
  exclusive?: <T>(run: () => Promise<T>) => Promise<T>;
}

/**
 * What an action is about, for its notice: a timer (the local id of one started offline, which its stop names too) or
 * a job. The outbox's notices about one subject share one toast (issue #44 item 14), so a phone that was offline
 * reads a timer's start and its stop together, not in two toasts stacked over its screen.
 */
export function noticeSubject(effect: LocalEffect): string {
  switch (effect.kind) {
    case 'startTimer':
      return `timer:${effect.timer.id}`;
    case 'changeTimer':
      return `timer:${effect.timerId}`;
    default:
      return `job:${effect.jobId}`;
  }
}

/** A timer started without network has this id until the server names it. */
export const LOCAL_ID_PREFIX = 'local-';
export const isLocalId = (id: string) => id.startsWith(LOCAL_ID_PREFIX);
const SENT_KEPT_MS = 7 * 24 * 3600_000;

export function createOutbox(deps: OutboxDeps) {
  const outcomes = new Map<string, Outcome>();
  /** Actions whose screen waits for the answer (sent at once): told there, not as a notice. */
  const awaited = new Set<string>();
  let draining: Promise<void> | null = null;
  let syncing = false;
  /** What this page sent, by command id: read from the store only for what an earlier page sent. */
  const sentIds = new Map<string, SentRecord>();

  async function waiting(): Promise<OutboxEntry[]> {
    const userId = deps.userId();
    const all = await deps.store.all<OutboxEntry>('outbox');
    return all.filter((e) => e.userId === userId).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  }

  async function announce() {
    deps.changed(await waiting(), syncing);
  }

  /** The URL with the server's id for a timer started offline, or why it cannot be sent. */
  async function resolveUrl(entry: OutboxEntry): Promise<string | { refused: string }> {
    const at = entry.url.indexOf(LOCAL_ID_PREFIX);
    if (at < 0) return entry.url;
    const commandId = decodeURIComponent(entry.url.slice(at + LOCAL_ID_PREFIX.length));
    const sent =
      sentIds.get(commandId) ?? (await deps.store.all<SentRecord>('sent')).find((s) => s.commandId === commandId);
    if (sent?.serverId) return entry.url.slice(0, at) + encodeURIComponent(sent.serverId);
    return { refused: `${entry.label}: not applied, because the timer's start was not applied.` };
  }

  async function deliver(entry: OutboxEntry): Promise<Outcome> {
    const url = await resolveUrl(entry);
    if (typeof url !== 'string') return { kind: 'refused', status: 409, message: url.refused };
    const headers: Record<string, string> = { Accept: 'application/json', [COMMAND_ID_HEADER]: entry.commandId };
    const csrf = deps.csrfToken();
    if (csrf) headers['X-CSRF-Token'] = csrf;
    if (entry.queued) headers[DEVICE_TIME_HEADER] = entry.deviceTime;
    let body = entry.body;
    // Sent later, a start says when it started (sent at once, the server's clock starts it).
    if (entry.queued && entry.effect.kind === 'startTimer')
      body = { ...body, startDateTime: entry.effect.timer.startDateTime };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await deps.fetch(url, {
        method: entry.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch {
      return { kind: 'retry' };
    }
    const text = await response.text().catch(() => '');
    let data: unknown = null;
    try {
      data = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      data = text;
    }
    if (response.ok) return { kind: 'done', body: data };
    if (response.status === 401) return { kind: 'signedOut' };
    // The server's trouble, a limit, or the same command still being decided: try again later.
    if (response.status >= 500 || response.status === 429 || response.headers.has('Retry-After'))
      return { kind: 'retry' };
    return { kind: 'refused', status: response.status, message: firstError(data) };
  }

  /** Off the outbox, with what the server said (a later action on a timer started offline needs its id). */
  function acknowledge(entry: OutboxEntry, outcome: Outcome) {
    const data =
      outcome.kind === 'done'
        ? (outcome.body as { data?: { id?: unknown; reviewId?: unknown } } | null)?.data
        : undefined;
    // A start sent to a manager's review is named by the review, whose id its timer gets once approved: the stop
    // behind it goes there, and joins the review (issue #44 item 5).
    const serverId = [data?.id, data?.reviewId].find((id): id is string => typeof id === 'string') ?? null;
    const sent: SentRecord = {
      commandId: entry.commandId,
      serverId,
      refused: outcome.kind === 'refused' ? outcome.message : null,
      at: Date.now(),
    };
    sentIds.set(sent.commandId, sent);
    // Not waited for: IndexedDB runs transactions in the order they were made, so the next read of the outbox sees
    // it; lost in a crash, the command is sent again and answered as the first time.
    void deps.store.acknowledge(entry.seq!, sent).catch(() => undefined);
  }

  async function prune() {
    const old = (await deps.store.all<SentRecord>('sent')).filter((s) => Date.now() - s.at > SENT_KEPT_MS);
    for (const s of old) await deps.store.remove('sent', s.commandId);
  }

  /** Sends what waits, oldest first; stops at the first that cannot go now (no network, signed out). */
  async function drain() {
    let delivered = 0;
    syncing = true;
    try {
      // Read in batches: what is done meanwhile joins the end, and is read when these are sent.
      let batch = await waiting();
      deps.changed(batch, true);
      if (batch.length && !(await deps.ready())) batch = [];
      while (batch.length && deps.online()) {
        // Shown as waiting until its answer is in: the status never says "done" while one is on its way.
        const entry = batch[0];
        const outcome = await deliver(entry);
        if (outcome.kind === 'retry' || outcome.kind === 'signedOut') {
          if (!entry.queued) await deps.store.put('outbox', { ...entry, queued: true });
          break;
        }
        acknowledge(entry, outcome);
        batch.shift();
        if (!batch.length) batch = await waiting();
        deps.changed(batch, true);
        delivered++;
        if (awaited.has(entry.commandId)) {
          outcomes.set(entry.commandId, outcome); // its screen tells the answer
          continue;
        }
        if (outcome.kind === 'refused') deps.tell({ entry, message: outcome.message, refused: true });
        else {
          // A timer's answer has words only when something is worth saying: it went to a manager's review, or it
          // was applied though someone changed the timer meanwhile. (A request's usual words are not news.)
          const said = (outcome.body as { message?: unknown; data?: { reviewId?: unknown } } | null) ?? null;
          if (typeof said?.message === 'string' && (said.data?.reviewId || entry.url.startsWith(TIME_URL)))
            deps.tell({ entry, message: said.message, refused: false });
        }
      }
    } finally {
      syncing = false;
      await announce();
    }
    if (delivered > 0) await prune();
    // What the server now holds replaces what the phone guessed; what pushes asked for meanwhile is read too.
    await deps.settled(delivered > 0);
  }

  function sync(): Promise<void> {
    draining ??= (deps.exclusive ? deps.exclusive(drain) : drain()).finally(() => {
      draining = null;
    });
    return draining;
  }

  /**
   * Does an action: stored first, shown at once, then sent. Online, it resolves with the server's answer (a refusal
   * throws, as a call would); without network, with `queued` and the action waiting in the outbox.
   */
  async function perform<T>(action: Pick<OutboxEntry, 'method' | 'url' | 'body' | 'label' | 'effect'>) {
    const userId = deps.userId();
    if (!userId) throw new ApiError(401, ['Please sign in again.']);
    const commandId = deps.newId();
    const { effect } = action;
    const entry: OutboxEntry = {
      ...action,
      // A timer started here is named after its command until the server names it.
      effect:
        effect.kind === 'startTimer'
          ? { ...effect, timer: { ...effect.timer, id: LOCAL_ID_PREFIX + commandId } }
          : effect,
      commandId,
      userId,
      deviceTime: deps.now().toISOString(),
      queued: !deps.online() || (await waiting()).length > 0,
    };
    await deps.store.put('outbox', entry);
    applyEffects(deps.client, [entry]);
    await announce();
    if (deps.online()) {
      awaited.add(entry.commandId);
      // Others ahead of it are sent first, in order; a sync already running is waited for, then this one.
      while (draining) await draining;
      await sync();
      awaited.delete(entry.commandId);
    }
    const outcome = outcomes.get(entry.commandId);
    outcomes.delete(entry.commandId);
    if (!outcome) return { queued: true, body: null } satisfies Performed<T>;
    if (outcome.kind === 'refused') throw new ApiError(outcome.status, [outcome.message]);
    return { queued: false, body: outcome.kind === 'done' ? (outcome.body as T) : null } satisfies Performed<T>;
  }

  /** After the local copy is read back (an app opened offline): what waits shows as done on the phone. */
  async function reapply() {
    applyEffects(deps.client, await waiting());
    await announce();
  }

  return { perform, sync, reapply, waiting };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** The first page of a paged read (where a time stopped offline joins the newest). */
const firstPageUnder = (base: string) => (query: { queryKey: readonly unknown[] }) =>
  readsUnder([base])(query) &&
  new URL(query.queryKey[0] as string, 'http://local').searchParams.get('currentPage') === '1';

function setJobs(client: QueryClient, jobId: string, requestStatus: Job['requestStatus']) {
  client.setQueriesData<Job[]>({ predicate: readsUnder([OWN_JOBS_URL, UPCOMING_JOBS_URL]) }, (jobs) =>
    Array.isArray(jobs) ? jobs.map((j) => (j.id === jobId ? { ...j, requestStatus } : j)) : jobs,
  );
}

/** Shows the actions as done in the local copy, in the order they were taken. */
export function applyEffects(client: QueryClient, entries: readonly OutboxEntry[]) {
  for (const { effect } of entries) {
    switch (effect.kind) {
      case 'startTimer':
        client.setQueryData<Timer | null>([CURRENT_TIMER_URL], effect.timer);
        break;
      case 'changeTimer': {
        const current = client.getQueryData<Timer | null>([CURRENT_TIMER_URL]);
        const changed = (t: Timer): Timer => (t.id === effect.timerId ? { ...t, ...effect.changes } : t);
        client.setQueriesData<TimersPage>({ predicate: readsUnder([MY_TIMERS_URL]) }, (page) =>
          page ? { ...page, resultItems: page.resultItems.map(changed) } : page,
        );
        if (current?.id === effect.timerId) {
          const next = changed(current);
          client.setQueryData<Timer | null>([CURRENT_TIMER_URL], next.endDateTime ? null : next);
          // A timer stopped without network joins the newest tracked times at once.
          if (next.endDateTime)
            client.setQueriesData<TimersPage>({ predicate: firstPageUnder(MY_TIMERS_URL) }, (page) =>
              page && !page.resultItems.some((t) => t.id === next.id)
                ? { ...page, resultItems: [next, ...page.resultItems], totalRecords: page.totalRecords + 1 }
                : page,
            );
        }
        break;
      }
      case 'requestJob':
        setJobs(client, effect.jobId, 'pending');
        break;
      case 'cancelRequest':
        setJobs(client, effect.jobId, null);
        break;
    }
  }
}

/** An action's toast: as online, and "Waiting to sync" while it waits in the outbox. */
export function waitingToSync(result: unknown, message: string): string {
  return (result as Performed<unknown> | null)?.queued ? `${message}. Waiting to sync.` : message;
}

/** The timer an action waiting in the outbox is about, if any (a screen marks its row "Waiting to sync"). */
export function timerOfEntry(entry: OutboxEntry): string | null {
  if (entry.effect.kind === 'startTimer') return entry.effect.timer.id;
  if (entry.effect.kind === 'changeTimer') return entry.effect.timerId;
  return null;
}
