import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config';
import { openEngines } from '../../src/core/engines';
import { ApiClient } from '../support/app';
import { demoAccount } from '../support/browser';
import { outboxMails } from '../support/outbox';
import { pool } from '../support/pool';
import { instancesAndWorker, KilledTopology, singleInstance } from '../support/kill-topologies';
import { within } from '../support/time';

/**
 * #31 item 2: visit reminders are sent once, as rating requests are (rating-requests-kill.spec.ts, the same method in
 * less time). The built app is killed with SIGKILL at random moments while the reminders of 80 visits come due, and
 * started again on the same data folder; in the end each visit has exactly one reminder e-mail in the outbox and one
 * `VisitReminderSent` in the event log, for the start it has. Then the same with two API instances
 * (PROJECTIONS=external, REDIS_URL) and the projections worker, which runs the process, any of the three killed.
 */

const repoRoot = join(__dirname, '..', '..');
const VISITS = 80;
/** Reminded an hour before (the settings below), ... */
const HOUR_MS = 3_600_000;
/** ... the visits' reminders come due over this long, ... */
const DUE_OVER_MS = 10_000;
/** ... each at least this long after the visit was created (80 take about 3 s on a quiet machine). */
const DUE_AFTER_CREATED_MS = within(5_000);
/** Kills at least this many times, at least once while reminders come due. */
const KILLS = 4;
const EVERY_MS = '300';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (at: number) => new Date(Math.ceil(at / 1000) * 1000).toISOString().replace('.000', '');

