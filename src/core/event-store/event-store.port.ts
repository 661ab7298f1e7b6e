/**
 * The event store port, shaped like EventStoreDB's client so that the production adapter is a thin
 * translation. Streams are named `<aggregate>-<id>` (camelCase aggregate, no other hyphen before the id).
 */

/** Who did what, for which organization, and why (correlation/causation), written with every event. */
export interface EventMetadata {
  organizationId: string;
  /** null for system actions (seeding, scheduled process managers). */
  actorUserId: string | null;
  correlationId: string;
  causationId: string | null;
  /** UTC ISO-8601 instant at which the command was decided (received by the server). */
  timestamp: string;
  /** The client-made id of the command (an offline outbox's), when it sent one. */
  commandId?: string;
  /** UTC ISO-8601 instant the person acted on their device, when the command was sent later (offline). */
  deviceTime?: string;
}

export interface NewEvent<T = unknown> {
  /** Caller-chosen id (a UUID). Appending the same ids again at the same place is idempotent. */
  id: string;
  type: string;
  data: T;
  metadata: EventMetadata;
}

/**
 * A place in the global ($all) order. EventStoreDB has a commit and a prepare position; the SQLite
 * adapter uses its global sequence for both. Compare with `comparePositions`.
 */
export interface GlobalPosition {
  commit: number;
  prepare: number;
}

export interface RecordedEvent<T = unknown> extends NewEvent<T> {
  streamId: string;
  /** 0-based revision of the event inside its stream. */
  revision: number;
  position: GlobalPosition;
}

/** `no_stream`: the stream must not exist; `any`: no check; a number: the stream's current revision. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface AppendResult {
  /** Revision of the last event now in the stream (the next expected revision). */
  nextExpectedRevision: number;
  /** Global position of the last appended event. */
  position: GlobalPosition;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Omitted = from the start. */
  after?: GlobalPosition;
  maxCount?: number;
}

export interface Subscription {
  /** Stops delivery; resolves once no handler call is in flight. */
  unsubscribe(): Promise<void>;
}

export interface SubscribeOptions {
  /** Exclusive start; omitted = from the start of the log. */
  after?: GlobalPosition;
  /** Called when the subscription fails for good (the runner restarts it from its checkpoint). */
  onError?: (error: Error) => void;
}

export interface EventStore {
  /**
   * Appends atomically. Throws `WrongExpectedRevisionError` when the stream is not at `expected`.
   * Durable before it resolves.
   */
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** All events of one stream in revision order; [] when the stream does not exist. */
  readStream(streamId: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]>;
  /** The stream's last event, or null when it does not exist (aggregates decided by their latest fact). */
  readLastEvent(streamId: string): Promise<RecordedEvent | null>;
  /** A page of the global log in order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * The events at these positions of the global log, in the log's order; a position with no event is left out. The
   * audit log and the Histories read their events this way, to word them when they are read (issue #45).
   */
  readEvents(positions: GlobalPosition[]): Promise<RecordedEvent[]>;
  /**
   * Catch-up then live: delivers every event after `after` in global order, one at a time (the next
   * is delivered only after the handler's promise resolves), then new events as they are appended.
   */
  /**
   * `more`: the subscription already holds the next event and hands it over as soon as this call resolves (a page
   * read from the log), so a consumer may take both in one batch without waiting for anything. Never a promise that
   * more will come: an adapter that cannot tell passes false.
   */
  subscribeToAll(
    options: SubscribeOptions,
    handler: (event: RecordedEvent, more: boolean) => Promise<void>,
  ): Subscription;
  /** Position of the newest event in the log, or null when the log is empty. */
  headPosition(): Promise<GlobalPosition | null>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId} is at ${actual}, expected ${String(expected)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  return a.commit - b.commit || a.prepare - b.prepare;
}

export const EVENT_STORE = Symbol('EventStore');
