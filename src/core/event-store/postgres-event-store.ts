import { PgClient, PgConnection, PgPool, inTransaction, pgConnection, pgPool } from '../postgres';
import {
  AppendResult,
  EventStore,
  ExpectedRevision,
  GlobalPosition,
  NewEvent,
  ReadAllOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
  WrongExpectedRevisionError,
} from './event-store.port';
import { followLog } from './follow-log';

export interface PostgresEventStoreOptions {
  /**
   * commit-ordered (the only production choice): positions are assigned under a transaction-level advisory lock, so
   * they follow commit order and a reader never passes an event that a slower transaction commits later.
   * naive-sequence takes positions from a sequence without the lock (so revision checks are not serialized either).
   * It exists only so that test/contract/postgres-event-order.spec.ts can show the hole it leaves; never use it.
   */
  positions?: 'commit-ordered' | 'naive-sequence';
  /** Test hook: runs inside each write transaction after its positions are assigned, before COMMIT. */
  beforeCommit?: () => Promise<void>;
  /**
   * A write transaction idle this long (its process paused or cut off between statements) is ended by PostgreSQL,
   * so that it cannot hold the append lock, and with it every writer, any longer.
   */
  idleInTransactionMs?: number;
  /** Upper bound on a live subscription's delay when a notification is lost. */
  pollMs?: number;
  /** Connections of the pool (writes take one at a time; reads and subscriptions share the rest). */
  maxConnections?: number;
  /** application_name of the connections, to tell processes apart in pg_stat_activity. */
  name?: string;
}

/** Advisory lock keys of the event log (pg_advisory_xact_lock's bigint form; one key space per database). */
const APPEND_LOCK = 0x4372_6577_0001; // 'Crew' · 1
const SCHEMA_LOCK = 0x4372_6577_0002;
const CHANNEL = 'crewclock_events';
/** A transaction holds the append lock for its whole batch: bounded so one burst cannot hold it for long. */
const MAX_APPENDS_PER_COMMIT = 1000;

/**
 * The event log on PostgreSQL: one table whose `position` is the global order, assigned in commit order (see
 * docs/postgres.md, "The event log on PostgreSQL (issue #25)"). Appends of one process arriving together share
 * one transaction (group commit), each decided on its own so that a refusal does not fail the others; live
 * subscriptions wake on NOTIFY and poll as a fallback.
 */
export class PostgresEventStore implements EventStore {
  static readonly PAGE_SIZE = 500;
  static readonly POLL_MS = 500;

  private readonly pool: PgPool;
  private readonly positions: 'commit-ordered' | 'naive-sequence';
  private readonly pollMs: number;
  private queue: PendingAppend[] = [];
  /** The running group-commit loop; at most one per instance, so appends gather while a commit is in flight. */
  private flushing: Promise<void> | null = null;
  private closed = false;
  private readonly listeners = new Set<() => void>();
  private readonly subscriptions = new Set<Subscription>();
  private listener: PgConnection | null = null;
  private listenerRetry: NodeJS.Timeout | null = null;

  private constructor(
    private readonly url: string,
    private readonly options: PostgresEventStoreOptions,
  ) {
    this.positions = options.positions ?? 'commit-ordered';
    this.pollMs = options.pollMs ?? PostgresEventStore.POLL_MS;
    this.pool = pgPool(url, { max: options.maxConnections ?? 10, name: options.name ?? 'crewclock-events' });
  }

