/**
 * Grows a data folder (embedded default: DATA_DIR/events.sqlite) to N events, for timing starts,
 * rebuilds and queries over a realistic log:
 *
 *   npm run bench:data -- --events 1000000 [--dir PATH] [--staff N] [--jobs-per-week N]
 *
 * An empty folder first gets what the app writes on its first start (the demo organization, seeded
 * by the real app and its commands) and the staff users (CreateUser through the command bus). The
 * rest goes straight to the event store port, decided by the app's own deciders so the shapes are
 * the real ones. At N = 1,000,000 the mix is 50 staff users, 50,000 customers (CustomerCreated),
 * 350,000 job events (300,000 JobScheduled, 50,000 JobChanged: reassignments, moves, notes) and
 * 150,000 timer cycles (TimerClaimed, TimerStarted, TimerStopped, TimerReleased); other N scale it.
 * The log runs in order over the last three years; jobs fall from then to a month ahead.
 *
 * The data's shape: `--staff N` spreads the jobs and timers over N staff members (default 50 per 1,000,000 events;
 * the demo's own associates get none), and `--jobs-per-week N` packs the log into as many weeks as the jobs fill at
 * that density (default: three years). The dense mix of issue #28, about 3,500 one-time jobs a week on five people,
 * 300,000 of them (and 50,000 changes) over 86 weeks at 1,000,000 events:
 *
 *   npm run bench:data -- --events 1000000 --staff 5 --jobs-per-week 3500 --dir PATH
 *
 * A folder that already holds events is grown to N with the same mix (its staff are read back from
 * the first events). The read models are removed after seeding: the next start builds them.
 */
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import type { DomainEvent } from '../src/core/decider';
import type { EventStore, NewEvent } from '../src/core/event-store/event-store.port';
import { SqliteEventStore } from '../src/core/event-store/sqlite-event-store';
import { customerDecider } from '../src/customers/customer.decider';
import { customersStreams } from '../src/customers/customers.events';
import { CreateUser } from '../src/identity/identity.commands';
import { jobDecider, JobState } from '../src/scheduling/job.decider';
import { JobFields, schedulingStreams } from '../src/scheduling/scheduling.events';
import { runningTimerDecider, RunningTimerState } from '../src/timers/running-timer.decider';
import { timerDecider } from '../src/timers/timer.decider';
import { timersStreams } from '../src/timers/timers.events';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Events per round: decided, queued without waiting, then committed by the store's group commit. */
const ROUND = 5_000;
/** The mix at N = 1,000,000. */
const MIX = { staff: 50, customers: 50_000, jobsScheduled: 300_000, jobsChanged: 50_000, timerCycles: 150_000 };
const PER_MILLION = 1_000_000;

const FIRST = ['Ada', 'Luis', 'Mona', 'Lee', 'Priya', 'Tom', 'Zoë', 'Ines', 'Kofi', 'Sam', 'Hannah', 'Omar'];
const LAST = ['Baker', 'Chen', 'Diaz', 'Evans', 'Fischer', 'García', 'Hughes', 'Ito', 'Jensen', 'Kowalski'];
const STREETS = ['Maple Street', 'Harbor Drive', 'Main Street', 'Oak Avenue', 'Elm Court', 'Cedar Lane'];
const CITIES = [
  ['Springfield', 'NJ', '07081'],
  ['Millburn', 'NJ', '07041'],
  ['Summit', 'NJ', '07901'],
  ['Madison', 'NJ', '07940'],
];
const SERVICES = ['Office cleaning', 'Lawn and hedges', 'Pest inspection', 'Window washing', 'Gutter cleaning'];
const BILLING = ['Monthly', 'Weekly', 'Per visit', null];

function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function args(argv: string[]) {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const usage = 'usage: bench/data.ts --events N [--dir PATH] [--staff N] [--jobs-per-week N]';
  const events = Number(value('--events'));
  const staff = Number(value('--staff') ?? Math.max(1, Math.round((MIX.staff * events) / PER_MILLION)));
  const jobsPerWeek = value('--jobs-per-week') === undefined ? null : Number(value('--jobs-per-week'));
  if (!Number.isInteger(events) || events <= 0) throw new Error(usage);
  if (!Number.isInteger(staff) || staff <= 0) throw new Error(`--staff: a number of people, 1 or more (${usage})`);
  if (jobsPerWeek !== null && !(Number.isInteger(jobsPerWeek) && jobsPerWeek > 0))
    throw new Error(`--jobs-per-week: a number of jobs, 1 or more (${usage})`);
  return { events, staff, jobsPerWeek, dir: resolve(value('--dir') ?? `data-bench-${events}`) };
}

