import Database from 'better-sqlite3';
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

/** The embedded event store: one SQLite file (WAL, synchronous=FULL) whose autoincrement key is the global position. */
export class SqliteEventStore implements EventStore {
  static readonly PAGE_SIZE = 500;
  static readonly POLL_MS = 200;

  private readonly db: Database.Database;
  private readonly stmt: Record<
    'lastRevision' | 'byId' | 'insert' | 'stream' | 'last' | 'page' | 'head' | 'at',
    Database.Statement
  >;
  private readonly writeBatch: Database.Transaction<(batch: PendingAppend[]) => Outcome[]>;
  private readonly appendOne: Database.Transaction<(a: PendingAppend) => AppendResult>;
  private queue: PendingAppend[] = [];
  private flushScheduled = false;
  private closed = false;
  /** Wakes live subscriptions of this instance right after a commit (other processes are seen by polling). */
  private readonly listeners = new Set<() => void>();
  private readonly subscriptions = new Set<Subscription>();

  constructor(filePath: string) {
    this.db = new Database(filePath);
    this.db.pragma('journal_mode = WAL');
    // FULL: the WAL is fsynced at every commit, so an acknowledged append survives a crash.
    this.db.pragma('synchronous = FULL');
    // Another process sharing the file may hold the write lock for a moment.
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position  INTEGER PRIMARY KEY AUTOINCREMENT,
        stream_id TEXT    NOT NULL,
        revision  INTEGER NOT NULL,
        event_id  TEXT    NOT NULL UNIQUE,
        type      TEXT    NOT NULL,
        data      TEXT    NOT NULL,
        metadata  TEXT    NOT NULL,
        UNIQUE (stream_id, revision)
      )`);
    this.stmt = {
      lastRevision: this.db.prepare('SELECT max(revision) AS revision FROM events WHERE stream_id = ?'),
      byId: this.db.prepare('SELECT * FROM events WHERE event_id = ?'),
      insert: this.db.prepare(
        'INSERT INTO events (stream_id, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      stream: this.db.prepare('SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision'),
      last: this.db.prepare('SELECT * FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1'),
      page: this.db.prepare('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?'),
      at: this.db.prepare('SELECT * FROM events WHERE position IN (SELECT value FROM json_each(?)) ORDER BY position'),
      head: this.db.prepare('SELECT max(position) AS position FROM events'),
    };
    // Each append runs in its own savepoint inside the batch transaction: one refusal does not undo the others.
    this.appendOne = this.db.transaction((a: PendingAppend) => this.write(a));
    this.writeBatch = this.db.transaction((batch: PendingAppend[]) =>
      batch.map((a): Outcome => {
        try {
          return { ok: true, result: this.appendOne(a) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
  }

  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('The event store is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ streamId, events, expected, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        // Group commit: appends arriving before the next check phase share one transaction (one fsync).
        setImmediate(() => this.flush());
      }
    });
  }

  async readStream(streamId: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    return (this.stmt.stream.all(streamId, options.fromRevision ?? 0) as EventRow[]).map(toRecorded);
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | null> {
    const row = this.stmt.last.get(streamId) as EventRow | undefined;
    return row ? toRecorded(row) : null;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.readPage(options.after?.commit ?? 0, options.maxCount ?? -1);
  }

  async readEvents(positions: GlobalPosition[]): Promise<RecordedEvent[]> {
    const found: RecordedEvent[] = [];
    // The statement takes a bound number of positions: a page of the audit log is 50, an export's batch 100.
    for (let at = 0; at < positions.length; at += SqliteEventStore.PAGE_SIZE) {
      const commits = JSON.stringify(positions.slice(at, at + SqliteEventStore.PAGE_SIZE).map((p) => p.commit));
      found.push(...(this.stmt.at.all(commits) as EventRow[]).map(toRecorded));
    }
    return found.sort((a, b) => a.position.commit - b.position.commit);
  }

  subscribeToAll(
    options: SubscribeOptions,
    handler: (event: RecordedEvent, more: boolean) => Promise<void>,
  ): Subscription {
    return followLog(
      {
        pageSize: SqliteEventStore.PAGE_SIZE,
        pollMs: SqliteEventStore.POLL_MS,
        readPage: (afterCommit, limit) => this.readPage(afterCommit, limit),
        listeners: this.listeners,
        subscriptions: this.subscriptions,
      },
      options,
      handler,
    );
  }

  async headPosition(): Promise<GlobalPosition | null> {
    const { position } = this.stmt.head.get() as { position: number | null };
    return position === null ? null : { commit: position, prepare: position };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await Promise.all([...this.subscriptions].map((s) => s.unsubscribe()));
    this.flush(); // appends already accepted are written, not dropped
    this.closed = true;
    this.db.close();
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch = this.queue;
    if (batch.length === 0 || !this.db.open) return;
    this.queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = this.writeBatch.immediate(batch); // IMMEDIATE: take the write lock before reading revisions
    } catch (error) {
      batch.forEach((a) => a.reject(error));
      return;
    }
    // Resolve only now: the commit (and its fsync) has returned.
    outcomes.forEach((o, i) => (o.ok ? batch[i].resolve(o.result) : batch[i].reject(o.error)));
    if (outcomes.some((o) => o.ok)) this.listeners.forEach((notify) => notify());
  }

  /** Runs inside a transaction. */
  private write({ streamId, events, expected }: PendingAppend): AppendResult {
    const retry = this.findRetry(streamId, events, expected);
    if (retry) return retry;

    const { revision } = this.stmt.lastRevision.get(streamId) as { revision: number | null };
    const current = revision ?? -1;
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && current === -1) ||
      (expected === 'stream_exists' && current >= 0) ||
      expected === current;
    if (!ok) throw new WrongExpectedRevisionError(streamId, expected, revision ?? 'no_stream');

    let position = 0;
    events.forEach((e, i) => {
      const info = this.stmt.insert.run(
        streamId,
        current + 1 + i,
        e.id,
        e.type,
        JSON.stringify(e.data),
        JSON.stringify(e.metadata),
      );
      position = Number(info.lastInsertRowid);
    });
    if (events.length === 0) {
      // Nothing written: report where the stream stands (as EventStoreDB does for an empty append).
      const last = current >= 0 ? (this.stmt.stream.get(streamId, current) as EventRow) : undefined;
      position = last?.position ?? 0;
    }
    return { nextExpectedRevision: current + events.length, position: { commit: position, prepare: position } };
  }

  /**
   * A retry of an append already stored (same ids, same stream, same revisions) returns the original result.
   * Any other reuse of a stored id is refused.
   */
  private findRetry(streamId: string, events: NewEvent[], expected: ExpectedRevision): AppendResult | null {
    const rows = events.map((e) => this.stmt.byId.get(e.id) as EventRow | undefined);
    if (rows.every((r) => r === undefined)) return null;
    const stored = rows.filter((r): r is EventRow => r !== undefined);
    const first =
      expected === 'no_stream' ? 0 : typeof expected === 'number' ? expected + 1 : (stored[0]?.revision ?? -1);
    const isRetry =
      stored.length === events.length && stored.every((r, i) => r.stream_id === streamId && r.revision === first + i);
    if (!isRetry) {
      throw new Error(
        `Append to ${streamId} reuses event ids already stored elsewhere (${stored.map((r) => r.event_id).join(', ')})`,
      );
    }
    const last = stored[stored.length - 1];
    return { nextExpectedRevision: last.revision, position: { commit: last.position, prepare: last.position } };
  }

  private readPage(afterCommit: number, limit: number): RecordedEvent[] {
    return (this.stmt.page.all(afterCommit, limit) as EventRow[]).map(toRecorded);
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

interface EventRow {
  position: number;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    type: row.type,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
    position: { commit: row.position, prepare: row.position },
  };
}
