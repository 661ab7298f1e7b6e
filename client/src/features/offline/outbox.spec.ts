import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/api';
import { CURRENT_TIMER_URL, type Timer } from '../timers/timers';
import { memoryStore, type LocalStore } from './localDb';
import { createOutbox, LOCAL_ID_PREFIX, noticeSubject, type OutboxEntry } from './outbox';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

const timer = (over: Partial<Timer> = {}): Timer => ({
  id: '',
  type: 'Job',
  jobId: 'j1',
  jobName: 'Smith kitchen',
  customerName: 'Smith',
  label: null,
  mileageStart: null,
  mileageEnd: null,
  startDateTime: '2026-11-27T12:00:00.000Z',
  endDateTime: null,
  userId: 'u1',
  userFullName: 'Ann Lee',
  createdAt: '2026-11-27T12:00:00.000Z',
  ...over,
});

/** The outbox against a server played by `answer`, with the network switched by `net.online`. */
function setUp(answer: (sent: Sent) => Response | Promise<Response>, store: LocalStore = memoryStore()) {
  const net = { online: true };
  const sent: Sent[] = [];
  const told: { message: string; refused: boolean }[] = [];
  let ids = 0;
  const client = new QueryClient();
  const outbox = createOutbox({
    store,
    client,
    fetch: vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (!net.online) throw new TypeError('Failed to fetch');
      const s: Sent = {
        method: init?.method ?? 'GET',
        url: String(url),
        headers: init?.headers as Record<string, string>,
        body: init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined,
      };
      sent.push(s);
      return answer(s);
    }),
    userId: () => 'u1',
    csrfToken: () => 'csrf',
    online: () => net.online,
    newId: () => `00000000-0000-4000-8000-00000000000${++ids}`,
    now: () => new Date('2026-11-27T12:00:05.000Z'),
    tell: ({ message, refused }) => told.push({ message, refused }),
    changed: () => undefined,
    ready: async () => true,
    settled: (sentSomething) => (sentSomething ? client.invalidateQueries() : Promise.resolve()),
  });
  return { net, sent, told, client, outbox, store };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const start = {
  method: 'POST' as const,
  url: '/api/time',
  body: { type: 'Job', jobId: 'j1' },
  label: 'Start timer · Smith kitchen',
};

/** The stop control's action on a timer (a local id while its start waits). */
const stop = (timerId: string) => ({
  method: 'PATCH' as const,
  url: `/api/time/${timerId}`,
  body: { endDateTime: '2026-11-27T12:30:00.000Z' },
  label: 'Stop timer · Smith kitchen',
  effect: { kind: 'changeTimer' as const, timerId, changes: { endDateTime: '2026-11-27T12:30:00.000Z' } },
});

