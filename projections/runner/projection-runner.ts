import {
  comparePositions,
  EventStore,
  GlobalPosition,
  RecordedEvent,
  Subscription,
} from '../../src/core/event-store/event-store.port';
import { ReadStore } from '../../src/core/read-store/read-store.port';
import type { BuildingReadModel, ProjectionProgress } from '../../src/core/commands/aggregates';
import type { ChangeNotice, Notifier } from '../../src/core/change-notice';
import type { LiveEvents } from '../../src/core/processes/process-host';
import { CHECKPOINTS, hears, Projection } from './projection';
import { type Apart, APART_FROM_EVENTS, buildApart } from './build-apart';
import { nextTurn } from '../../src/core/loop-turns';

export { CHECKPOINTS };

export interface Checkpoint {
  _id: string;
  version: number;
  /** null: (re)build from the start of the log. */
  position: GlobalPosition | null;
  /** A read model of the past being built in the background: not read, nor waited for, until it has caught up. */
  building?: true;
  updatedAt: string;
}

export interface RunnerLogger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface RunnerOptions {
  notifier?: Notifier | null;
  /**
   * Where the processes of this process (src/core/processes) hear the log: each live event, after its batch
   * committed. Not given to the rebuild command nor to the background build, so nothing there reaches a process.
   */
  live?: Pick<LiveEvents, 'publish'> | null;
  logger?: RunnerLogger;
  /**
   * While catching up (and rebuilding), events are applied in batches of up to N, each committed
   * with its checkpoints; live, the events one read of the log brought. Default CATCH_UP_BATCH.
   */
  checkpointEvery?: number;
  /** Called after each event is processed and committed (rebuild progress bars, crash tests). */
  onProcessed?: (event: RecordedEvent) => void | Promise<void>;
  retryDelayMs?: number;
  /**
   * Read models of the past (`Projection.ofThePast`: the audit log, the schedule's and the reports' versions) are off
   * the path of each live event (the API and the worker say so; the rebuild command does not): a live batch's unit
   * applies today's read models to its events and the past's to the events of the batches before it, and the past's
   * are applied in a unit of their own only when no batch comes within `pastLagMs`, or at once when a read needs them.
   * A command waits for today's read models only (`waitFor`), and a read that needs one of the past waits until it
   * has reached the log as it was when the read came (`caughtUpWithLog`). Those that start over from the beginning of
   * a log whose other read models are there already (an upgrade) are built in the background by a runner of their
   * own: start() does not wait for them, and their reads answer 503 until they have caught up.
   */
  pastApart?: boolean;
  /** How long the past's events wait for the next live batch before they get a unit of their own. Default PAST_LAG_MS. */
  pastLagMs?: number;
  /** This runner is that second one: its checkpoints say `building` until it has caught up. */
  inBackground?: boolean;
  /**
   * Its read models are moved elsewhere once built (build-apart.ts), where their indexes are made: the indexes a build
   * from the start of the log suspends are not made again here.
   */
  movedOnceBuilt?: boolean;
  /**
   * Where a first start of a long log may build the read models that stand alone in a thread of their own
   * (build-apart.ts; the embedded store): `apartFor(config, store)`.
   */
  apart?: Apart | null;
}

/**
 * Batches of a catch-up: a rebuild of 100,000 events of the dense mix took 42.6 s in batches of 500, 37.7 s of 2,000
 * (each commit writes every page its batch changed, and a larger batch changes the same pages more often) and 36.5 s
 * of 5,000, whose peak RSS was 40 MB higher.
 */
export const CATCH_UP_BATCH = 2000;
/** Batches of the background build: small, so that the live events' batches (SQLite runs one at a time) never wait long. */
const BACKGROUND_BATCH = 100;
/**
 * How long the past's read models wait for the next live batch to ride along with (its unit, its COMMIT, its
 * checkpoints: issue #45) before they take a unit of their own. Short: a push of the audit log waits as long.
 */
