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
  /** During catch-up the checkpoint is saved every N events; live, after every event. */
  checkpointEvery?: number;
  /** Called after each event is processed (rebuild progress bars, crash tests). */
  onProcessed?: (event: RecordedEvent) => void | Promise<void>;
  retryDelayMs?: number;
}

const silent: RunnerLogger = { info: () => undefined, error: () => undefined };
const before = (a: GlobalPosition | null, b: GlobalPosition) => a === null || comparePositions(a, b) < 0;

/**
 * Runs projections over one subscription to the global log, from the lowest checkpoint. Each
 * projection remembers its own checkpoint; an event already covered by a projection's checkpoint is
 * not given to it again. Writes are idempotent, so a crash between a write and its checkpoint only
 * means the event is applied twice.
 */
export class ProjectionRunner implements ProjectionProgress {
  private readonly positions = new Map<string, GlobalPosition | null>();
  private subscription: Subscription | null = null;
  private liveFrom: GlobalPosition | null = null;
  private waiters: { position: GlobalPosition; resolve: (ok: boolean) => void }[] = [];
  private sinceSave = 0;
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
    await this.prepare();
    const head = await this.events.headPosition();
    this.liveFrom = head;
    const current = this.position;
    const caughtUp =
      head === null || (current !== null && comparePositions(current, head) >= 0)
        ? Promise.resolve(true)
        : this.waitFor(head, Number.POSITIVE_INFINITY);
    this.subscribe();
    await caughtUp;
    await this.saveCheckpoints();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.unsubscribe();
    this.subscription = null;
    await this.saveCheckpoints();
    for (const waiter of this.waiters.splice(0)) waiter.resolve(false);
  }

  /** Drops every read model and builds it again from the start of the log. */
  async rebuild(): Promise<void> {
    for (const p of this.projections) await this.reset(p);
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

  private subscribe(): void {
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

  private async process(event: RecordedEvent): Promise<void> {
    const live = this.liveFrom === null || comparePositions(event.position, this.liveFrom) > 0;
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
      if (!before(this.positions.get(p.name) ?? null, event.position)) continue;
      await p.apply(event, context as never);
      this.positions.set(p.name, event.position);
    }
    if (live || ++this.sinceSave >= (this.options.checkpointEvery ?? 500)) await this.saveCheckpoints();
    if (live && this.options.notifier) for (const n of notices) this.options.notifier.send(n);
    if (live && this.options.mailer) for (const m of mails) void this.send(m);
    await this.options.onProcessed?.(event);
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

  private async saveCheckpoints(): Promise<void> {
    this.sinceSave = 0;
    const checkpoints = this.store.collection<Checkpoint>(CHECKPOINTS);
    const updatedAt = new Date().toISOString();
    for (const p of this.projections) {
      const position = this.positions.get(p.name) ?? null;
      if (position)
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