describe('the outbox', () => {
  it('online, sends at once with a command id and no device time, and answers as the server did', async () => {
    const { sent, outbox } = setUp(() => json(200, { success: true, data: { id: 't1' } }));
    const result = await outbox.perform({ ...start, effect: { kind: 'startTimer', timer: timer() } });
    expect(result).toEqual({ queued: false, body: { success: true, data: { id: 't1' } } });
    expect(sent).toHaveLength(1);
    expect(sent[0].headers['X-Command-Id']).toBe('00000000-0000-4000-8000-000000000001');
    expect(sent[0].headers['X-Device-Time']).toBeUndefined();
    expect(sent[0].body).toEqual({ type: 'Job', jobId: 'j1' });
    expect(await outbox.waiting()).toEqual([]);
  });

  it('online, a refusal throws as a call would and leaves nothing waiting', async () => {
    const { outbox, told } = setUp(() => json(409, { success: false, errors: ['A timer is already running'] }));
    await expect(outbox.perform({ ...start, effect: { kind: 'startTimer', timer: timer() } })).rejects.toEqual(
      new ApiError(409, ['A timer is already running']),
    );
    expect(await outbox.waiting()).toEqual([]);
    expect(told).toEqual([]); // its screen said it
  });

  it('offline, keeps the action with its device time, shows the timer running, and sends it once back online', async () => {
    const { net, sent, outbox, client } = setUp((s) =>
      s.method === 'POST' ? json(200, { success: true, data: { id: 't9' } }) : json(200, { success: true }),
    );
    net.online = false;
    const result = await outbox.perform({ ...start, effect: { kind: 'startTimer', timer: timer() } });
    expect(result).toEqual({ queued: true, body: null });
    const local = client.getQueryData<Timer>([CURRENT_TIMER_URL])!;
    expect(local.id).toBe(`${LOCAL_ID_PREFIX}00000000-0000-4000-8000-000000000001`);
    // Stopped while still offline: the stop names the local timer.
    await outbox.perform(stop(local.id));
    expect(client.getQueryData([CURRENT_TIMER_URL])).toBeNull();
    const waiting = await outbox.waiting();
    expect(waiting.map((e: OutboxEntry) => [e.label, e.queued, e.deviceTime])).toEqual([
      ['Start timer · Smith kitchen', true, '2026-11-27T12:00:05.000Z'],
      ['Stop timer · Smith kitchen', true, '2026-11-27T12:00:05.000Z'],
    ]);
    expect(sent).toEqual([]);

    net.online = true;
    await outbox.sync();
    expect(sent.map((s) => [s.method, s.url])).toEqual([
      ['POST', '/api/time'],
      ['PATCH', '/api/time/t9'], // the server's id, learnt from the start's answer
    ]);
    expect(sent[0].headers['X-Device-Time']).toBe('2026-11-27T12:00:05.000Z');
    expect(sent[0].body).toEqual({ type: 'Job', jobId: 'j1', startDateTime: '2026-11-27T12:00:00.000Z' });
    expect(await outbox.waiting()).toEqual([]);
  });

  it('a start the server refused takes the actions on its timer with it, each told in words', async () => {
    const { net, sent, outbox, told } = setUp(() =>
      json(409, { success: false, errors: ['A timer started at 8:05 AM on another device is already running.'] }),
    );
    net.online = false;
    await outbox.perform({ ...start, effect: { kind: 'startTimer', timer: timer() } });
    const id = `${LOCAL_ID_PREFIX}00000000-0000-4000-8000-000000000001`;
    await outbox.perform(stop(id));
    net.online = true;
    await outbox.sync();
    expect(sent).toHaveLength(1);
    expect(told).toEqual([
      { message: 'A timer started at 8:05 AM on another device is already running.', refused: true },
      { message: "Stop timer · Smith kitchen: not applied, because the timer's start was not applied.", refused: true },
    ]);
    expect(await outbox.waiting()).toEqual([]);
  });

  it('sends again, with the same command id, what was delivered but not acknowledged (the answer lost)', async () => {
    const store = memoryStore();
    let lost = true;
    const { net, sent, outbox } = setUp(() => {
      if (lost) {
        lost = false;
        throw new TypeError('Failed to fetch'); // the server took it; its answer never came back
      }
      return json(200, { success: true, data: { id: 't1' } });
    }, store);
    net.online = true;
    const result = await outbox.perform({ ...start, effect: { kind: 'startTimer', timer: timer() } });
    expect(result.queued).toBe(true);
    await outbox.sync();
    expect(sent.map((s) => s.headers['X-Command-Id'])).toEqual([
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000001',
    ]);
    // The first try was meant to be at once; the second goes as a queued one, with its device time.
    expect(sent[1].headers['X-Device-Time']).toBe('2026-11-27T12:00:05.000Z');
    expect(await outbox.waiting()).toEqual([]);
  });

  it('keeps the action while the server is down or still deciding the same command, and sends it later', async () => {
    const answers = [
      json(503, { success: false, errors: ['Down'] }),
      json(409, { success: false, errors: ['Still being processed'] }, { 'Retry-After': '1' }),
      json(200, { success: true, data: { id: 't1' } }),
    ];
    const { outbox, sent } = setUp(() => answers.shift()!);
    expect((await outbox.perform({ ...start, effect: { kind: 'startTimer', timer: timer() } })).queued).toBe(true);
    await outbox.sync();
    expect(await outbox.waiting()).toHaveLength(1);
    await outbox.sync();
    expect(await outbox.waiting()).toEqual([]);
    expect(sent).toHaveLength(3);
  });

  it('tells the words of a start sent to a manager for review', async () => {
    const message = "Your phone's clock was 14 hours off, so this start was sent to a manager for review.";
    const { net, outbox, told } = setUp(() => json(202, { success: true, data: { reviewId: 'r1' }, message }));
    net.online = false;
    await outbox.perform({ ...start, effect: { kind: 'startTimer', timer: timer() } });
    net.online = true;
    await outbox.sync();
    expect(told).toEqual([{ message, refused: false }]);
  });

  it('tells the words of a stop applied though a manager changed the timer meanwhile', async () => {
    const message =
      'Alex Rivera changed this timer at 4:10 PM while your phone was offline. Your stop (4:05 PM) was applied and their changes were kept.';
    const { net, outbox, told } = setUp(() => json(200, { success: true, message }));
    net.online = false;
    await outbox.perform(stop('t1'));
    net.online = true;
    await outbox.sync();
    expect(told).toEqual([{ message, refused: false }]);
  });

  it("sends a stop behind a start that went to a manager's review to that review, and tells both answers", async () => {
    const message = 'This start was 14 hours before it reached us, so it was sent to a manager for review.';
    const added = "This time's start is waiting for a manager's review. Your stop (7:30 AM) was added to it.";
    const { net, outbox, told, sent } = setUp((s) =>
      json(202, { success: true, data: { reviewId: 'r1' }, message: s.method === 'POST' ? message : added }),
    );
    net.online = false;
    await outbox.perform({ ...start, effect: { kind: 'startTimer', timer: timer() } });
    const id = `${LOCAL_ID_PREFIX}00000000-0000-4000-8000-000000000001`;
    await outbox.perform(stop(id));
    net.online = true;
    await outbox.sync();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /api/time', 'PATCH /api/time/r1']);
    expect(told).toEqual([
      { message, refused: false },
      { message: added, refused: false },
    ]);
  });

  it('after a reload, shows what waits on the local copy again', async () => {
    const store = memoryStore();
    const first = setUp(() => json(200, {}), store);
    first.net.online = false;
    await first.outbox.perform({ ...start, effect: { kind: 'startTimer', timer: timer() } });
    const reopened = setUp(() => json(200, {}), store);
    reopened.net.online = false;
    await reopened.outbox.reapply();
    expect(reopened.client.getQueryData<Timer>([CURRENT_TIMER_URL])?.jobName).toBe('Smith kitchen');
  });
});

describe('noticeSubject', () => {
  it("gives a timer's offline start and its stop one subject, and a job's request its own", () => {
    const timer = { id: `${LOCAL_ID_PREFIX}c1` } as Timer;
    expect(noticeSubject({ kind: 'startTimer', timer })).toBe(`timer:${LOCAL_ID_PREFIX}c1`);
    expect(noticeSubject({ kind: 'changeTimer', timerId: `${LOCAL_ID_PREFIX}c1`, changes: {} })).toBe(
      `timer:${LOCAL_ID_PREFIX}c1`,
    );
    expect(noticeSubject({ kind: 'changeTimer', timerId: 't2', changes: {} })).toBe('timer:t2');
    expect(noticeSubject({ kind: 'requestJob', jobId: 'j1' })).toBe('job:j1');
    expect(noticeSubject({ kind: 'cancelRequest', jobId: 'j1' })).toBe('job:j1');
  });
});
