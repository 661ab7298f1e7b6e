import {
  CallHandler,
  ExecutionContext,
  Inject,
  Injectable,
  Logger,
  NestInterceptor,
  SetMetadata,
  StreamableFile,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { catchError, mergeMap, Observable, of } from 'rxjs';
import { CLOCK, Clock } from '../core/clock';
import { ConcurrentChangeError, ConflictError, ValidationError } from '../core/errors';
import { EVENT_STORE, EventStore, GlobalPosition } from '../core/event-store/event-store.port';
import { DomainExceptionFilter } from '../core/http/domain-exception.filter';
import { DuplicateKeyError, READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { COMMAND_REPLAYED_HEADER } from '../shared/offline';
import { AuthenticatedRequest, offlineHeaders, PUBLIC_ROUTE } from './current-user';

/**
 * The answers given to commands sent with a command id (docs/offline.md), kept by the API itself in the read store:
 * no projection writes it, so a rebuild (which drops a projection's own collections) leaves it.
 */
export const COMMAND_RECEIPTS = 'commandReceipts';

const SECRET_ANSWER = 'commandReceipts:secretAnswer';

/**
 * A route whose answer holds a secret shown once (a calendar feed link's token): its receipt keeps that the command
 * was done, never the answer, so no token lies in the read store for 30 days. A later delivery of the same command is
 * answered 410 with `replay` (what to do to have the secret again), and appends nothing.
 */
export const AnswerHoldsSecret = (replay: string) => SetMetadata(SECRET_ANSWER, replay);

export const STILL_PROCESSING =
  'This change is still being processed from an earlier attempt. It will be tried again in a moment.';
export const REUSED_COMMAND_ID =
  'This change could not be sent: its command id was already used for another change. Each change needs an id of its own.';

const COMMAND_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a delivery holds its command id. Past it, the delivery is taken for one whose process stopped. */
export const HOLD_MS = 10 * 60_000;
/** How far past a stopped delivery's hold the log is read for its events: the clocks of several instances differ. */
const CLOCK_MARGIN_MS = 60_000;
const KEEP_MS = 30 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;
const RETRY_AFTER_SECONDS = '1';
const LOG_PAGE = 500;

interface ReceiptDoc {
  /** `<organizationId>:<userId>:<commandId>`: one person's ids are theirs alone. */
  _id: string;
  organizationId: string;
  userId: string;
  commandId: string;
  /** The request it answers ('POST /api/time'): the same id sent elsewhere is refused. */
  route: string;
  /** When the first delivery came: receipts are kept 30 days from it. */
  receivedAt: string;
  state: 'running' | 'answered';
  /** Until when the delivery running it holds it. */
  heldUntil: string;
  /** The log's head when that delivery began: its events, if any, come after. */
  logHead: GlobalPosition | null;
  /** Once answered: the status and the JSON text of the body ('' for none). */
  status?: number;
  body?: string;
}

/** Who sent the command, and where. */
type Origin = Pick<ReceiptDoc, 'organizationId' | 'userId' | 'commandId' | 'route'>;

type Turn = { kind: 'run'; held: string } | { kind: 'answered'; receipt: ReceiptDoc } | { kind: 'busy' };

const iso = (ms: number) => new Date(ms).toISOString();

/** What Nest sends as JSON (or as text) and JSON.stringify keeps: not a file, a stream or bytes. */
const isJsonAnswer = (body: unknown) =>
  !(body instanceof StreamableFile) &&
  !Buffer.isBuffer(body) &&
  !(typeof body === 'object' && body !== null && typeof (body as { pipe?: unknown }).pipe === 'function');

/**
 * Executes a state-changing request of a signed-in person that carries X-Command-Id at most once per
 * (organization, person, command id): a later delivery gets the first one's status and JSON body again, with
 * X-Command-Replayed: 1, and appends nothing. Refusals (4xx) are answers too; a failure of ours (5xx), a lost race,
 * a limit (429) or an ended session (401) is not kept, so the next delivery runs again. A delivery that comes while
 * the first still runs gets a 409 with Retry-After. Runs after the guards: signed out or without the claim, nothing
 * is kept.
 */
@Injectable()
export class CommandReceiptsInterceptor implements NestInterceptor {
  private readonly logger = new Logger('CommandReceipts');
  private readonly filter = new DomainExceptionFilter();
  private prunedAt = 0;

  constructor(
    private readonly reflector: Reflector,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private get receipts() {
    return this.store.collection<ReceiptDoc>(COMMAND_RECEIPTS);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const response = context.switchToHttp().getResponse<Response>();
    const user = request.user;
    if (!COMMAND_METHODS.has(request.method) || !user) return next.handle();
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()]))
      return next.handle();
    const { commandId } = offlineHeaders(request);
    if (!commandId) return next.handle();
    const secret = this.reflector.getAllAndOverride<string | undefined>(SECRET_ANSWER, [
      context.getHandler(),
      context.getClass(),
    ]);
    /** What a later delivery gets for a success: the answer, or for a secret-bearing one what to do instead. */
    const kept = (status: number, body: unknown) =>
      secret ? { status: 410, body: { success: false, errors: [secret] } } : { status, body };
    const key = `${user.organizationId}:${user.userId}:${commandId}`;
    const origin: Origin = {
      organizationId: user.organizationId,
      userId: user.userId,
      commandId,
      route: `${request.method} ${request.path}`.slice(0, 300),
    };
    // Set before the handler runs: the route's own status (201 for a POST, or its @HttpCode).
    const turn = await this.take(key, origin, kept(response.statusCode, { success: true }));
    if (turn.kind === 'busy') {
      response.setHeader('Retry-After', RETRY_AFTER_SECONDS);
      throw new ConflictError(STILL_PROCESSING);
    }
    if (turn.kind === 'answered') {
      response.status(turn.receipt.status!);
      response.setHeader(COMMAND_REPLAYED_HEADER, '1');
      return of(turn.receipt.body ? JSON.parse(turn.receipt.body) : undefined);
    }
    return next.handle().pipe(
      mergeMap(async (body) => {
        if (response.headersSent || !isJsonAnswer(body)) await this.release(key, turn.held);
        else {
          const receipt = kept(response.statusCode, body);
          await this.answer(key, turn.held, receipt.status, receipt.body);
        }
        return body;
      }),
      catchError(async (error: unknown) => {
        const { status, errors } = this.filter.describe(error);
        const decided = status >= 400 && status < 500 && status !== 401 && status !== 429;
        if (decided && !(error instanceof ConcurrentChangeError))
          await this.answer(key, turn.held, status, { success: false, errors });
        else {
          await this.release(key, turn.held);
          // Nothing was decided: the outbox sends it again (after the other change) rather than giving up.
          if (error instanceof ConcurrentChangeError) response.setHeader('Retry-After', RETRY_AFTER_SECONDS);
        }
        throw error;
      }),
    );
  }

  /**
   * This delivery's turn: to run the command, to replay its answer, or to wait for the delivery running it.
   * `success`: what the route answers when it succeeds, for a delivery whose process stopped after appending.
   */
  private async take(key: string, origin: Origin, success: { status: number; body: unknown }): Promise<Turn> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = this.clock.now().getTime();
      const held = iso(now + HOLD_MS);
      const logHead = await this.events.headPosition();
      try {
        await this.receipts.insertOne({
          _id: key,
          ...origin,
          receivedAt: iso(now),
          state: 'running',
          heldUntil: held,
          logHead,
        });
        this.pruneNowAndThen(now);
        return { kind: 'run', held };
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
      const found = await this.receipts.findOne({ _id: key });
      if (!found) continue; // released by a failure, or pruned, meanwhile
      if (found.route !== origin.route) throw new ValidationError(REUSED_COMMAND_ID);
      if (found.state === 'answered') return { kind: 'answered', receipt: found };
      if (Date.parse(found.heldUntil) > now) return { kind: 'busy' };
      // Its delivery never answered (its process stopped): take it over, then look whether it got as far as the log.
      const taken = await this.receipts.updateOne(
        { _id: key, state: 'running', heldUntil: found.heldUntil },
        { $set: { heldUntil: held, logHead } },
      );
      if (taken.matchedCount === 0) return { kind: 'busy' };
      if (!(await this.appliedBefore(found))) return { kind: 'run', held };
      // Its events are in the log, its answer lost with the process: what the route answers when it succeeds.
      const answered = { state: 'answered' as const, status: success.status, body: JSON.stringify(success.body) };
      await this.receipts.updateOne({ _id: key, heldUntil: held }, { $set: answered });
      return { kind: 'answered', receipt: { ...found, ...answered } };
    }
    return { kind: 'busy' };
  }

  /**
   * Whether a delivery that stopped had appended events: they carry its command id, after the log's head when it
   * began and no later than its hold. Reads only that stretch of the log.
   */
  private async appliedBefore(stopped: ReceiptDoc): Promise<boolean> {
    const until = Date.parse(stopped.heldUntil) + CLOCK_MARGIN_MS;
    let after = stopped.logHead ?? undefined;
    for (;;) {
      const page = await this.events.readAll({ after, maxCount: LOG_PAGE });
      for (const event of page) {
        const { commandId, organizationId, timestamp } = event.metadata;
        if (commandId === stopped.commandId && organizationId === stopped.organizationId) return true;
        if (Date.parse(timestamp) > until) return false;
      }
      if (page.length < LOG_PAGE) return false;
      after = page[page.length - 1].position;
    }
  }

  /** Keeps the answer, if this delivery still holds the command id. */
  private async answer(key: string, held: string, status: number, body: unknown): Promise<void> {
    try {
      const text = body === undefined ? '' : JSON.stringify(body);
      await this.receipts.updateOne({ _id: key, heldUntil: held }, { $set: { state: 'answered', status, body: text } });
    } catch (error) {
      // Left running: the next delivery waits out the hold, then finds the events in the log.
      this.logger.warn(`keeping the answer to ${key}: ${String(error)}`);
    }
  }

  /** Lets the next delivery run the command again. */
  private async release(key: string, held: string): Promise<void> {
    try {
      await this.receipts.deleteOne({ _id: key, state: 'running', heldUntil: held });
    } catch (error) {
      this.logger.warn(`releasing ${key}: ${String(error)}`);
    }
  }

  /** At most once an hour per instance, after a claim: receipts older than 30 days go. */
  private pruneNowAndThen(now: number): void {
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    const prune = async () => {
      await this.receipts.createIndex({ receivedAt: 1 }, { name: 'receivedAt' });
      await this.receipts.deleteMany({ receivedAt: { $lt: iso(now - KEEP_MS) } });
    };
    prune().catch((error) => this.logger.warn(`pruning command receipts: ${String(error)}`));
  }
}