export const PAST_LAG_MS = 25;
/** How long /healthz waits for the past's late events to be applied before it answers with the lag as it stands. */
const LATE_READ_WAIT_MS = 1000;

const silent: RunnerLogger = { info: () => undefined, error: () => undefined };
const before = (a: GlobalPosition | null, b: GlobalPosition) => a === null || comparePositions(a, b) < 0;

/** How far `position` is toward `head`, 0-99 (positions grow with the log on both event stores). */
function percentOf(position: GlobalPosition | null, head: GlobalPosition | null): number {
  if (!head || !position || head.commit <= 0) return 0;
  return Math.min(99, Math.floor((position.commit / head.commit) * 100));
}

/**
 * Runs projections over one subscription to the global log, from the lowest checkpoint. Each
 * projection remembers its own checkpoint; an event already covered by a projection's checkpoint is
 * not given to it again.
 *
 * Batches. The subscription hands over one event at a time (`process`), and awaits each. Rather than
 * keep a transaction open across those calls (other code of this process would write into it while
 * the subscription reads the log), `process` collects events and applies a batch in one go when it
 * closes: at `checkpointEvery` events, at the head the catch-up started toward (`liveFrom`), or at
 * any live event (appended after start) the subscription holds no other event after: live events
 * read together from the log are applied together (commands that arrive at once share a commit, as
 * they share the log's), and no batch ever waits for an event still to come, so read-your-writes and
 * pushes never wait for a batch to fill. A batch is one unit of work: every projection's writes for
 * its events, then the checkpoints covering them, inside `store.transaction` where the store has one
 * (SQLite, the embedded default): they commit together or not at all, so a crash never leaves a read
 * model ahead of or behind its checkpoint. MongoDB has no transaction here (FerretDB v1 has none): the
 * same batch runs without one, and a crash between a write and its checkpoint only means the events
 * are applied again (writes are idempotent). Only after the commit are the positions advanced,
 * read-your-writes waiters released, pushes sent, live events handed to the processes (`live`) and
 * `onProcessed` called. A failed batch leaves the positions at the last commit and ends the
 * subscription, which resubscribes from them.
 */
