import type { Mailer, MailMessage } from '../../src/core/mail/mail.port';
import {
  comparePositions,
  EventStore,
  GlobalPosition,
  RecordedEvent,
  Subscription,
} from '../../src/core/event-store/event-store.port';
import { ReadStore } from '../../src/core/read-store/read-store.port';
import type { ProjectionProgress } from '../../src/core/commands/aggregates';
import type { ChangeNotice, Notifier } from '../../src/realtime/change-notice';
import { Projection } from './projection';

export const CHECKPOINTS = 'projectionCheckpoints';

export interface Checkpoint {
  _id: string;
  version: number;
  /** null: (re)build from the start of the log. */
  position: GlobalPosition | null;
  updatedAt: string;
}

export interface RunnerLogger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface RunnerOptions {
  notifier?: Notifier | null;
  mailer?: Mailer | null;
  logger?: RunnerLogger;
  /**
   * While catching up (and rebuilding), events are applied in batches of up to N, each committed
   * with its checkpoints; live, every event is a batch of its own. Default 500.
   */
  checkpointEvery?: number;
  /** Called after each event is processed and committed (rebuild progress bars, crash tests). */
  onProcessed?: (event: RecordedEvent) => void | Promise<void>;
  retryDelayMs?: number;
}

const silent: RunnerLogger = { info: () => undefined, error: () => undefined };
const before = (a: GlobalPosition | null, b: GlobalPosition) => a === null || comparePositions(a, b) < 0;

/**
 * Runs projections over one subscription to the global log, from the lowest checkpoint. Each
 * projection remembers its own checkpoint; an event already covered by a projection's checkpoint is
 * not given to it again.
 *
 * Batches. The subscription hands over one event at a time (`process`), and awaits each. Rather than
 * keep a transaction open across those calls (other code of this process would write into it while
 * the subscription reads the log), `process` collects events and applies a batch in one go when it
 * closes: at `checkpointEvery` events, at the head the catch-up started toward (`liveFrom`), or at
 * any live event (appended after start: every live event is a batch of one, so read-your-writes and
 * pushes never wait for a batch to fill). A batch is one unit of work: every projection's writes for
 * its events, then the checkpoints covering them, inside `store.transaction` where the store has one
 * (SQLite, the embedded default): they commit together or not at all, so a crash never leaves a read
 * model ahead of or behind its checkpoint. MongoDB has no transaction here (FerretDB v1 has none): the
 * same batch runs without one, and a crash between a write and its checkpoint only means the events
 * are applied again (writes are idempotent). Only after the commit are the positions advanced,
 * read-your-writes waiters released, pushes and e-mails sent and `onProcessed` called. A failed batch
 * leaves the positions at the last commit and ends the subscription, which resubscribes from them.
 */