/** The reminders the event log holds about the visits (each one's starts), and any cancellation notice. */
async function logOf(dataDir: string, visitIds: Set<string>) {
  const engines = await openEngines(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  try {
    const reminded = new Map<string, string[]>();
    let cancellations = 0;
    for (const event of await engines.eventStore.readAll()) {
      const data = event.data as { jobId: string; start: string };
      if (event.type === 'VisitReminderSent' && visitIds.has(data.jobId))
        reminded.set(data.jobId, [...(reminded.get(data.jobId) ?? []), data.start]);
      if (event.type === 'VisitCancellationSent' && visitIds.has(data.jobId)) cancellations++;
    }
    return { reminded, cancellations };
  } finally {
    await engines.close();
  }
}

const TICKS = { VISIT_REMINDERS_EVERY_MS: EVERY_MS };

describe.each([
  ['the built app', (dataDir: string) => singleInstance(dataDir, TICKS)],
  // The worker runs the process: it is the one to kill most.
  ['two API instances and the worker over Redis', (dataDir: string) => instancesAndWorker(dataDir, TICKS, 0.6)],
] as const)('visit reminders while %s is killed with SIGKILL', (name, start) => {
  let dataDir: string;
  let running: KilledTopology | undefined;

  beforeAll(() => {
    for (const built of ['dist/src/main.js', 'dist/projections/runner/worker.js'])
      if (!existsSync(join(repoRoot, built)))
        throw new Error(`${built} is missing: run \`npm run build:server\` (make test does) first`);
    dataDir = mkdtempSync(join(tmpdir(), 'crewclock-kill-reminders-'));
  });
  afterAll(async () => {
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    `reminds the customer of each of ${VISITS} visits once`,
    async () => {
      running = await start(dataDir);
      const account = demoAccount(running.demoOutput(), 'Company Admin');
      const admin = await new ApiClient(running.urls()[0]).signIn(account.email, account.password);
      const settings = await admin.patch('/api/organization/settings', {
        visitReminders: 'hoursBefore',
        visitReminderHours: 1,
        visitReminderWindowStart: '00:00',
        visitReminderWindowEnd: '24:00',
      });
      expect(settings.status).toBe(200);
      const email = `reminders-${Date.now()}@example.test`;
      const customer = await admin.post('/api/customers', {
        name: 'Reminded Co',
        contactFirstName: 'Pat',
        contactEmail: email,
      });
      expect(customer.status).toBe(201);

      // Each visit starts an hour and a few seconds after it is created: its reminder comes due during the test.
      const visits: { id: string; name: string; start: number }[] = [];
      await pool(
        Array.from({ length: VISITS }, (_, i) => async () => {
          const due = Date.now() + DUE_AFTER_CREATED_MS + Math.floor((i * DUE_OVER_MS) / VISITS);
          const start = Date.parse(seconds(due + HOUR_MS));
          const created = await admin.post('/api/recurrence-jobs', {
            jobModel: {
              name: `Visit ${i}`,
              startDateTime: seconds(start),
              endDateTime: seconds(start + HOUR_MS),
              userIds: [],
              customerId: customer.body.data.id,
            },
          });
          expect(created.status).toBe(201);
          // It exists before its reminder comes due.
          expect(Date.now()).toBeLessThan(start - HOUR_MS);
          visits.push({ id: created.body.data.id as string, name: `Visit ${i}`, start });
        }),
        8,
      );

      const kills: string[] = [];
      const firstDue = Math.min(...visits.map((v) => v.start)) - HOUR_MS;
      const lastDue = Math.max(...visits.map((v) => v.start)) - HOUR_MS + 1000;
      let killsWhileDue = 0;
      while (Date.now() < lastDue + 1000 || kills.length < KILLS) {
        await sleep(500 + Math.random() * 2000);
        if (Date.now() >= firstDue && Date.now() < lastDue) killsWhileDue++;
        kills.push(await running.killOne());
      }

      // Then the reminders settle: those that came due while the process was down go a little late.
      const ours = () => outboxMails(dataDir).filter((m) => m.to === email);
      const deadline = Date.now() + within(60_000);
      let mails = ours();
      while (mails.length < VISITS && Date.now() < deadline) {
        await sleep(250);
        mails = ours();
      }
      await sleep(1500); // and nothing more comes (five ticks)
      mails = ours();
      await running.stop();
      running = undefined;

      const { reminded, cancellations } = await logOf(dataDir, new Set(visits.map((v) => v.id)));
      const outbox = readdirSync(join(dataDir, 'outbox'));
      const partials = outbox.filter((f) => f.endsWith('.partial'));
      const perVisit = visits.map((v) => mails.filter((m) => m.subject.split(',')[0] === `Reminder: ${v.name}`).length);
      const recorded = visits.map((v) => reminded.get(v.id) ?? []);
      console.log(
        `${name}: ${kills.length} kills, ${killsWhileDue} while reminders came due (${kills.join(', ')}); ${VISITS} visits: ` +
          `${perVisit.filter((n) => n === 1).length} e-mailed once, ${perVisit.filter((n) => n === 0).length} never, ` +
          `${perVisit.filter((n) => n > 1).length} more than once (${mails.length} e-mails); ` +
          `${recorded.filter((r) => r.length === 1).length} recorded once, ${recorded.filter((r) => r.length === 0).length} never, ` +
          `${recorded.filter((r) => r.length > 1).length} more than once; ${cancellations} cancellation(s); ` +
          `${partials.length} partial outbox file(s) left by a kill`,
      );
      expect(killsWhileDue).toBeGreaterThanOrEqual(1);
      expect(perVisit).toEqual(visits.map(() => 1));
      expect(mails).toHaveLength(VISITS);
      // Recorded once, for the start the visit has (none for another start), and never sent before it was due.
      expect(recorded.map((r) => r.length)).toEqual(visits.map(() => 1));
      expect(recorded.map(([at]) => Date.parse(at))).toEqual(visits.map((v) => v.start));
      for (const v of visits) {
        const mail = mails.find((m) => m.subject.split(',')[0] === `Reminder: ${v.name}`)!;
        expect(Date.parse(mail.queuedAt)).toBeGreaterThanOrEqual(v.start - HOUR_MS);
      }
      expect(cancellations).toBe(0);
      // A kill between the write and the rename may leave a temporary dot-file, never a half e-mail: each one is of
      // an e-mail written whole again after the restart.
      for (const partial of partials) expect(outbox).toContain(`${partial.slice(1).split('.')[0]}.json`);
    },
    within(300_000),
  );
});
