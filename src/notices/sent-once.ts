import type { Aggregates, CommandMeta, ProjectionProgress } from '../core/commands/aggregates';
import { derivedId } from '../core/clock';
import type { DomainEvent } from '../core/decider';
import { ConflictError } from '../core/errors';
import type { EventStore } from '../core/event-store/event-store.port';

/*
 * What the clock-driven e-mails (visit reminders, the crew's day) share: sent once, by a record after the e-mail on
 * a stream named by what it is about, whose e-mail id derives from that stream.
 */

const CAUGHT_UP_WITHIN_MS = 5_000;

/**
 * Whether the read models hold the log up to its head (waiting up to 5 s): a tick decided on read models behind the
 * log could remind a visit moved or deleted a moment ago at its old time.
 */
export async function readModelsCaughtUp(eventStore: EventStore, progress: ProjectionProgress): Promise<boolean> {
  const head = await eventStore.headPosition();
  return !head || (await progress.waitFor(head, CAUGHT_UP_WITHIN_MS));
}

/**
 * The record that an e-mail went, appended only if its stream is new: a stream already there is another process's
 * (or an earlier try's) record of the same e-mail. By no person; its id derives from the stream.
 */
export async function recordSent(
  aggregates: Aggregates,
  stream: string,
  organizationId: string,
  now: Date,
  event: DomainEvent,
): Promise<void> {
  const id = derivedId(`recorded:${stream}`);
  const meta: CommandMeta = {
    organizationId,
    actorUserId: null,
    correlationId: id,
    at: now.toISOString(),
    eventId: id,
  };
  try {
    await aggregates.append(stream, [event], 'no_stream', meta);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
}