export class ProjectionRunner implements ProjectionProgress {
  /** Per projection, the last position committed with its checkpoint. */
  private readonly positions = new Map<string, GlobalPosition | null>();
  private subscription: Subscription | null = null;
  private liveFrom: GlobalPosition | null = null;
  private waiters: { position: GlobalPosition; resolve: (ok: boolean) => void }[] = [];
  /** Events received but not applied yet: the open batch. */
  private pending: RecordedEvent[] = [];
  /** The batch being applied and committed, for stop() to wait on. */
  private inFlight: Promise<void> | null = null;
  private stopped = false;
  private readonly logger: RunnerLogger;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly projections: Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    this.logger = options.logger ?? silent;
  }

  /** Lowest position every projection has processed (null: at least one has processed nothing). */
  get position(): GlobalPosition | null {
    let lowest: GlobalPosition | undefined;
    for (const p of this.projections) {
      const position = this.positions.get(p.name) ?? null;
      if (position === null) return null;
      if (lowest === undefined || comparePositions(position, lowest) < 0) lowest = position;
    }
    return lowest ?? null;
  }

  async processed(): Promise<GlobalPosition | null> {
    return this.position;
  }

  /** Loads checkpoints (resetting projections whose version changed) and starts the subscription.
   *  Resolves once the read models have caught up with the log as it was at start. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.unit(() => this.prepare());
    const head = await this.events.headPosition();
    this.liveFrom = head;
    const current = this.position;
    const caughtUp =
      head === null || (current !== null && comparePositions(current, head) >= 0)
        ? Promise.resolve(true)
        : this.waitFor(head, Number.POSITIVE_INFINITY);
    this.subscribe();
    await caughtUp;
  }

  /** Stops following the log. Every committed batch saved its checkpoints; an open batch is dropped (its events come again at the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.unsubscribe();
    this.subscription = null;
    await this.inFlight?.catch(() => undefined);
    this.pending = [];
    for (const waiter of this.waiters.splice(0)) waiter.resolve(false);
  }

  /** Drops every read model and builds it again from the start of the log. */
  async rebuild(): Promise<void> {
    await this.unit(async () => {
      for (const p of this.projections) await this.reset(p);
    });
    await this.start();
  }

  waitFor(position: GlobalPosition, timeoutMs: number): Promise<boolean> {
    const current = this.position;
    if (current && comparePositions(current, position) >= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { position, resolve };
      this.waiters.push(waiter);
      if (Number.isFinite(timeoutMs)) {
        setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs).unref();
      }
    });
  }

  private async prepare(): Promise<void> {
    const checkpoints = this.store.collection<Checkpoint>(CHECKPOINTS);
    for (const p of this.projections) {
      await p.setup?.(this.store);
      const saved = await checkpoints.findOne({ _id: p.name });
      if (!saved || saved.version !== p.version || saved.position === null) {
        // Unknown, outdated or interrupted before its first checkpoint: start this one afresh.
        await this.reset(p);
      } else {
        this.positions.set(p.name, saved.position);
      }
    }
  }

  private async reset(p: Projection): Promise<void> {
    const checkpoints = this.store.collection<Checkpoint>(CHECKPOINTS);
    // Mark first, then drop: a crash in between still restarts this projection from scratch.
    await checkpoints.replaceOne(
      { _id: p.name },
      { _id: p.name, version: p.version, position: null, updatedAt: new Date().toISOString() },
      { upsert: true },
    );
    for (const name of p.collections) await this.store.dropCollection(name);
    await p.setup?.(this.store);
    this.positions.set(p.name, null);
  }

  /** `work` as one transaction where the store has them; as it is elsewhere (MongoDB). */
  private unit<T>(work: () => Promise<T>): Promise<T> {
    return this.store.transaction ? this.store.transaction(work) : work();
  }

  private subscribe(): void {
    // From the last commit: events of a batch that never committed are delivered again.
    this.pending = [];
    const after = this.position ?? undefined;
    this.subscription = this.events.subscribeToAll(
      {
        after,
        onError: (error) => {
          this.logger.error('projection subscription failed; restarting from the checkpoint', error);
          this.subscription = null;
          if (!this.stopped)
            setTimeout(() => !this.stopped && this.subscribe(), this.options.retryDelayMs ?? 1000).unref();
        },
      },
      (event) => this.process(event),
    );
  }

  private isLive(event: RecordedEvent): boolean {
    return this.liveFrom === null || comparePositions(event.position, this.liveFrom) > 0;
  }

  /**
   * Called by the subscription for each event, in order, one at a time. Adds the event to the open
   * batch and, when that closes the batch (see the class comment), applies and commits it before
   * returning, so the subscription reads no further until the batch is committed.
   */
  private async process(event: RecordedEvent): Promise<void> {
    this.pending.push(event);
    const closes =
      this.liveFrom === null ||
      comparePositions(event.position, this.liveFrom) >= 0 ||
      this.pending.length >= Math.max(1, this.options.checkpointEvery ?? 500);
    if (!closes) return;
    const batch = this.pending.splice(0);
    const running = this.commit(batch);
    this.inFlight = running;
    try {
      await running;
    } finally {
      if (this.inFlight === running) this.inFlight = null;
    }
  }

  /** Applies a batch and saves the checkpoints in one unit; advances and announces only once it committed. */
  private async commit(batch: RecordedEvent[]): Promise<void> {
    // Positions within the batch; `this.positions` keeps the committed ones until COMMIT.
    const working = new Map(this.positions);
    const effects: { event: RecordedEvent; notices: ChangeNotice[]; mails: MailMessage[] }[] = [];
    await this.unit(async () => {
      for (const event of batch) {
        const notices: ChangeNotice[] = [];
        const mails: MailMessage[] = [];
        const context = {
          store: this.store,
          notify: (n: ChangeNotice) => {
            notices.push(n);
          },
          mail: (m: MailMessage) => {
            mails.push(m);
          },
        };
        for (const p of this.projections) {
          if (!before(working.get(p.name) ?? null, event.position)) continue;
          await p.apply(event, context as never);
          working.set(p.name, event.position);
        }
        effects.push({ event, notices, mails });
      }
      await this.saveCheckpoints(working, this.positions);
    });
    // Committed: the read models and checkpoints of the whole batch are visible to everyone now.
    for (const [name, position] of working) this.positions.set(name, position);
    for (const { event, notices, mails } of effects) {
      const live = this.isLive(event);
      if (live && this.options.notifier) for (const n of notices) this.options.notifier.send(n);
      if (live && this.options.mailer) for (const m of mails) void this.send(m);
      await this.options.onProcessed?.(event);
    }
    this.releaseWaiters();
  }

  /** A failed e-mail is logged, never retried into the subscription: the log stays the source of truth. */
  private async send(message: MailMessage): Promise<void> {
    try {
      await this.options.mailer!.send(message);
    } catch (error) {
      (this.options.logger ?? silent).error(`could not send "${message.subject}" to ${message.to}`, error);
    }
  }

  /** Saves the checkpoints of the projections whose position moved since the last commit. */
  private async saveCheckpoints(
    positions: Map<string, GlobalPosition | null>,
    committed: Map<string, GlobalPosition | null>,
  ): Promise<void> {
    const checkpoints = this.store.collection<Checkpoint>(CHECKPOINTS);
    const updatedAt = new Date().toISOString();
    for (const p of this.projections) {
      const position = positions.get(p.name) ?? null;
      if (position && position !== committed.get(p.name))
        await checkpoints.replaceOne(
          { _id: p.name },
          { _id: p.name, version: p.version, position, updatedAt },
          { upsert: true },
        );
    }
  }

  private releaseWaiters(): void {
    const current = this.position;
    if (!current) return;
    this.waiters = this.waiters.filter((w) => {
      if (comparePositions(current, w.position) < 0) return true;
      w.resolve(true);
      return false;
    });
  }
}

/**
 * Read-your-writes for an API instance whose projections run in another process: polls the
 * checkpoints that process saves after every live event.
 */
export class CheckpointProgress implements ProjectionProgress {
  constructor(
    private readonly store: ReadStore,
    private readonly projectionNames: string[],
    private readonly pollMs = 25,
  ) {}

  /** The lowest checkpoint of the projections (null until each has saved one). */
  async processed(): Promise<GlobalPosition | null> {
    const saved = await this.store.collection<Checkpoint>(CHECKPOINTS).find({ _id: { $in: this.projectionNames } });
    const positions = this.projectionNames.map((name) => saved.find((s) => s._id === name)?.position ?? null);
    if (positions.some((p) => p === null)) return null;
    return (positions as GlobalPosition[]).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
  }

  async waitFor(position: GlobalPosition, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const checkpoints = this.store.collection<Checkpoint>(CHECKPOINTS);
    for (;;) {
      const saved = await checkpoints.find({ _id: { $in: this.projectionNames } });
      const done = this.projectionNames.every((name) => {
        const c = saved.find((s) => s._id === name);
        return c?.position && comparePositions(c.position, position) >= 0;
      });
      if (done) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, this.pollMs));
    }
  }
}
