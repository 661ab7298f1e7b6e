import type { RecordedEvent } from '../event-store/event-store.port';

/**
 * A process: a flow that reacts to the event log (or to a clock) and issues commands or sends mail, across
 * aggregates. Each is idempotent on its own terms, since it may see an event again or be stopped part-way:
 * the rating requests record what they mailed, the job-request notices take live events only. Those that
 * follow the log run where the log's effects run (`runsLogProcesses`: the single API instance, else the
 * worker), started and stopped by one `ProcessHost`; a flow a caller waits on (booking a visit) runs inside
 * its command instead, and is a process in the same file kind (`<name>.process.ts`).
 */
export interface Process {
  /** For the log: 'rating requests', 'job-request e-mails'. */
  readonly name: string;
  start(): void;
  /** Resolves once what it was doing has finished; it starts nothing new after. */
  stop(): Promise<void>;
}

/** What a process hears of the log: each event after the read models have it, for live events only. */
export type LiveEventListener = (event: RecordedEvent) => void;

/**
 * The live events of this process's projection runner: those appended after it started, handed over once each,
 * after the batch that holds them committed (so a process reads read models that have the event). Never while
 * catching up or rebuilding: a restart or a rebuild does not make a process act on an old event again.
 */
export class LiveEvents {
  private readonly listeners = new Set<LiveEventListener>();

  /** `onError`: a listener that throws is reported there; the runner and the other listeners go on. */
  constructor(private readonly onError: (error: unknown) => void = () => undefined) {}

  /** Listens until the returned function is called. */
  subscribe(listener: LiveEventListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Called by the projection runner. */
  publish(event: RecordedEvent): void {
    for (const listener of this.listeners)
      try {
        listener(event);
      } catch (error) {
        this.onError(error);
      }
  }
}

/** Starts a list of processes and stops them, last started first; the API and the worker each have one. */
export class ProcessHost {
  private started = false;

  constructor(
    private readonly processes: Process[],
    private readonly log: { info(message: string): void } = { info: () => undefined },
  ) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const process of this.processes) process.start();
    this.log.info(`processes running: ${this.processes.map((p) => p.name).join(', ')}`);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const process of [...this.processes].reverse()) await process.stop();
  }
}

/**
 * A process that acts on some of the log's live events, one after another: `work(event)` says what to do about an
 * event (nothing: undefined), and `stop()` waits for what is under way. The e-mails that follow the log are these.
 */
export abstract class LiveEventsProcess implements Process {
  abstract readonly name: string;
  private unsubscribe: (() => void) | null = null;
  /** The work under way, one event after another, for stop() to wait on. */
  private working: Promise<void> = Promise.resolve();

  constructor(private readonly live: Pick<LiveEvents, 'subscribe'>) {}

  /** What to do about `event`, or undefined to let it pass; a failure is the work's to report. */
  protected abstract work(event: RecordedEvent): (() => Promise<void>) | undefined;

  start(): void {
    this.unsubscribe ??= this.live.subscribe((event) => {
      const next = this.work(event);
      if (next) this.working = this.working.then(next);
    });
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.working;
  }
}

/**
 * A process driven by a clock: `tick()` every `everyMs`, the next one scheduled when the last is done (never two at
 * once in one process), a failed tick reported and the next one run as usual; `stop()` waits for a tick under way.
 * The visit reminders and the crew's day e-mails are these.
 */
export abstract class ClockProcess implements Process {
  abstract readonly name: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private started = false;

  constructor(
    private readonly everyMs: number,
    private readonly report: { error(message: string, error: unknown): void },
  ) {}

  /** One pass: what came due since the last. Tests call it with a clock of their own. */
  abstract tick(): Promise<void>;

  start(): void {
    this.started = true;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule() {
    if (this.started) this.timer = setTimeout(() => void this.run(), this.everyMs);
  }

  private async run() {
    this.running = this.tick().catch((error) => this.report.error(`${this.name}: the tick failed`, error));
    await this.running;
    this.running = null;
    this.schedule();
  }
}