export class ProjectionRunner implements ProjectionProgress {
  /** Per projection, the last position committed with its checkpoint. */
  private readonly positions = new Map<string, GlobalPosition | null>();
  /** The projections this runner's subscription applies: all, less those of the past built in the background. */
  private running: Projection[];
  /** Of those, the read models of the past that live events reach one batch late (`pastApart`). */
  private late = new Set<Projection>();
  /** Live events that the late projections have yet to apply, in the log's order. */
  private lateEvents: RecordedEvent[] = [];
  /** The unit of their own the late events get when no live batch takes them first. */
  private lateTimer: NodeJS.Timeout | null = null;
  /** Batches and late units, one after another. */
  private committing: Promise<unknown> = Promise.resolve();
  /**
   * Runners of the read models of the past built in the background after an upgrade (`pastApart`), which count once
   * they have caught up.
   */
  private apart: { runner: ProjectionRunner; head: GlobalPosition | null; caughtUp: boolean }[] = [];
  /** Whether this (background) runner's checkpoints still say `building`. */
  private markBuilding: boolean;
  private subscription: Subscription | null = null;
  /** At a first start of a long log, the runner building all but the read models built apart (`builtApart`). */
  private others: ProjectionRunner | null = null;
  /** How far the thread building apart has gone. */
  private apartAt = 0;
  private liveFrom: GlobalPosition | null = null;
  /** Set while start() runs, for `starting()`: the head it catches up toward (null: not read yet, or an empty log). */
  private startingToward: { head: GlobalPosition | null } | null = null;
  /** Read-your-writes and reads of the past: each waits for some of `running` to reach a position. */
  private waiters: { projections: Projection[]; position: GlobalPosition; resolve: (ok: boolean) => void }[] = [];
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
    this.running = projections;
    this.markBuilding = options.inBackground === true;
  }

  /**
   * Lowest position every projection has processed (null: at least one has processed nothing). Read models of
   * the past still being built in the background are not counted; once caught up, they are.
   */
  get position(): GlobalPosition | null {
    let lowest = this.ownPosition;
    for (const { runner, caughtUp } of this.apart) {
      if (!caughtUp) continue;
      const theirs = runner.position;
      if (lowest === null || theirs === null) return null;
      if (comparePositions(theirs, lowest) < 0) lowest = theirs;
    }
    return lowest;
  }

  /** The running projections that live events reach at once: all but the late ones. */
  private get today(): Projection[] {
    return this.running.filter((p) => !this.late.has(p));
  }

  /** Lowest position the projections of this runner's own subscription have processed. */
  private get ownPosition(): GlobalPosition | null {
    return this.lowestOf(this.running);
  }

  /** Lowest position the projections have processed (null: one has processed nothing). */
  private lowestOf(projections: Projection[]): GlobalPosition | null {
    let lowest: GlobalPosition | undefined;
    for (const p of projections) {
      const position = this.positions.get(p.name) ?? null;
      if (position === null) return null;
      if (lowest === undefined || comparePositions(position, lowest) < 0) lowest = position;
    }
    return lowest ?? null;
  }

  /**
   * The lowest position every projection has processed (/healthz's lag). A reader of it waits for no lag: the past's
   * late events get their unit now, as for a read of the past (bounded; after that, the position as it stands).
   */
  async processed(): Promise<GlobalPosition | null> {
    const late = this.lateEvents.at(-1);
    if (late) {
      this.applyLateSoon(0);
      await this.waitOn([...this.late], late.position, LATE_READ_WAIT_MS);
    }
    return this.position;
  }

  /**
   * While start() has not resolved (a first start builds every read model from the log): how far this runner and those
   * it waits for are toward the head it began with, 0-99. Null once started, and before.
   */
  starting(): number | null {
    if (!this.startingToward) return null;
    // The others' build and the thread's, then the move.
    if (this.others)
      return Math.min(
        this.others.starting() ?? 99,
        percentOf({ commit: this.apartAt, prepare: this.apartAt }, this.startingToward.head),
      );
    let percent = percentOf(this.ownPosition, this.startingToward.head);
    for (const { runner, caughtUp } of this.apart) {
      const theirs = caughtUp ? null : runner.starting();
      if (theirs !== null) percent = Math.min(percent, theirs);
    }
    return percent;
  }

  async building(): Promise<BuildingReadModel[]> {
    return this.apart
      .filter((a) => !a.caughtUp)
      .flatMap(({ runner, head }) =>
        runner.projections.map((p) => ({
          name: p.name,
          percent: percentOf(runner.positions.get(p.name) ?? null, head),
        })),
      );
  }

  /** Loads checkpoints (resetting projections whose version changed) and starts the subscription.
   *  Resolves once the read models have caught up with the log as it was at start (but those built in the background). */
  async start(): Promise<void> {
    this.stopped = false;
    this.startingToward = { head: null };
    try {
      await this.catchUp();
    } finally {
      this.startingToward = null;
    }
  }

  private async catchUp(): Promise<void> {
    const behind = await this.unit(() => this.prepare());
    if (await this.builtApart()) {
      if (!this.stopped) await this.catchUp();
      return;
    }
    this.running = this.projections.filter((p) => !behind.includes(p));
    this.late = new Set(this.options.pastApart ? this.running.filter((p) => p.ofThePast) : []);
    // Read models this start builds from the start of the log (not in the background, beside an API serving requests).
    const fresh = this.markBuilding ? [] : this.running.filter((p) => (this.positions.get(p.name) ?? null) === null);
    const makeIndexes = await this.suspendIndexes(fresh);
    const endBuild = fresh.length ? this.store.beginBuild?.() : undefined;
    const head = await this.events.headPosition();
    this.liveFrom = head;
    this.startingToward = { head };
    const current = this.ownPosition;
    const caughtUp =
      head === null || (current !== null && comparePositions(current, head) >= 0)
        ? Promise.resolve(true)
        : this.waitForOwn(head, Number.POSITIVE_INFINITY);
    this.subscribe();
    try {
      await caughtUp;
      // Stopped part-way, the indexes are made by the setup of the next start.
      if (!this.stopped && !this.options.movedOnceBuilt) await makeIndexes?.();
    } finally {
      endBuild?.();
    }
    if (behind.length) this.buildInBackground(behind, head);
  }

  /**
   * A first start (no read model there yet) of a log of APART_FROM_EVENTS or more, where the store can take a build
   * made apart: the read models that stand alone are built in a thread of their own (build-apart.ts) while a runner of
   * this thread builds the others, which `starting()` reports; the catch-up that follows takes each on from its
   * checkpoint. That runner hands nothing to the processes and pushes nothing: events appended meanwhile are not live
   * to them, and there are none of a request's, since the starting gate admits none until the start ends. Whether it
   * built them (or was stopped doing so).
   */
  private async builtApart(): Promise<boolean> {
    const apart = this.options.apart;
    const alone = this.projections.filter((p) => p.standsAlone);
    if (!apart || this.markBuilding || !alone.length || alone.length === this.projections.length) return false;
    if (this.projections.some((p) => (this.positions.get(p.name) ?? null) !== null)) return false;
    // A position counts events on SQLite and PostgreSQL; on EventStoreDB it grows faster, which errs toward the thread.
    const head = await this.events.headPosition();
    if (!head || head.commit < (apart.fromEvents ?? APART_FROM_EVENTS)) return false;
    const others = new ProjectionRunner(
      this.events,
      this.store,
      this.projections.filter((p) => !p.standsAlone),
      { logger: this.options.logger, checkpointEvery: this.options.checkpointEvery },
    );
    this.others = others;
    this.startingToward = { head };
    this.apartAt = 0;
    try {
      await buildApart(
        apart,
        alone,
        async () => {
          await others.start();
          await others.stop();
        },
        {
          checkpointEvery: this.options.checkpointEvery,
          cancelled: () => this.stopped,
          log: (line) => this.logger.info(line),
          progress: (commit) => (this.apartAt = commit),
        },
      );
    } finally {
      this.others = null;
    }
    return true;
  }

  /**
   * The read models a start builds from the start of the log keep no search index meanwhile, nor any other index of
   * those whose projection reads them by `_id` alone (`Projection.readsById`): the store makes each from the documents
   * once they have caught up, far cheaper than keeping it row by row (see ReadStore.suspendIndexes). Not in the
   * background, beside an API serving requests: making them there would hold its event loop.
   */
  private async suspendIndexes(fresh: Projection[]): Promise<(() => Promise<void>) | null> {
    if (!fresh.length || !this.store.suspendIndexes) return null;
    return this.store.suspendIndexes(
      fresh.flatMap((p) => p.collections),
      fresh.filter((p) => p.readsById).flatMap((p) => p.collections),
    );
  }

  /** Stops following the log. Every committed batch saved its checkpoints; an open batch is dropped (its events come again at the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.others?.stop();
    const apart = this.apart.splice(0);
    await Promise.all(apart.map((a) => a.runner.stop()));
    await this.subscription?.unsubscribe();
    this.subscription = null;
    await this.inFlight?.catch(() => undefined);
    if (this.lateTimer) clearTimeout(this.lateTimer);
    this.lateTimer = null;
    // What the read models of the past have yet to apply gets its unit now, so a stop leaves every read model at one
    // place in the log. Should it fail, their checkpoints are before those events, and the next start applies them.
    if (this.lateEvents.length)
      await this.inTurn(() => this.commit([])).catch((error) =>
        this.logger.error('the read models of the past could not apply the latest events before the stop', error),
      );
    await this.committing;
    this.lateEvents = [];
    this.pending = [];
    for (const waiter of this.waiters.splice(0)) waiter.resolve(false);
  }

  /** A runner for read models of the past: their events are this one's too, so the processes hear each from this one. */
  private runnerApart(projections: Projection[], options: RunnerOptions): ProjectionRunner {
    return new ProjectionRunner(this.events, this.store, projections, {
      ...this.options,
      pastApart: false,
      live: null,
      onProcessed: undefined,
      ...options,
    });
  }

  /**
   * Builds `behind` (read models of the past starting over, see `RunnerOptions.pastApart`) with a runner of their
   * own, following the log from their checkpoints; once caught up, their reads are served.
   */
  private buildInBackground(behind: Projection[], head: GlobalPosition | null): void {
    const runner = this.runnerApart(behind, {
      inBackground: true,
      checkpointEvery: Math.min(this.options.checkpointEvery ?? BACKGROUND_BATCH, BACKGROUND_BATCH),
    });
    const background = { runner, head, caughtUp: false };
    this.apart.push(background);
    const names = behind.map((p) => p.name).join(', ');
    const started = Date.now();
    this.logger.info(`building ${names} in the background from the start of the log; their reads wait until then`);
    const build = async () => {
      await runner.start();
      if (runner.stopped) return; // stopped part-way: it resumes from its checkpoints at the next start
      await runner.finishBuilding();
      if (!this.apart.includes(background) || this.stopped) return;
      background.caughtUp = true;
      this.logger.info(`${names} built in ${Math.round((Date.now() - started) / 1000)} s; following the log`);
    };
    build().catch((error) =>
      this.logger.error(`building ${names} in the background failed; it resumes at the next start`, error),
    );
  }

  /** The background build has caught up: its checkpoints no longer say `building`. */
  private async finishBuilding(): Promise<void> {
    this.markBuilding = false;
    const checkpoints = this.store.collection<Checkpoint>(CHECKPOINTS);
    await this.unit(async () => {
      for (const p of this.projections) await checkpoints.updateOne({ _id: p.name }, { $unset: { building: '' } });
    });
  }

  /** Drops every read model and builds it again from the start of the log. */
  async rebuild(): Promise<void> {
    // Dropping what was there reads every page of it: not through the memory map either.
    const endBuild = this.store.beginBuild?.();
    try {
      await this.unit(async () => {
        for (const p of this.projections) await this.reset(p);
      });
      await this.start();
    } finally {
      endBuild?.();
    }
  }

  /** Today's read models (with `pastApart`; else every one) have processed `position`: a command's read-your-writes. */
  async waitFor(position: GlobalPosition, timeoutMs: number): Promise<boolean> {
    return this.waitOn(this.today, position, timeoutMs);
  }

  /**
   * The read models named have processed the log as far as it reached when asked (false after `timeoutMs`, or while
   * one is still being built in the background): a read of the past sees every write made before it.
   */
  async caughtUpWithLog(names: string[], timeoutMs: number): Promise<boolean> {
    const head = await this.events.headPosition();
    if (!head) return true;
    const holds = (runner: ProjectionRunner) => runner.running.some((p) => names.includes(p.name));
    const named = this.running.filter((p) => names.includes(p.name));
    // A read waits for no lag: the past's events get their unit now, if no batch has taken them yet.
    if (named.some((p) => this.late.has(p))) this.applyLateSoon(0);
    const waits = [named.length ? this.waitOn(named, head, timeoutMs) : true];
    for (const { runner, caughtUp } of this.apart)
      if (holds(runner)) waits.push(caughtUp ? runner.waitForOwn(head, timeoutMs) : false);
    return (await Promise.all(waits)).every(Boolean);
  }

  private waitForOwn(position: GlobalPosition, timeoutMs: number): Promise<boolean> {
    return this.waitOn(this.running, position, timeoutMs);
  }

  /** The projections have processed `position` (false after `timeoutMs`). */
  private waitOn(projections: Projection[], position: GlobalPosition, timeoutMs: number): Promise<boolean> {
    const current = this.lowestOf(projections);
    if (current && comparePositions(current, position) >= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { projections, position, resolve };
      this.waiters.push(waiter);
      if (Number.isFinite(timeoutMs)) {
        setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs).unref();
      }
    });
  }

  /** Loads the checkpoints, resets what must start over, and returns the read models of the past to build in the background. */
  private async prepare(): Promise<Projection[]> {
    const checkpoints = this.store.collection<Checkpoint>(CHECKPOINTS);
    const wasBuilding = new Set<string>();
    for (const p of this.projections) {
      await p.setup?.(this.store);
      const saved = await checkpoints.findOne({ _id: p.name });
      if (saved?.building) wasBuilding.add(p.name);
      if (!saved || saved.version !== p.version || saved.position === null) {
        // Unknown, outdated or interrupted before its first checkpoint: start this one afresh.
        await this.reset(p);
      } else {
        this.positions.set(p.name, saved.position);
      }
    }
    if (!this.options.pastApart) return [];
    // An upgrade, not a first start: the read models of today are there (on a first start all are built together).
    const upgrade = this.projections.some((p) => !p.ofThePast && this.positions.get(p.name));
    const behind = this.projections.filter(
      (p) => p.ofThePast && upgrade && (wasBuilding.has(p.name) || !this.positions.get(p.name)),
    );
    for (const p of behind)
      await checkpoints.updateOne({ _id: p.name }, { $set: { building: true, updatedAt: new Date().toISOString() } });
    return behind;
  }

  private async reset(p: Projection): Promise<void> {
    const checkpoints = this.store.collection<Checkpoint>(CHECKPOINTS);
    // Mark first, then drop: a crash in between still restarts this projection from scratch.
    await checkpoints.replaceOne(
      { _id: p.name },
      {
        _id: p.name,
        version: p.version,
        position: null,
        ...(this.markBuilding ? { building: true as const } : {}),
        updatedAt: new Date().toISOString(),
      },
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
    const after = this.ownPosition ?? undefined;
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
      (event, more) => this.process(event, more),
    );
  }

  private isLive(event: RecordedEvent): boolean {
    return this.liveFrom === null || comparePositions(event.position, this.liveFrom) > 0;
  }

  /**
   * Called by the subscription for each event, in order, one at a time. Adds the event to the open
   * batch and, when that closes the batch (see the class comment), applies and commits it before
   * returning, so the subscription reads no further until the batch is committed. `more`: the
   * subscription already holds the next event, so a live batch takes it too rather than close.
   */
  private async process(event: RecordedEvent, more = false): Promise<void> {
    this.pending.push(event);
    const closes =
      this.liveFrom === null ||
      (comparePositions(event.position, this.liveFrom) >= 0 && !more) ||
      this.pending.length >= Math.max(1, this.options.checkpointEvery ?? CATCH_UP_BATCH);
    if (!closes) return;
    const batch = this.pending.splice(0);
    const running = this.inTurn(() => this.commit(batch));
    this.inFlight = running;
    try {
      await running;
    } finally {
      if (this.inFlight === running) this.inFlight = null;
    }
    // A catch-up (a first start's build, one in the background) leaves the event loop to the requests served beside it
    // after every batch: on SQLite its reads and writes never wait for I/O, and it would otherwise hold the loop until
    // it had caught up (a first start answers /healthz meanwhile, src/health/starting-gate.ts).
    if (this.markBuilding || !this.isLive(batch[batch.length - 1])) await nextTurn();
  }

  /** `work` after the batches and late units before it. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.committing.then(work);
    this.committing = turn.catch(() => undefined);
    return turn;
  }

  /** The late events get a unit of their own in `delayMs`, unless a batch takes them first (or sooner, if asked). */
  private applyLateSoon(delayMs: number): void {
    if (!this.lateEvents.length || this.stopped) return;
    if (this.lateTimer) {
      if (delayMs > 0) return;
      clearTimeout(this.lateTimer);
    }
    this.lateTimer = setTimeout(() => {
      this.lateTimer = null;
      this.inTurn(() => this.commit([])).catch((error) => {
        this.logger.error('the read models of the past failed to apply the latest events; trying again', error);
        this.applyLateSoon(this.options.retryDelayMs ?? 1000);
      });
    }, delayMs);
    this.lateTimer.unref();
  }

  /**
   * Applies a batch, and the late events of the batches before it, and saves the checkpoints in one unit; advances
   * and announces only once it committed. Of a live batch, the read models of the past (`late`) apply nothing now:
   * its events wait for the next unit.
   */
  private async commit(batch: RecordedEvent[]): Promise<void> {
    // Positions within the batch; `this.positions` keeps the committed ones until COMMIT.
    const working = new Map(this.positions);
    const late = this.lateEvents.splice(0);
    if (this.lateTimer) clearTimeout(this.lateTimer);
    this.lateTimer = null;
    const nowLate = this.late.size ? batch.filter((event) => this.isLive(event)) : [];
    const today = this.today;
    const notices: ChangeNotice[][] = [];
    const apply = async (event: RecordedEvent, projections: Iterable<Projection>) => {
      const sent: ChangeNotice[] = [];
      const context = {
        store: this.store,
        notify: (n: ChangeNotice) => {
          sent.push(n);
        },
      };
      for (const p of projections) {
        if (!before(working.get(p.name) ?? null, event.position)) continue;
        // Only the projections of the event's aggregate apply it (`Projection.streams`); every one has passed it.
        if (hears(p, event)) await p.apply(event, context as never);
        working.set(p.name, event.position);
      }
      notices.push(sent);
    };
    try {
      await this.unit(async () => {
        for (const event of late) await apply(event, this.late);
        for (const event of batch) await apply(event, nowLate.includes(event) ? today : this.running);
        await this.saveCheckpoints(working, this.positions);
      });
    } catch (error) {
      // Nothing of the unit committed: the late events wait for the next one (a batch met again skips them).
      this.lateEvents.unshift(...late);
      throw error;
    }
    // Committed: the read models and checkpoints of the whole unit are visible to everyone now.
    for (const [name, position] of working) this.positions.set(name, position);
    this.lateEvents.push(...nowLate);
    [...late, ...batch].forEach((event, i) => {
      if (this.isLive(event) && this.options.notifier) for (const n of notices[i]) this.options.notifier.send(n);
    });
    for (const event of batch) {
      if (this.isLive(event)) this.options.live?.publish(event);
      await this.options.onProcessed?.(event);
    }
    this.releaseWaiters();
    this.applyLateSoon(this.options.pastLagMs ?? PAST_LAG_MS);
  }

  /** Saves the checkpoints of the projections whose position moved since the last commit. */
  private async saveCheckpoints(
    positions: Map<string, GlobalPosition | null>,
    committed: Map<string, GlobalPosition | null>,
  ): Promise<void> {
    const checkpoints = this.store.collection<Checkpoint>(CHECKPOINTS);
    const updatedAt = new Date().toISOString();
    // Read together first: a unit that learns them so (PostgreSQL's) writes them without a read each.
    await checkpoints.find({ _id: { $in: this.running.map((p) => p.name) } });
    for (const p of this.running) {
      const position = positions.get(p.name) ?? null;
      if (position && position !== committed.get(p.name))
        await checkpoints.replaceOne(
          { _id: p.name },
          {
            _id: p.name,
            version: p.version,
            position,
            ...(this.markBuilding ? { building: true as const } : {}),
            updatedAt,
          },
          { upsert: true },
        );
    }
  }

  private releaseWaiters(): void {
    this.waiters = this.waiters.filter((w) => {
      const current = this.lowestOf(w.projections);
      if (!current || comparePositions(current, w.position) < 0) return true;
      w.resolve(true);
      return false;
    });
  }
}

