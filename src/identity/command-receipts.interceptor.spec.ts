import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { lastValueFrom, Observable } from 'rxjs';
import {
  ConcurrentChangeError,
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  ValidationError,
} from '../core/errors';
import { SqliteEventStore } from '../core/event-store/sqlite-event-store';
import { SqliteReadStore } from '../core/read-store/sqlite-read-store';
import {
  COMMAND_RECEIPTS,
  CommandReceiptsInterceptor,
  HOLD_MS,
  REUSED_COMMAND_ID,
  STILL_PROCESSING,
} from './command-receipts.interceptor';
import type { AuthenticatedRequest, CurrentUser } from './current-user';

const ORG = 'org-1';
const ANA: CurrentUser = {
  userId: 'user-ana',
  organizationId: ORG,
  sessionId: 's',
  role: 'Associate',
  claims: [],
  fullName: 'Ana',
};
const COMMAND = '5b0c3c1e-3d1a-4a8e-9c55-2b7f0b1d9e01';

/** A response as far as the interceptor and the test look: the status, the headers. */
class FakeResponse {
  statusCode = 201;
  headersSent = false;
  headers: Record<string, string> = {};
  status(code: number) {
    this.statusCode = code;
    return this;
  }
  setHeader(name: string, value: string) {
    this.headers[name] = value;
  }
}

