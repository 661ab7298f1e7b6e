import {
  ANY,
  AllStreamRecordedEvent,
  AppendExpectedRevision,
  BACKWARDS,
  END,
  EventStoreDBClient,
  JSONType,
  NO_STREAM,
  Position,
  ReadPosition,
  RecordedEvent as EsRecordedEvent,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  GlobalPosition,
  NewEvent,
  ReadAllOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
  WrongExpectedRevisionError,
  comparePositions,
} from './event-store.port';

/** The production event store: a thin translation of the port onto EventStoreDB's gRPC client. */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<Subscription>();

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) =>
          jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: e.metadata as unknown as JSONType }),
        ),
        { expectedRevision: toExpectedRevision(expected) },
      );
      return {
        nextExpectedRevision: Number(result.nextExpectedRevision),
        // Servers before 22.6 do not return the position: fall back to the stream's last event.
        position: result.position ? fromPosition(result.position) : await this.lastPositionOf(streamId),
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    const fromRevision = options.fromRevision === undefined ? START : BigInt(options.fromRevision);
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision })) {
        if (resolved.event) out.push(toRecorded(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | null> {
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: END,
        direction: BACKWARDS,
        maxCount: 1,
      })) {
        if (resolved.event) return toRecorded(resolved.event);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return null;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { after, maxCount = Infinity } = options;
    const out: RecordedEvent[] = [];
    if (maxCount <= 0) return out;
    // System events are filtered here (readAll has no server-side filter in this client), so maxCount is
    // applied after filtering by reading on and breaking out (which cancels the server stream).
    const fromPosition: ReadPosition = after ? toPosition(after) : START;
    for await (const resolved of this.client.readAll({ fromPosition })) {
      const event = resolved.event;
      if (!event || isSystem(event)) continue;
      // readAll starts AT fromPosition; our `after` is exclusive.
      if (after && comparePositions(positionOf(event), after) <= 0) continue;
      out.push(toRecorded(event));
      if (out.length >= maxCount) break;
    }
    return out;
  }

  /** One read of $all per position (EventStoreDB reads $all from a position; it has no read by a list of them). */
  async readEvents(positions: GlobalPosition[]): Promise<RecordedEvent[]> {
    const found: RecordedEvent[] = [];
    for (const position of [...positions].sort(comparePositions))
      for await (const resolved of this.client.readAll({ fromPosition: toPosition(position), maxCount: 1 })) {
        const event = resolved.event;
        if (event && !isSystem(event) && comparePositions(positionOf(event), position) === 0)
          found.push(toRecorded(event));
      }
    return found;
  }

  subscribeToAll(
    options: SubscribeOptions,
    handler: (event: RecordedEvent, more: boolean) => Promise<void>,
  ): Subscription {
    // subscribeToAll's fromPosition is exclusive, like our `after`.
    const stream = this.client.subscribeToAll({
      fromPosition: options.after ? toPosition(options.after) : START,
      filter: excludeSystemEvents(),
    });
    let stopped = false;
    let running: Promise<void> = Promise.resolve();
    const subscription: Subscription = {
      // Do not call from inside the handler: it waits for the handler to return.
      unsubscribe: async () => {
        if (!stopped) {
          stopped = true;
          await stream.unsubscribe().catch(() => undefined);
        }
        await running;
        this.subscriptions.delete(subscription);
      },
    };
    running = (async () => {
      try {
        // One at a time: the next event is pulled only once the handler has resolved.
        for await (const resolved of stream) {
          if (stopped) break;
          if (!resolved.event || isSystem(resolved.event)) continue;
          await handler(toRecorded(resolved.event), false); // the stream does not say what it holds
        }
        if (!stopped) throw new Error('The $all subscription ended');
      } catch (error) {
        if (stopped) return;
        stopped = true;
        await stream.unsubscribe().catch(() => undefined);
        this.subscriptions.delete(subscription);
        options.onError?.(error instanceof Error ? error : new Error(String(error)));
      }
    })();
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<GlobalPosition | null> {
    // The newest non-system event: projections never see system events, so they could never reach a system head.
    for await (const resolved of this.client.readAll({ fromPosition: END, direction: BACKWARDS })) {
      if (resolved.event && !isSystem(resolved.event)) return positionOf(resolved.event);
    }
    return null;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.unsubscribe()));
    await this.client.dispose();
  }

  private async lastPositionOf(streamId: string): Promise<GlobalPosition> {
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: END,
        direction: BACKWARDS,
        maxCount: 1,
      })) {
        if (resolved.event?.position) return fromPosition(resolved.event.position);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return { commit: 0, prepare: 0 };
  }
}

function toExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return BigInt(expected);
  }
}

function isSystem(event: EsRecordedEvent): boolean {
  return event.type.startsWith('$');
}

function toPosition(position: GlobalPosition): Position {
  return { commit: BigInt(position.commit), prepare: BigInt(position.prepare) };
}

function fromPosition(position: Position): GlobalPosition {
  // Positions are byte offsets in the transaction log: far below 2^53 for any realistic log.
  return { commit: Number(position.commit), prepare: Number(position.prepare) };
}

/** The position of an event read from $all (always present there). */
function positionOf(event: AllStreamRecordedEvent): GlobalPosition {
  return fromPosition(event.position);
}

function toRecorded(event: EsRecordedEvent): RecordedEvent {
  if (!event.isJson) throw new Error(`Event ${event.id} in ${event.streamId} is not JSON`);
  if (!event.position) throw new Error('EventStoreDB did not return event positions (server older than 22.6)');
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
    position: fromPosition(event.position),
  };
}
