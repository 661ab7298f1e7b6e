/**
 * A day's work queued offline syncs in ≤ 2 s after reconnect, nothing lost and nothing twice (issue #29). The built
 * app on the embedded default with its demo organization; the Associate's phone (Chromium, 390 px) goes offline,
 * starts and stops a job timer 25 times from Home (50 actions in its outbox), then the network comes back. Timed from
 * the reconnect to the moment the phone's outbox is empty (its "waiting to sync" status gone); then the server's audit
 * log is counted: 25 starts and 25 stops, each once. Runs ROUNDS times; prints each and the median.
 *
 *   npm run build && npm run bench:offline-sync
 */
import { DateTime } from 'luxon';
import type { Browser } from 'playwright-core';
import type { AuditEntry } from '../src/shared/audit';
import { ApiClient } from '../test/support/app';
import { demoAccount, launchBrowser, newContext, PHONE, signIn } from '../test/support/browser';
import { startBuiltApp, type StartedApp } from '../test/support/started-app';
import { figureTable } from './report';

const PAIRS = 25;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const TARGET_MS = 2000;

async function main() {
  const app = await startBuiltApp({ LOG_LEVEL: 'error' });
  // A failing round still stops the app and the browser it started.
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await app.stop();
    throw error;
  });
  try {
    await measure(app, browser);
  } finally {
    await browser.close();
    await app.stop();
  }
}

async function measure(app: StartedApp, browser: Browser) {
  const admin = await new ApiClient(app.url).signIn(
    demoAccount(app.output, 'Company Admin').email,
    demoAccount(app.output, 'Company Admin').password,
  );
  const associate = demoAccount(app.output, 'Associate');
  const me = (await (await new ApiClient(app.url).signIn(associate.email, associate.password)).get('/api/session'))
    .body as { user: { id: string } };
  const job = await admin.post('/api/recurrence-jobs', {
    jobModel: {
      name: 'Warehouse shelving',
      startDateTime: DateTime.now().minus({ minutes: 5 }).toUTC().toISO(),
      endDateTime: DateTime.now().plus({ hours: 8 }).toUTC().toISO(),
      leadUserId: me.user.id,
      userIds: [me.user.id],
    },
  });
  if (job.status !== 201) throw new Error(`could not create the job: ${JSON.stringify(job.body)}`);

  /** Every start and stop of the Associate's timers the audit log holds (all pages). */
  async function timerEvents(): Promise<AuditEntry[]> {
    const all: AuditEntry[] = [];
    for (let page = 1; ; page++) {
      const body = (await admin.get(`/api/audit?recordType=timer&currentPage=${page}`)).body as {
        resultItems: AuditEntry[];
        totalRecords: number;
      };
      all.push(...body.resultItems);
      if (body.resultItems.length === 0 || all.length >= body.totalRecords) break;
    }
    return all.filter((e) => e.type === 'TimerStarted' || e.type === 'TimerStopped');
  }

  const figures = figureTable();
  const context = await newContext(browser, app.url, PHONE, undefined, 'allow');
  const page = await context.newPage();
  await signIn(page, associate, '/');
  await page.getByText('Warehouse shelving').first().waitFor();
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  const timings: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const before = await timerEvents();
    await context.setOffline(true);
    for (let i = 0; i < PAIRS; i++) {
      await page.getByRole('button', { name: 'Start timer', exact: true }).click();
      await page.getByText(`${2 * i + 1} action${i === 0 ? '' : 's'} waiting to sync.`, { exact: false }).waitFor();
      await page.locator('button:has-text("Stop timer")').click(); // the job card's
      await page.getByText(`${2 * i + 2} actions waiting to sync.`, { exact: false }).waitFor();
    }
    const requests: { url: string; ms: number }[] = [];
    const timeRequest = (request: import('playwright-core').Request) => {
      const t = request.timing();
      if (request.method() !== 'GET') requests.push({ url: request.url(), ms: t.responseEnd - t.requestStart });
    };
    page.on('requestfinished', timeRequest);
    const started = performance.now();
    await context.setOffline(false);
    await page.locator('[aria-label="Connection"]').waitFor({ state: 'detached', timeout: 60_000 });
    const ms = performance.now() - started;
    timings.push(ms);
    page.off('requestfinished', timeRequest);
    const server = requests.reduce((sum, r) => sum + r.ms, 0);
    console.log(`  ${requests.length} commands sent; the server's answers took ${Math.round(server)} ms in all`);

    const after = await timerEvents();
    const known = new Set(before.map((e) => e.id));
    const fresh = after.filter((e) => !known.has(e.id));
    const starts = fresh.filter((e) => e.type === 'TimerStarted');
    const stops = fresh.filter((e) => e.type === 'TimerStopped');
    const timers = new Set(fresh.map((e) => e.record.id));
    const exact = starts.length === PAIRS && stops.length === PAIRS && timers.size === PAIRS;
    figures.add(
      `round ${round}: ${2 * PAIRS} actions synced after reconnect`,
      `${Math.round(ms)} ms; ${starts.length} starts, ${stops.length} stops on ${timers.size} timers`,
      `≤ ${TARGET_MS} ms, ${PAIRS} of each, once`,
      ms <= TARGET_MS && exact,
    );
  }
  const median = [...timings].sort((a, b) => a - b)[Math.floor(timings.length / 2)];
  figures.add(`median of ${ROUNDS} rounds`, `${Math.round(median)} ms`, `≤ ${TARGET_MS} ms`, median <= TARGET_MS);
  await context.close();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