  /** Opens the log on `url`, creating its schema if missing (safe when several processes open at once). */
  static async open(url: string, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    const store = new PostgresEventStore(url, options);
    try {
      await inTransaction(store.pool, async (client) => {
        // CREATE … IF NOT EXISTS is not safe against a concurrent CREATE of the same name: serialize the opens.
        await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [SCHEMA_LOCK]);
        await client.query(`
          CREATE TABLE IF NOT EXISTS event_log (
            position       bigint  PRIMARY KEY,
            stream_id      text    NOT NULL,
            revision       integer NOT NULL,
            event_id       text    NOT NULL UNIQUE,
            type           text    NOT NULL,
            data           json    NOT NULL,
            metadata       json    NOT NULL,
            -- Events of one commit share it: group commit is visible in the log itself.
            transaction_id xid8    NOT NULL DEFAULT pg_current_xact_id(),
            UNIQUE (stream_id, revision)
          )`);
        if (store.positions === 'naive-sequence')
          await client.query('CREATE SEQUENCE IF NOT EXISTS event_log_naive_position');
      });
    } catch (error) {
      await store.pool.end();
      throw error;
    }
    return store;
  }

  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('The event store is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ streamId, events, expected, resolve, reject });
      // Group commit: appends arriving before the next check phase, or while a commit is in flight, share one.
      this.flushing ??= new Promise<void>((started) => setImmediate(started)).then(() => this.flush());
    });
  }

  async readStream(streamId: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    if (!storable(streamId)) return [];
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM event_log WHERE stream_id = $1 AND revision >= $2 ORDER BY revision`,
      [streamId, options.fromRevision ?? 0],
    );
    return rows.map(toRecorded);
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | null> {
    if (!storable(streamId)) return null;
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM event_log WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1`,
      [streamId],
    );
    return rows.length > 0 ? toRecorded(rows[0]) : null;
  }

  readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.readPage(options.after?.commit ?? 0, options.maxCount ?? null);
  }

  async readEvents(positions: GlobalPosition[]): Promise<RecordedEvent[]> {
    if (!positions.length) return [];
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM event_log WHERE position = ANY($1::bigint[]) ORDER BY position`,
      [positions.map((p) => p.commit)],
    );
    return rows.map(toRecorded);
  }

  subscribeToAll(
    options: SubscribeOptions,
    handler: (event: RecordedEvent, more: boolean) => Promise<void>,
  ): Subscription {
    this.listen();
    return followLog(
      {
        pageSize: PostgresEventStore.PAGE_SIZE,
        pollMs: this.pollMs,
        readPage: (afterCommit, limit) => this.readPage(afterCommit, limit),
        listeners: this.listeners,
        subscriptions: this.subscriptions,
      },
      options,
      handler,
    );
  }

  async headPosition(): Promise<GlobalPosition | null> {
    const { rows } = await this.pool.query<{ position: number | null }>(
      'SELECT max(position) AS position FROM event_log',
    );
    const position = rows[0].position;
    return position === null ? null : { commit: position, prepare: position };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true; // refuse new appends; those already accepted are written below
    await Promise.all([...this.subscriptions].map((s) => s.unsubscribe()));
    await this.flushing;
    if (this.listenerRetry) clearTimeout(this.listenerRetry);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.pool.end();
  }

  /**
   * Moving a log here (`npm run migrate`): recorded events of another store, in its order, written with their own
   * positions, streams, revisions and ids, so that every checkpoint, link and audit entry naming a position still
   * means the same event. One transaction per call, under the append lock; each event must come after the head (a
   * call repeated after a failure finds the events it already wrote and skips them).
   */
  async importInOrder(events: RecordedEvent[]): Promise<number> {
    if (!events.length) return 0;
    return inTransaction(this.pool, async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(${APPEND_LOCK})`);
      const { rows } = await client.query<{ head: number }>('SELECT coalesce(max(position), 0) AS head FROM event_log');
      const fresh = events.filter((e) => e.position.commit > rows[0].head);
      for (let i = 1; i < fresh.length; i++)
        if (fresh[i].position.commit <= fresh[i - 1].position.commit)
          throw new Error(`Events to import must be in the log's order (position ${fresh[i].position.commit})`);
      if (!fresh.length) return 0;
      await client.query(
        `INSERT INTO event_log (position, stream_id, revision, event_id, type, data, metadata)
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::integer[], $4::text[], $5::text[], $6::json[], $7::json[])`,
        [
          fresh.map((e) => e.position.commit),
          fresh.map((e) => e.streamId),
          fresh.map((e) => e.revision),
          fresh.map((e) => e.id),
          fresh.map((e) => e.type),
          fresh.map((e) => JSON.stringify(e.data)),
          fresh.map((e) => JSON.stringify(e.metadata)),
        ],
      );
      await client.query(`NOTIFY ${CHANNEL}`);
      return fresh.length;
    });
  }

  /** Commits the queue in batches, one transaction at a time, until it is empty. */
  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_APPENDS_PER_COMMIT);
      let outcomes = await this.commit(batch);
      // The batch failed as a whole (not by a refusal, which is decided per append): each append alone again, so one
      // that PostgreSQL refuses cannot fail its neighbours.
      if (batch.length > 1 && outcomes.every((o) => !o.ok && !(o.error instanceof Refusal))) {
        outcomes = [];
        for (const append of batch) outcomes.push(...(await this.commit([append])));
      }
      // Resolve only now: COMMIT (durable, synchronous_commit) has returned.
      outcomes.forEach((o, i) => (o.ok ? batch[i].resolve(o.result) : batch[i].reject(unwrap(o.error))));
      if (outcomes.some((o) => o.ok)) this.listeners.forEach((notify) => notify());
    }
    this.flushing = null;
  }

  /**
   * One transaction for the batch, in four round trips whatever its size: take the lock and the head, read the
   * streams' revisions and the ids already stored, decide each append in order (a refusal changes nothing), insert
   * what was accepted, then NOTIFY and COMMIT.
   */
  private async commit(batch: PendingAppend[]): Promise<Outcome[]> {
    let client: PgClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      return batch.map(() => ({ ok: false, error }));
    }
    let broken: Error | undefined;
    // The server may end the connection between two statements (idle timeout, restart): without a listener the
    // client's 'error' event would end the process; the next statement fails and the batch is refused instead.
    const lost = (error: Error) => (broken = error);
    client.on('error', lost);
    try {
      const idleMs = Math.max(1, Math.round(this.options.idleInTransactionMs ?? 10_000));
      const begin = `BEGIN; SET LOCAL idle_in_transaction_session_timeout = ${idleMs}`;
      let head = 0;
      if (this.positions === 'commit-ordered') {
        // Held until COMMIT ends: the next writer reads the head only after this commit is visible, so positions
        // are given in commit order across every process, and no later commit can fill a gap below a reader.
        const results = (await client.query(
          `${begin}; SELECT pg_advisory_xact_lock(${APPEND_LOCK}); SELECT coalesce(max(position), 0) AS head FROM event_log`,
        )) as unknown as { rows: { head: number }[] }[];
        head = results[results.length - 1].rows[0].head;
      } else {
        await client.query(begin);
      }
      const log = await this.logAt(client, batch);
      const nextPosition = await this.positionSource(client, batch, head);
      const outcomes: Outcome[] = batch.map((append) => {
        try {
          return { ok: true, result: decide(append, log, nextPosition) };
        } catch (error) {
          return { ok: false, error: new Refusal(error) };
        }
      });
      if (log.inserts.length === 0) {
        await client.query('ROLLBACK');
        return outcomes;
      }
      await client.query(
        `INSERT INTO event_log (position, stream_id, revision, event_id, type, data, metadata)
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::integer[], $4::text[], $5::text[], $6::json[], $7::json[])`,
        [
          log.inserts.map((r) => r.position),
          log.inserts.map((r) => r.streamId),
          log.inserts.map((r) => r.revision),
          log.inserts.map((r) => r.event.id),
          log.inserts.map((r) => r.event.type),
          log.inserts.map((r) => JSON.stringify(r.event.data)),
          log.inserts.map((r) => JSON.stringify(r.event.metadata)),
        ],
      );
      await this.options.beforeCommit?.();
      // NOTIFY is delivered to every listener of the database when (and only if) this transaction commits.
      await client.query(`NOTIFY ${CHANNEL}; COMMIT`);
      return outcomes;
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      await client.query('ROLLBACK').catch(() => undefined);
      return batch.map(() => ({ ok: false, error }));
    } finally {
      client.off('error', lost);
      // A connection that failed mid-transaction is not handed out again.
      client.release(broken);
    }
  }

  /** What the batch's decisions need: each stream's last event, and where each of its event ids is stored. */
  private async logAt(client: PgClient, batch: PendingAppend[]): Promise<LogState> {
    const streamIds = [...new Set(batch.map((a) => a.streamId))];
    const eventIds = [...new Set(batch.flatMap((a) => a.events.map((e) => e.id)))];
    const { rows } = await client.query<{ streams: StreamHead[]; stored: StoredId[] }>(
      `SELECT (SELECT coalesce(json_agg(json_build_object('streamId', s.id, 'revision', l.revision, 'position', l.position)), '[]')
                 FROM unnest($1::text[]) AS s(id)
                 CROSS JOIN LATERAL (SELECT revision, position FROM event_log
                                      WHERE stream_id = s.id ORDER BY revision DESC LIMIT 1) AS l) AS streams,
              (SELECT coalesce(json_agg(json_build_object(
                        'eventId', event_id, 'streamId', stream_id, 'revision', revision, 'position', position)), '[]')
                 FROM event_log WHERE event_id = ANY($2::text[])) AS stored`,
      [streamIds, eventIds],
    );
    return {
      streams: new Map(rows[0].streams.map((h) => [h.streamId, h])),
      ids: new Map(rows[0].stored.map((r) => [r.eventId, r])),
      inserts: [],
    };
  }

  /**
   * commit-ordered: the positions after the head read under the lock. naive-sequence: numbers taken from a sequence
   * before the insert, as a design without the lock would (one per event of the batch; a refusal leaves a gap).
   */
  private async positionSource(client: PgClient, batch: PendingAppend[], head: number): Promise<() => number> {
    if (this.positions === 'commit-ordered') return () => ++head;
    const count = batch.reduce((n, a) => n + a.events.length, 0);
    const { rows } = await client.query<{ position: number }>(
      "SELECT nextval('event_log_naive_position') AS position FROM generate_series(1, $1)",
      [count],
    );
    const positions = rows.map((r) => r.position);
    return () => positions.shift()!;
  }

  private async readPage(afterCommit: number, limit: number | null): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM event_log WHERE position > $1 ORDER BY position LIMIT $2`,
      [afterCommit, limit],
    );
    return rows.map(toRecorded);
  }

  /**
   * One LISTEN connection per instance while it has subscriptions; a lost connection is opened again after a
   * pause (polling delivers meanwhile).
   */
  private listen(): void {
    if (this.listener || this.listenerRetry || this.closed) return;
    const connection = pgConnection(this.url, `${this.options.name ?? 'crewclock-events'}-listener`);
    this.listener = connection;
    const lost = () => {
      if (this.listener !== connection) return;
      this.listener = null;
      connection.end().catch(() => undefined);
      if (this.closed || this.subscriptions.size === 0) return;
      this.listenerRetry = setTimeout(() => {
        this.listenerRetry = null;
        if (this.subscriptions.size > 0) this.listen();
      }, this.pollMs);
      this.listenerRetry.unref();
    };
    connection.on('notification', () => this.listeners.forEach((notify) => notify()));
    connection.on('error', lost);
    connection.on('end', lost);
    connection
      .connect()
      .then(() => connection.query(`LISTEN ${CHANNEL}`))
      // Events committed while it was away are read now rather than at the next poll.
      .then(() => this.listeners.forEach((notify) => notify()))
      .catch(lost);
  }
}

interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; result: AppendResult } | { ok: false; error: unknown };

interface StoredId {
  eventId: string;
  streamId: string;
  revision: number;
  position: number;
}

interface StreamHead {
  streamId: string;
  revision: number;
  position: number;
}

/** The log as the batch's transaction sees it, with the appends accepted so far in the batch. */
interface LogState {
  streams: Map<string, StreamHead>;
  ids: Map<string, StoredId>;
  inserts: { position: number; streamId: string; revision: number; event: NewEvent }[];
}

/** An append refused by the rules (expected revision, ids): the batch's other appends go on. */
class Refusal {
  constructor(readonly error: unknown) {}
}
const unwrap = (error: unknown) => (error instanceof Refusal ? error.error : error);

/**
 * Decides one append against `log` and, when it is accepted, adds its events to it. Throws when refused, leaving
 * `log` as it was. The rules are the SQLite adapter's: a retry of an append already stored (same ids, same stream,
 * same revisions) returns the original result; any other reuse of a stored id is refused.
 */
function decide(
  { streamId, events, expected }: PendingAppend,
  log: LogState,
  nextPosition: () => number,
): AppendResult {
  const stored = events.map((e) => log.ids.get(e.id)).filter((r): r is StoredId => r !== undefined);
  if (stored.length > 0) {
    const first = expected === 'no_stream' ? 0 : typeof expected === 'number' ? expected + 1 : stored[0].revision;
    const isRetry =
      stored.length === events.length && stored.every((r, i) => r.streamId === streamId && r.revision === first + i);
    if (!isRetry) {
      throw new Error(
        `Append to ${streamId} reuses event ids already stored elsewhere (${stored.map((r) => r.eventId).join(', ')})`,
      );
    }
    const last = stored[stored.length - 1];
    return { nextExpectedRevision: last.revision, position: { commit: last.position, prepare: last.position } };
  }

  const head = log.streams.get(streamId);
  const current = head?.revision ?? -1;
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === -1) ||
    (expected === 'stream_exists' && current >= 0) ||
    expected === current;
  if (!ok) throw new WrongExpectedRevisionError(streamId, expected, head?.revision ?? 'no_stream');
  if (new Set(events.map((e) => e.id)).size < events.length) {
    throw new Error(`Append to ${streamId} repeats an event id`);
  }
  if (events.length === 0) {
    // Nothing written: report where the stream stands (as EventStoreDB does for an empty append).
    const position = head?.position ?? 0;
    return { nextExpectedRevision: current, position: { commit: position, prepare: position } };
  }

  let last: StreamHead = { streamId, revision: current, position: 0 };
  for (const event of events) {
    last = { streamId, revision: last.revision + 1, position: nextPosition() };
    log.inserts.push({ ...last, event });
    log.ids.set(event.id, { eventId: event.id, ...last });
  }
  log.streams.set(streamId, last);
  return { nextExpectedRevision: last.revision, position: { commit: last.position, prepare: last.position } };
}

/**
 * PostgreSQL's text cannot hold NUL, so no stream is named with one: reading such a name (an id from a URL's %00)
 * finds nothing, as on SQLite, rather than failing the request.
 */
const storable = (text: string) => !text.includes('\u0000');

const COLUMNS = 'position, stream_id, revision, event_id, type, data, metadata';

interface EventRow {
  position: number;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    position: { commit: row.position, prepare: row.position },
  };
}