/** Resolves or rejects when the test says: a command whose handler is still running. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

/** The concurrency rule and the crash window, against the embedded stores; the HTTP walk is test/api/command-ids.spec.ts. */
describe('command receipts: one command id, executed once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'command-receipts-'));
  const readStore = new SqliteReadStore(join(dir, 'read.sqlite'));
  const events = new SqliteEventStore(join(dir, 'events.sqlite'));
  let now = Date.parse('2030-01-01T10:00:00.000Z');
  const interceptor = new CommandReceiptsInterceptor(new Reflector(), readStore, events, {
    now: () => new Date(now),
  });
  afterAll(async () => {
    await readStore.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let handled = 0;
  /** One delivery of POST /api/time with X-Command-Id `commandId`, its handler `work`. */
  async function deliver(work: () => Promise<unknown>, commandId = COMMAND, path = '/api/time') {
    const request = {
      method: 'POST',
      path,
      headers: { 'x-command-id': commandId },
      user: ANA,
    } as unknown as AuthenticatedRequest;
    const response = new FakeResponse();
    const context = {
      getType: () => 'http',
      getHandler: () => deliver,
      getClass: () => FakeResponse,
      switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
    } as unknown as ExecutionContext;
    const next: CallHandler = {
      handle: () =>
        new Observable((subscriber) => {
          handled += 1;
          work().then(
            (value) => (subscriber.next(value), subscriber.complete()),
            (error) => subscriber.error(error),
          );
        }),
    };
    const answer = interceptor.intercept(context, next).then((observable) => lastValueFrom(observable));
    return { response, answer };
  }

  beforeEach(async () => {
    handled = 0;
    await readStore.dropCollection(COMMAND_RECEIPTS);
  });

  it('answers a delivery that comes while the first runs with a 409 to try again, then replays the answer', async () => {
    const running = deferred<unknown>();
    const first = await deliver(() => running.promise);
    // The first holds the id from the moment it was taken, before its handler has answered.
    await new Promise((resolve) => setImmediate(resolve));
    const second = await deliver(async () => 'never');
    await expect(second.answer).rejects.toThrow(new ConflictError(STILL_PROCESSING));
    expect(second.response.headers['Retry-After']).toBe('1');
    running.resolve({ success: true, data: { id: 't1' } });
    expect(await first.answer).toEqual({ success: true, data: { id: 't1' } });
    const third = await deliver(async () => ({ success: true, data: { id: 't2' } }));
    expect(await third.answer).toEqual({ success: true, data: { id: 't1' } });
    expect(third.response.statusCode).toBe(201);
    expect(third.response.headers['X-Command-Replayed']).toBe('1');
    expect(handled).toBe(1);
  });

  it('keeps a refusal and replays it; keeps no unexpected failure, lost race or limit, so they run again', async () => {
    const refused = await deliver(async () => {
      throw new NotFoundError('The job');
    });
    await expect(refused.answer).rejects.toThrow(NotFoundError);
    const again = await deliver(async () => ({ success: true }));
    expect(await again.answer).toEqual({ success: false, errors: ['The job was not found.'] });
    expect(again.response.statusCode).toBe(404);
    expect(handled).toBe(1);

    const other = 'a1e5b2c4-0d6f-4b7a-8e9c-3f2a1b0c9d8e';
    const failed = await deliver(async () => {
      throw new Error('the disk is full');
    }, other);
    await expect(failed.answer).rejects.toThrow('the disk is full');
    const raced = await deliver(async () => {
      throw new ConcurrentChangeError('Someone else changed this at the same time. Reload and try again.');
    }, other);
    await expect(raced.answer).rejects.toThrow(ConcurrentChangeError);
    expect(raced.response.headers['Retry-After']).toBe('1');
    const throttled = await deliver(async () => {
      throw new TooManyRequestsError('Too many attempts. Try again in a minute.', 60);
    }, other);
    await expect(throttled.answer).rejects.toThrow(TooManyRequestsError);
    const ran = await deliver(async () => ({ success: true }), other);
    expect(await ran.answer).toEqual({ success: true });
    expect(ran.response.headers['X-Command-Replayed']).toBeUndefined();
    expect(handled).toBe(5);
  });

  it('refuses the id on another route', async () => {
    await (
      await deliver(async () => ({ success: true }))
    ).answer;
    const elsewhere = await deliver(async () => ({ success: true }), COMMAND, '/api/customers');
    await expect(elsewhere.answer).rejects.toThrow(new ValidationError(REUSED_COMMAND_ID));
  });

  it('takes over a delivery that never answered once its hold has passed, and runs it again if it appended nothing', async () => {
    const stuck = await deliver(() => new Promise(() => undefined));
    void stuck.answer;
    await new Promise((resolve) => setImmediate(resolve));
    now += HOLD_MS - 1_000;
    await expect((await deliver(async () => 'x')).answer).rejects.toThrow(STILL_PROCESSING);
    now += 2_000;
    const retried = await deliver(async () => ({ success: true, data: { id: 't9' } }));
    expect(await retried.answer).toEqual({ success: true, data: { id: 't9' } });
    expect(handled).toBe(2);
  });

  it("answers as done, without running it again, when the stopped delivery's events are in the log", async () => {
    const stuck = await deliver(async () => {
      // Appended, then the process stops before the answer is kept.
      await events.append(
        'timer-t7',
        [
          {
            id: 'e7',
            type: 'TimerStarted',
            data: {},
            metadata: {
              organizationId: ORG,
              actorUserId: ANA.userId,
              correlationId: 'c',
              causationId: null,
              timestamp: new Date(now).toISOString(),
              commandId: COMMAND,
            },
          },
        ],
        'no_stream',
      );
      return new Promise(() => undefined);
    });
    void stuck.answer;
    // Until the stopped delivery's event is in the log (however busy the machine), not a fixed pause.
    while (!(await events.readStream('timer-t7')).length) await new Promise((resolve) => setTimeout(resolve, 10));
    now += HOLD_MS + 1_000;
    const retried = await deliver(async () => ({ success: true, data: { id: 'a second timer' } }));
    expect(await retried.answer).toEqual({ success: true });
    expect(retried.response.statusCode).toBe(201);
    expect(retried.response.headers['X-Command-Replayed']).toBe('1');
    expect(handled).toBe(1);
    // And so to every later delivery.
    expect(await (await deliver(async () => 'x')).answer).toEqual({ success: true });
  });
});
