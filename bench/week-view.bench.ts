/**
 * Week-view fetch for an organization with 10,000 one-time jobs and 500 recurring series
 * (issue #3: target p99 ≤ 30 ms). Builds the event log directly, starts the real app on it (the
 * read models are built from the log at its first start), then times GET /api/jobs/syncfusion/fetch for
 * consecutive weeks over HTTP, from the request to the last byte of the response. The client runs
 * in a worker thread (clients/week-view.js), as a browser is another process: its JSON parsing and
 * garbage collection do not pause the server's event loop. Prints a table and writes bench/results/week-view.json.
 *
 *   npm run bench:week-view
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createApp } from '../src/app';
import { SqliteEventStore } from '../src/core/event-store/sqlite-event-store';
import { NewEvent } from '../src/core/event-store/event-store.port';
import { ApiClient } from '../test/support/app';
import { BENCH_PASSWORD, benchOrganization, inWorker } from './harness';
import { percentile, report } from './report';

const JOBS = 10_000;
const SERIES = 500;
const WEEKS = 52;
const REQUESTS = 400;
const FIRST_MONDAY = Date.parse('2026-01-05T00:00:00Z');
const DAY = 86_400_000;

async function main() {
  // 1. An organization with a crew, through the real commands.
  const org = await benchOrganization();
  const { organizationId, meta, config, dataDir } = org;
  const crew = (await org.people('Associate', 40)).map((p) => p.userId);
  await org.running.close();

  // 2. 10,000 jobs over a year and 500 series, appended straight to the log (as the commands would).
  const store = new SqliteEventStore(join(dataDir, 'events.sqlite'));
  const event = (type: string, data: Record<string, unknown>): NewEvent => ({
    id: randomUUID(),
    type,
    data,
    metadata: { ...meta(), causationId: null, timestamp: new Date().toISOString() },
  });
  const base = {
    notes: null,
    number: null,
    type: null,
    customerId: null,
    colorOption: null,
    hideFromScheduleView: false,
    availabilityOnly: false,
  };
  const appends: Promise<unknown>[] = [];
  for (let i = 0; i < JOBS; i++) {
    const jobId = randomUUID();
    const start = FIRST_MONDAY + Math.floor((i / JOBS) * WEEKS * 7) * DAY + (13 + (i % 8)) * 3_600_000;
    appends.push(
      store.append(
        `job-${jobId}`,
        [
          event('JobScheduled', {
            jobId,
            organizationId,
            ...base,
            name: `Job ${i}`,
            start: new Date(start).toISOString(),
            end: new Date(start + 3_600_000).toISOString(),
            userIds: [crew[i % crew.length]],
            leadUserId: crew[i % crew.length],
          }),
        ],
        'no_stream',
      ),
    );
  }
  const frequencies = ['Weekly', 'Weekly', 'Daily', 'Monthly'] as const;
  for (let i = 0; i < SERIES; i++) {
    const seriesId = randomUUID();
    const start = FIRST_MONDAY + (i % 120) * DAY + (12 + (i % 6)) * 3_600_000;
    const frequency = frequencies[i % frequencies.length];
    appends.push(
      store.append(
        `jobSeries-${seriesId}`,
        [
          event('JobSeriesScheduled', {
            seriesId,
            organizationId,
            ...base,
            name: `Series ${i}`,
            start: new Date(start).toISOString(),
            end: new Date(start + 5_400_000).toISOString(),
            userIds: [crew[i % crew.length]],
            leadUserId: null,
            timeZone: 'America/New_York',
            rule: {
              frequency,
              days: frequency === 'Weekly' ? ['monday', 'thursday'] : [],
              weeklyRecurrence: 1 + (i % 3),
              expireDate: i % 2 ? '2026-12-31' : null,
            },
          }),
        ],
        'no_stream',
      ),
    );
  }
  await Promise.all(appends);
  await store.close();

  // 3. Start the app on that log, sign in, and time consecutive week views.
  const startAt = performance.now();
  const running = await createApp(config);
  const rebuildSeconds = (performance.now() - startAt) / 1000;
  const client = await new ApiClient(running.url).signIn('bench@example.test', BENCH_PASSWORD);
  const week = (n: number) => {
    const monday = new Date(FIRST_MONDAY + (n % WEEKS) * 7 * DAY);
    const sunday = new Date(monday.getTime() + 6 * DAY);
    const fmt = (d: Date) =>
      `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
    return `/api/jobs/syncfusion/fetch?StartDate=${fmt(monday)}&EndDate=${fmt(sunday)}`;
  };
  const { times, jobs: jobsPerWeek } = await inWorker<{ times: number[]; jobs: number }>('week-view', {
    baseUrl: running.url,
    cookie: client.cookie,
    paths: Array.from({ length: REQUESTS }, (_, i) => week(i)),
    warmUp: 20,
  });
  await running.close();
  rmSync(dataDir, { recursive: true, force: true });

  times.sort((a, b) => a - b);
  const result = {
    jobs: JOBS,
    series: SERIES,
    requests: REQUESTS,
    averageJobsPerWeek: Math.round(jobsPerWeek / REQUESTS),
    p50Ms: +percentile(times, 50).toFixed(2),
    p90Ms: +percentile(times, 90).toFixed(2),
    p99Ms: +percentile(times, 99).toFixed(2),
    maxMs: +times[times.length - 1].toFixed(2),
    targetP99Ms: 30,
    startWithRebuildSeconds: +rebuildSeconds.toFixed(1),
  };
  report('week-view', 'Week-view fetch (GET /api/jobs/syncfusion/fetch, embedded default, over HTTP)', result);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