/**
 * Read-your-writes for an API instance whose projections run in another process: polls the
 * checkpoints that process saves after every live event. A command waits for today's read models; a read of the
 * past for the ones it reads (`caughtUpWithLog`). A checkpoint saying `building` (a read model of the past the
 * worker builds in the background after an upgrade) is left out of `processed` until it has caught up.
 */
export class CheckpointProgress implements ProjectionProgress {
  private waiters: { names: string[]; position: GlobalPosition; deadline: number; resolve: (ok: boolean) => void }[] =
    [];
  private polling: Promise<void> | null = null;
  private readonly names: string[];
  /** The read models a command waits for: all but those of the past (the worker runs them apart). */
  private readonly today: string[];

  constructor(
    private readonly store: ReadStore,
    projections: Pick<Projection, 'name' | 'ofThePast'>[],
    /** The log's head, for how far a background build is and how far a read of the past waits. */
    private readonly events: Pick<EventStore, 'headPosition'>,
    private readonly pollMs = 25,
  ) {
    this.names = projections.map((p) => p.name);
    this.today = projections.filter((p) => !p.ofThePast).map((p) => p.name);
  }

  /** Every saved checkpoint by name, and those `processed` counts: all but the ones building (null: none saved yet). */
  private async checkpoints(): Promise<{ saved: Map<string, Checkpoint>; waited: (Checkpoint | null)[] }> {
    const found = await this.store.collection<Checkpoint>(CHECKPOINTS).find({ _id: { $in: this.names } });
    const saved = new Map(found.map((c) => [c._id, c]));
    return { saved, waited: this.names.map((name) => saved.get(name) ?? null).filter((c) => !c?.building) };
  }

