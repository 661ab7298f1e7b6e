import type { RecordedEvent } from '../../src/core/event-store/event-store.port';
import type { ReadStore } from '../../src/core/read-store/read-store.port';
import type { ChangeNotice } from '../../src/core/change-notice';
import type { ServerEventName } from '../../src/shared/client-events';

/** The collection of every projection's checkpoint (projection-runner.ts). */
export const CHECKPOINTS = 'projectionCheckpoints';

export interface ProjectionContext {
  store: ReadStore;
  /** Sent after the writes commit, for live events only. E-mails and commands are processes' (src/core/processes). */
  notify<K extends ServerEventName>(notice: ChangeNotice<K>): void;
}

/**
 * A read-model builder. Delivery is at-least-once and in global order, so `apply` must be
 * idempotent: replaying any suffix of the log yields the same documents.
 */
export interface Projection {
  name: string;
  /** Bump when the documents' shape changes: the runner drops `collections` and rebuilds. */
  version: number;
  collections: string[];
  /**
   * A read model of the past (the audit log, the schedule's and the reports' versions), which nothing the app
   * does to serve today reads. When an upgrade (re)builds it from the start of a log whose other read models
   * are there already, it is built in the background (`RunnerOptions.pastApart`): the API serves
   * meanwhile, without waiting on it for read-your-writes, and its reads answer 503 until it has caught up.
   */
  ofThePast?: true;
  /**
   * Its `apply` reads and writes its collections by `_id` alone, and no other projection reads them: a build from the
   * start of the log makes their indexes once it has caught up, rather than keep them row by row.
   */
  readsById?: true;
  /**
   * It reads no read model but its own (the audit log): a build from the start of the log may make it apart, in a
   * thread and a file of its own, and move it in once built (projections/runner/build-apart.ts).
   */
  standsAlone?: true;
  /**
   * The aggregates whose streams' events it applies (`timer` for `timer-<id>`, see streamCategory): the runner hands
   * it no other event. Omitted: every event (the audit log).
   */
  streams?: readonly string[];
  setup?(store: ReadStore): Promise<void>;
  apply(event: RecordedEvent, context: ProjectionContext): Promise<void>;
}

/** Whether the runner hands the projection the event: one of the aggregates it names (`streams`), or any if none. */
export function hears(projection: Pick<Projection, 'streams'>, event: Pick<RecordedEvent, 'streamId'>): boolean {
  return !projection.streams || projection.streams.includes(streamCategory(event.streamId));
}

/** An event's stream's aggregate: what comes before the first hyphen of `<aggregate>-<id>` (ENGINEERING.md, naming). */
export function streamCategory(streamId: string): string {
  const hyphen = streamId.indexOf('-');
  return hyphen < 0 ? streamId : streamId.slice(0, hyphen);
}
