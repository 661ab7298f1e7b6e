import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConcurrentChangeError } from '../errors';
import { Decider, DomainEvent, fold } from '../decider';
import { newId } from '../clock';
import {
  EVENT_STORE,
  EventStore,
  GlobalPosition,
  RecordedEvent,
  WrongExpectedRevisionError,
} from '../event-store/event-store.port';

/** Who asks, for which organization, when; becomes every event's metadata. */
export interface CommandMeta {
  organizationId: string;
  actorUserId: string | null;
  correlationId: string;
  causationId?: string | null;
  /** UTC ISO instant the command is decided at (when the server received it). */
  at: string;
  /** The id the client made for this command (an offline outbox's): a second delivery answers as the first did. */
  commandId?: string;
  /** UTC ISO instant the person acted on their device, when it sent the command later (offline). */
  deviceAt?: string;
  /**
   * The first event's id, when the caller derives it (a process retrying the same step): appended again
   * at the same place, EventStoreDB takes it as the same event. Otherwise every event gets a new id.
   */
  eventId?: string;
}

/** A read model of the past being built from the start of the log in the background (after an upgrade). */
export interface BuildingReadModel {
  /** The projection's name. */
  name: string;
  /** How far through the log it is, 0-99. */
  percent: number;
}

/**
 * Lets a command's response wait until the read models of today include its events (read-your-writes), and a read
 * of the past until the read models it reads include every event appended before it came. Read models of the past
 * that an upgrade rebuilds in the background are left out until they have caught up: their reads answer 503
 * meanwhile (src/as-of/past-read-models.interceptor.ts).
 */
export interface ProjectionProgress {
  /**
   * Resolves once the read models of today have processed `position`, or after `timeoutMs` (bounded wait). Those of
   * the past (the audit log, the histories) follow on their own where they run apart (projections/runner).
   */
  waitFor(position: GlobalPosition, timeoutMs: number): Promise<boolean>;
  /**
   * Resolves once the read models named (projection names) have processed the log as far as it reached when asked:
   * true, or false after `timeoutMs` or while one is being built in the background. Absent: nothing runs apart.
   */
  caughtUpWithLog?(names: string[], timeoutMs: number): Promise<boolean>;
  /** The lowest position every projection has processed (null: one has processed nothing yet), for /healthz. */
  processed(): Promise<GlobalPosition | null>;
  /**
   * While the projections of this process start (a first start builds every read model from the log): how far they
   * are, 0-99, and the API answers only /healthz meanwhile (src/health/starting-gate.ts). Null once they have started.
   */
  starting?(): number | null;
  /** The read models still being built in the background (none: every read is served). */
  building?(): Promise<BuildingReadModel[]>;
  /** Projections that run in this process start before the API takes requests, and stop with it. */
  start?(): Promise<void>;
  stop?(): Promise<void>;
}
export const PROJECTION_PROGRESS = Symbol('ProjectionProgress');
export const READ_YOUR_WRITES_TIMEOUT_MS = 5000;
const CONCURRENT_CHANGE = 'Someone else changed this at the same time. Reload and try again.';

export interface Executed<S, E> {
  events: E[];
  state: S;
  position: GlobalPosition | null;
}

export function toDomainEvent<E extends DomainEvent>(event: RecordedEvent): E {
  return { type: event.type, data: event.data } as E;
}

/**
 * Runs a command against an event-sourced aggregate: read its stream, fold, decide, append at the
 * expected revision, then wait for the projections. A concurrent change is a 409 (ConcurrentChangeError).
 */
@Injectable()
export class Aggregates {
  private readonly logger = new Logger('Aggregates');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  async load<S, E extends DomainEvent>(
    streamId: string,
    decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>,
  ) {
    const history = await this.store.readStream(streamId);
    return {
      state: fold(
        decider,
        history.map((e) => toDomainEvent<E>(e)),
      ),
      revision: history.length ? history[history.length - 1].revision : ('no_stream' as const),
    };
  }

  /** State from the stream's last event alone, for aggregates whose latest fact is all they need. */
  async loadLatest<S, E extends DomainEvent>(
    streamId: string,
    decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>,
  ) {
    const last = await this.store.readLastEvent(streamId);
    return {
      state: last ? decider.evolve(decider.initialState, toDomainEvent<E>(last)) : decider.initialState,
      revision: last ? last.revision : ('no_stream' as const),
    };
  }

  async execute<C, S, E extends DomainEvent>(
    streamId: string,
    decider: Decider<C, S, E>,
    command: C,
    meta: CommandMeta,
    conflictMessage = CONCURRENT_CHANGE,
  ): Promise<Executed<S, E>> {
    const { state, revision } = await this.load(streamId, decider);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, position: null };
    const position = await this.append(streamId, events, revision, meta, conflictMessage);
    await this.settle(position);
    return { events, state: events.reduce(decider.evolve, state), position };
  }

  /** Appends decided events with full metadata; maps a lost race to ConcurrentChangeError (a 409). */
  async append(
    streamId: string,
    events: DomainEvent[],
    expected: number | 'no_stream' | 'any',
    meta: CommandMeta,
    conflictMessage = CONCURRENT_CHANGE,
  ): Promise<GlobalPosition> {
    try {
      const result = await this.store.append(
        streamId,
        events.map((e, i) => ({
          id: i === 0 && meta.eventId ? meta.eventId : newId(),
          type: e.type,
          data: e.data,
          metadata: {
            organizationId: meta.organizationId,
            actorUserId: meta.actorUserId,
            correlationId: meta.correlationId,
            causationId: meta.causationId ?? null,
            timestamp: meta.at,
            ...(meta.commandId ? { commandId: meta.commandId } : {}),
            ...(meta.deviceAt ? { deviceTime: meta.deviceAt } : {}),
          },
        })),
        expected,
      );
      return result.position;
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new ConcurrentChangeError(conflictMessage);
      throw error;
    }
  }

  /** Read-your-writes: bounded wait for the projections to include `position`. */
  async settle(position: GlobalPosition | null): Promise<void> {
    if (!position) return;
    const caughtUp = await this.progress.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS);
    if (!caughtUp)
      this.logger.warn(`projections did not reach ${position.commit} within ${READ_YOUR_WRITES_TIMEOUT_MS} ms`);
  }
}