  /** The lowest checkpoint of the projections (null until each has saved one). */
  async processed(): Promise<GlobalPosition | null> {
    const positions = (await this.checkpoints()).waited.map((c) => c?.position ?? null);
    if (positions.some((p) => p === null)) return null;
    return (positions as GlobalPosition[]).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
  }

  async building(): Promise<BuildingReadModel[]> {
    const building = [...(await this.checkpoints()).saved.values()].filter((c) => c.building);
    if (!building.length) return [];
    const head = await this.events.headPosition();
    return building.map((c) => ({ name: c._id, percent: percentOf(c.position, head) }));
  }

  waitFor(position: GlobalPosition, timeoutMs: number): Promise<boolean> {
    return this.waitOn(this.today, position, timeoutMs);
  }

  async caughtUpWithLog(names: string[], timeoutMs: number): Promise<boolean> {
    const head = await this.events.headPosition();
    return head ? this.waitOn(names, head, timeoutMs) : true;
  }

  /**
   * One read of the checkpoints per poll for every waiter of this process: 32 commands waiting at once would otherwise
   * read them 32 times every `pollMs`.
   */
  private waitOn(names: string[], position: GlobalPosition, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      this.waiters.push({ names, position, deadline: Date.now() + timeoutMs, resolve });
      this.polling ??= this.poll().finally(() => (this.polling = null));
    });
  }

  private async poll(): Promise<void> {
    while (this.waiters.length) {
      let saved: Map<string, Checkpoint> | null = null;
      try {
        saved = (await this.checkpoints()).saved;
      } catch {
        // The store is away for a moment: the waiters keep waiting until their deadline.
      }
      const now = Date.now();
      this.waiters = this.waiters.filter((w) => {
        const reached =
          saved !== null &&
          w.names.every((name) => {
            const c = saved.get(name);
            // A read model being built does not count as caught up (its reads answer 503 meanwhile).
            return !!c?.position && !c.building && comparePositions(c.position, w.position) >= 0;
          });
        if (reached || now >= w.deadline) w.resolve(reached);
        return !reached && now < w.deadline;
      });
      if (this.waiters.length) await new Promise((r) => setTimeout(r, this.pollMs));
    }
  }
}