interface Org {
  organizationId: string;
  adminId: string;
  /** The staff this script added (`staff<i>@demo.crewclock.test`), in order: the people jobs and timers go to. */
  staff: string[];
  customers: { customerId: string; name: string }[];
  /** Customer names by id, for the timers set to their jobs. */
  customerNames: Map<string, string>;
}

/** What the app writes on a first start (the demo organization), then the staff, through the real commands. */
async function seed(dir: string, staff: number): Promise<void> {
  const config = loadConfig({ DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent', SEED_DEMO: 'true' });
  const running = await createApp(config);
  try {
    const org = await readOrganization(running.engines.eventStore);
    const commands = running.app.get(CommandBus);
    const random = prng(7);
    for (let i = org.staff.length; i < staff; i++) {
      const firstName = FIRST[Math.floor(random() * FIRST.length)];
      const lastName = LAST[Math.floor(random() * LAST.length)];
      await commands.execute(
        new CreateUser(
          {
            firstName,
            lastName,
            email: `staff${i}@demo.crewclock.test`,
            role: 'Associate',
            colorCode: `#${Math.floor(random() * 0xffffff)
              .toString(16)
              .padStart(6, '0')
              .toUpperCase()}`,
            phoneNumber: null,
            employeeId: `E-${1000 + i}`,
            password: 'Welcome2Crew!',
          },
          {
            organizationId: org.organizationId,
            actorUserId: org.adminId,
            correlationId: randomUUID(),
            causationId: null,
            at: new Date().toISOString(),
          },
          // Made-up people: no welcome e-mail.
          false,
        ),
      );
    }
  } finally {
    await running.close();
  }
  // The next start of the app builds the read models from the whole log.
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(dir, `read-models.sqlite${suffix}`), { force: true });
}

/** The demo organization, its admin, staff and customers, from the first events of the log. */
async function readOrganization(store: EventStore): Promise<Org> {
  const events = await store.readAll({ maxCount: 5_000 });
  const created = events.find((e) => e.type === 'OrganizationCreated');
  if (!created) throw new Error('no organization in the first events of this folder');
  const organizationId = (created.data as { organizationId: string }).organizationId;
  const org: Org = { organizationId, adminId: '', staff: [], customers: [], customerNames: new Map() };
  for (const e of events) {
    if (e.metadata.organizationId !== organizationId) continue;
    const data = e.data as Record<string, string>;
    if (e.type === 'UserRegistered') {
      if (data.role === 'Company Admin' && !org.adminId) org.adminId = data.userId;
      else if (data.role === 'Associate' && data.email.startsWith('staff')) org.staff.push(data.userId);
    }
    if (e.type === 'CustomerCreated') {
      org.customers.push({ customerId: data.customerId, name: data.name ?? data.contactFirstName });
      org.customerNames.set(data.customerId, data.name ?? data.contactFirstName);
    }
  }
  return org;
}

type Slot = { state: RunningTimerState; revision: number | 'no_stream' };

interface RecentJob {
  jobId: string;
  state: JobState;
  revision: number;
}

class Generator {
  private readonly random = prng(11);
  private readonly pending: Promise<unknown>[] = [];
  /** When each staff member is free again (timers of one person do not overlap). */
  private readonly free = new Map<string, number>();
  /** Jobs recently scheduled: the ones changed, and the ones timers are set to. */
  private readonly recent: RecentJob[] = [];
  private jobNumber = 5000;
  appended = 0;

  constructor(
    private readonly store: EventStore,
    private readonly org: Org,
    /** Each staff member's running-timer stream: its state and revision. */
    private readonly running: Map<string, Slot>,
    /**
     * How much of the log's span each of a person's timer cycles has (ms): a dense mix's cycles are shorter and closer
     * together, so that one person's timers never overlap nor run past now.
     */
    private readonly cycleSpan: number,
  ) {}

  private pick<T>(xs: T[]): T {
    return xs[Math.floor(this.random() * xs.length)];
  }

  /** Queues one append of decided events (the store commits everything queued in this turn at once). */
  private append(
    streamId: string,
    events: DomainEvent[],
    expected: 'no_stream' | number,
    at: number,
    actor: string | null,
  ): number {
    const correlationId = randomUUID();
    const timestamp = new Date(at).toISOString();
    const batch: NewEvent[] = events.map((e) => ({
      id: randomUUID(),
      type: e.type,
      data: e.data,
      metadata: {
        organizationId: this.org.organizationId,
        actorUserId: actor,
        correlationId,
        causationId: null,
        timestamp,
      },
    }));
    this.pending.push(this.store.append(streamId, batch, expected));
    this.appended += batch.length;
    return (expected === 'no_stream' ? -1 : expected) + batch.length;
  }

  /** Waits for everything queued: one transaction (one fsync) per turn of the store. */
  async commit() {
    await Promise.all(this.pending.splice(0));
  }

  customer(at: number) {
    const customerId = randomUUID();
    const contactFirstName = this.pick(FIRST);
    const contactLastName = this.pick(LAST);
    const [city, state, postalCode] = this.pick(CITIES);
    const name = `${contactLastName} ${this.pick(['Dental', 'Bakery', 'Apartments', 'Law', 'Fitness', 'Clinic'])} ${this.org.customers.length}`;
    const events = customerDecider.decide(
      {
        type: 'CreateCustomer',
        customerId,
        organizationId: this.org.organizationId,
        name,
        contactFirstName,
        contactLastName,
        contactEmail: `${contactFirstName.toLowerCase()}.${customerId.slice(0, 8)}@example.test`,
        contactPhone: `555${String(Math.floor(this.random() * 1e7)).padStart(7, '0')}`,
        address1: `${1 + Math.floor(this.random() * 999)} ${this.pick(STREETS)}`,
        city,
        state,
        postalCode,
        country: 'USA',
        status: this.random() < 0.85 ? 'Current' : this.pick(['Declined', 'Tentative', 'Past']),
        jobType: this.pick(SERVICES),
        billingFrequency: this.pick(BILLING),
      },
      customerDecider.initialState,
    );
    this.append(customersStreams.customer(customerId), events, 'no_stream', at, this.org.adminId);
    this.org.customers.push({ customerId, name });
    this.org.customerNames.set(customerId, name);
  }

  /** A one-time job in working hours (New York), from two days before its creation to four weeks after. */
  job(at: number, until: number) {
    const jobId = randomUUID();
    const day = Math.floor((Math.min(until, at + this.random() * 30 * DAY) - 2 * DAY) / DAY) * DAY;
    const start = day + (11 + Math.floor(this.random() * 40) / 4) * HOUR;
    const end = start + (1 + Math.floor(this.random() * 12) / 4) * HOUR;
    const kind = this.random();
    const lead = this.pick(this.org.staff);
    const userIds = kind < 0.1 ? [] : this.random() < 0.3 ? [...new Set([lead, this.pick(this.org.staff)])] : [lead];
    const customer = kind > 0.95 ? null : this.pick(this.org.customers);
    const name = customer ? this.pick(SERVICES) : 'Team meeting';
    const fields: JobFields = {
      name,
      notes: this.random() < 0.2 ? 'Gate code 4412; park at the back.' : null,
      number: String(this.jobNumber++),
      type: name.split(' ')[0],
      userIds,
      leadUserId: userIds.length ? lead : null,
      customerId: customer?.customerId ?? null,
      colorOption: this.random() < 0.05 ? '#0D1B41' : null,
      hideFromScheduleView: false,
      availabilityOnly: false,
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
    };
    const command = {
      type: 'ScheduleJob' as const,
      jobId,
      organizationId: this.org.organizationId,
      fields,
      actorIsCompanyAdmin: true,
    };
    const events = jobDecider.decide(command, jobDecider.initialState);
    const revision = this.append(schedulingStreams.job(jobId), events, 'no_stream', at, this.org.adminId);
    this.recent.push({ jobId, state: events.reduce(jobDecider.evolve, jobDecider.initialState), revision });
    if (this.recent.length > 2_000) this.recent.splice(0, 1_000);
  }

  /** A change as the app writes it: assign someone, move the job a day, or edit its notes. */
  changeJob(at: number, until: number) {
    const job = this.pick(this.recent);
    if (!job || job.state.status !== 'scheduled') return this.job(at, until); // nothing to change yet
    const { fields } = job.state;
    const organizationId = this.org.organizationId;
    const r = this.random();
    const unassigned = this.org.staff.filter((userId) => !fields.userIds.includes(userId));
    const events =
      r < 0.4 && unassigned.length
        ? jobDecider.decide({ type: 'AssignJob', organizationId, userId: this.pick(unassigned) }, job.state)
        : jobDecider.decide(
            {
              type: 'ChangeJob',
              organizationId,
              actorIsCompanyAdmin: true,
              changes:
                r < 0.75
                  ? {
                      start: new Date(Date.parse(fields.start) + DAY).toISOString(),
                      end: new Date(Date.parse(fields.end) + DAY).toISOString(),
                    }
                  : { notes: `Customer asked for the side entrance (${this.jobNumber}).` },
            },
            job.state,
          );
    job.revision = this.append(schedulingStreams.job(job.jobId), events, job.revision, at, this.org.adminId);
    job.state = events.reduce(jobDecider.evolve, job.state);
  }

  /** Claim the running slot, start, stop, release: what StartTimer and a stopping ChangeTimer append. */
  timerCycle(at: number, now: number) {
    const userId = this.pick(this.org.staff);
    const organizationId = this.org.organizationId;
    // 15 minutes apart, 15 minutes to 4 hours long (about 2 on average), or shorter in proportion where that does not fit.
    const gap = Math.min(15 * 60_000, this.cycleSpan / 4);
    const shorter = Math.min(1, (this.cycleSpan - gap) / (127.5 * 60_000));
    const length = Math.max(60_000, shorter * (15 + Math.floor(this.random() * 16) * 15) * 60_000);
    const start = Math.max(at, (this.free.get(userId) ?? 0) + gap);
    const end = Math.max(start + 60_000, Math.min(now, start + length));
    this.free.set(userId, end);
    const job = this.random() < 0.6 ? this.pick(this.recent) : undefined;
    const scheduled = job?.state.status === 'scheduled' ? job.state : null;
    const type = scheduled ? 'Job' : this.random() < 0.5 ? 'Mileage' : 'Unassigned';
    const mileageStart = type === 'Mileage' ? Math.floor(this.random() * 90_000) : null;
    const customerId = scheduled?.fields.customerId;
    const timerId = randomUUID();
    const startCommand = {
      type: 'StartTimer' as const,
      timerId,
      organizationId,
      userId,
      fields: {
        type: type as 'Job' | 'Mileage' | 'Unassigned',
        start: new Date(start).toISOString(),
        mileageStart,
        label: this.random() < 0.2 ? 'Travel' : null,
        jobId: scheduled?.jobId ?? null,
        jobName: scheduled?.fields.name ?? null,
        customerId: customerId ?? null,
        customerName: customerId ? (this.org.customerNames.get(customerId) ?? null) : null,
      },
      latest: new Date(start).toISOString(),
    };

    const slot: Slot = this.running.get(userId) ?? { state: runningTimerDecider.initialState, revision: 'no_stream' };
    const claimed = runningTimerDecider.decide(
      {
        type: 'ClaimRunningTimer',
        userId,
        organizationId,
        timerId,
        at: startCommand.fields.start,
        claimed: 'finished',
      },
      slot.state,
    );
    slot.revision = this.append(timersStreams.running(userId), claimed, slot.revision, start, userId);
    slot.state = claimed.reduce(runningTimerDecider.evolve, slot.state);

    const started = timerDecider.decide(startCommand, timerDecider.initialState);
    const timerRevision = this.append(timersStreams.timer(timerId), started, 'no_stream', start, userId);
    const stopped = timerDecider.decide(
      {
        type: 'ChangeTimer',
        organizationId,
        changes: {
          end: new Date(end).toISOString(),
          mileageEnd: mileageStart === null ? null : mileageStart + Math.floor(this.random() * 80),
        },
        actor: { userId, mayEditOthers: false },
        latest: new Date(end).toISOString(),
      },
      started.reduce(timerDecider.evolve, timerDecider.initialState),
    );
    this.append(timersStreams.timer(timerId), stopped, timerRevision, end, userId);

    const released = runningTimerDecider.decide(
      { type: 'ReleaseRunningTimer', userId, organizationId, timerId },
      slot.state,
    );
    slot.revision = this.append(timersStreams.running(userId), released, slot.revision as number, end, userId);
    slot.state = released.reduce(runningTimerDecider.evolve, slot.state);
    this.running.set(userId, slot);
  }
}

/** The staff's running-timer streams as they are now (a grown folder continues them). */
async function runningSlots(store: EventStore, staff: string[]) {
  const slots = new Map<string, Slot>();
  for (const userId of staff) {
    const last = await store.readLastEvent(timersStreams.running(userId));
    if (last)
      slots.set(userId, {
        state: runningTimerDecider.evolve(runningTimerDecider.initialState, last as never),
        revision: last.revision,
      });
  }
  return slots;
}

async function main() {
  const { events: target, dir, staff, jobsPerWeek } = args(process.argv.slice(2));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'events.sqlite');
  const started = Date.now();
  if (!existsSync(file) || (await headOf(file)) === 0) {
    console.log(`seeding the demo organization and ${staff} staff in ${dir} (the app's own first start)…`);
    await seed(dir, staff);
  }
  const store = new SqliteEventStore(file);
  const org = await readOrganization(store);
  // A grown folder keeps the staff it has: the jobs go to the first N of them.
  org.staff = org.staff.slice(0, staff);
  const have = (await store.headPosition())?.commit ?? 0;
  const remaining = target - have;
  console.log(`${dir}: ${have} events, ${org.staff.length} staff, growing to ${target}`);
  if (remaining <= 0) return store.close();

  // The parts of what is still to write, in the proportions of MIX.
  const total = MIX.customers + MIX.jobsScheduled + MIX.jobsChanged + MIX.timerCycles * 4;
  const share = (n: number) => (n * remaining) / total;
  const plan = {
    customers: Math.round(share(MIX.customers)),
    jobs: Math.round(share(MIX.jobsScheduled)),
    changes: Math.round(share(MIX.jobsChanged)),
    cycles: 0,
  };
  plan.cycles = Math.max(0, Math.floor((remaining - plan.customers - plan.jobs - plan.changes) / 4));
  plan.jobs += remaining - plan.customers - plan.jobs - plan.changes - plan.cycles * 4; // the odd few
  console.log(
    `writing ${plan.customers} customers, ${plan.jobs} jobs, ${plan.changes} job changes, ${plan.cycles} timer cycles`,
  );

  const now = Date.now();
  const weeks = jobsPerWeek === null ? (3 * 365) / 7 : Math.max(1, plan.jobs / jobsPerWeek);
  const from = now - weeks * 7 * DAY;
  console.log(
    `over ${Math.round(weeks)} weeks: about ${Math.round(plan.jobs / weeks)} jobs a week on ${org.staff.length} people`,
  );
  const cycleSpan = (now - from) / Math.max(1, plan.cycles / org.staff.length);
  const generator = new Generator(store, org, await runningSlots(store, org.staff), cycleSpan);
  const until = now + 30 * DAY;
  const rounds = Math.max(1, Math.ceil(remaining / ROUND));
  const done = { customers: 0, jobs: 0, changes: 0, cycles: 0 };
  const writing = Date.now();
  let lastReport = 0;
  for (let round = 0; round < rounds; round++) {
    const t0 = from + ((now - from) * round) / rounds;
    const span = (now - from) / rounds;
    const due = (n: number) => Math.round((n * (round + 1)) / rounds);
    // Interleaved, as a day's log is: customers, jobs, changes and timers through the round's days.
    const work: (() => void)[] = [];
    for (; done.customers < due(plan.customers); done.customers++) work.push(() => generator.customer(at()));
    for (; done.jobs < due(plan.jobs); done.jobs++) work.push(() => generator.job(at(), until));
    for (; done.changes < due(plan.changes); done.changes++) work.push(() => generator.changeJob(at(), until));
    for (; done.cycles < due(plan.cycles); done.cycles++) work.push(() => generator.timerCycle(at(), now));
    let step = 0;
    const at = () => t0 + (span * step) / work.length;
    for (const i of shuffled(work.length, round)) {
      work[i]();
      step++;
    }
    // Top up to exactly N at the end.
    if (round === rounds - 1) while (generator.appended < remaining) generator.job(now, until);
    await generator.commit();
    if (Date.now() - lastReport > 2_000 || round === rounds - 1) {
      lastReport = Date.now();
      const seconds = (Date.now() - writing) / 1000;
      console.log(
        `${have + generator.appended}/${target} events (${Math.round(generator.appended / seconds)} events/s, ${seconds.toFixed(0)} s)`,
      );
    }
  }
  await store.close();
  const seconds = (Date.now() - writing) / 1000;
  const head = await headOf(file);
  console.log(
    `wrote ${generator.appended} events in ${seconds.toFixed(1)} s: ${Math.round(generator.appended / seconds)} events/s; ` +
      `${head} events in ${dir} (${((Date.now() - started) / 1000).toFixed(1)} s with seeding)`,
  );
}

/** Indexes 0..n-1 in a seeded order. */
function shuffled(n: number, seed: number): number[] {
  const random = prng(seed);
  const xs = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

async function headOf(file: string): Promise<number> {
  const store = new SqliteEventStore(file);
  try {
    return (await store.headPosition())?.commit ?? 0;
  } finally {
    await store.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
