/**
 * Request → manager socket latency (issue #4: p99 ≤ 50 ms with 200 connected manager sockets; issue
 * #11: also with 500). The real app on the embedded default; 200 manager sockets (10 managers × 20
 * tabs, or PUSH_SOCKETS=500: 25 managers) listen while
 * associates request 300 open jobs one after another (clients/job-request-managers.js), each timed
 * from just before the request to the moment each socket receives its `jobRequests.changed`.
 * Prints a table and writes bench/results/job-request-push-<sockets>.json.
 *
 *   npm run bench:job-request-push [-- 500]
 */
import { UpdateOrganizationSettings } from '../src/identity/identity.commands';
import { benchOrganization, inWorker } from './harness';
import { percentile, report } from './report';

const TABS_PER_MANAGER = 20;
const SOCKETS = Number(process.argv[2] ?? 200);
const MANAGERS = Math.ceil(SOCKETS / TABS_PER_MANAGER);
const REQUESTS = 300;

async function main() {
  const org = await benchOrganization();
  await org.commands.execute(new UpdateOrganizationSettings({ pickUpJobsEnabled: true }, org.meta()));
  const managers = await Promise.all(
    (await org.people('Customer Manager', MANAGERS)).map(async ({ email }) => (await org.signIn(email)).cookie),
  );
  const associates = [];
  for (const { email } of await org.people('Associate', 20)) {
    const client = await org.signIn(email);
    associates.push({ cookie: client.cookie, csrf: client.csrfToken });
  }

  // Open jobs tomorrow and after, one per request.
  const admin = await org.signIn('bench@example.test');
  const jobIds: string[] = [];
  const first = Date.now() + 86_400_000;
  for (let i = 0; i < REQUESTS; i++) {
    const start = new Date(first + i * 3_600_000);
    const created = await admin.post('/api/recurrence-jobs', {
      jobModel: {
        name: `Open job ${i}`,
        startDateTime: start.toISOString(),
        endDateTime: new Date(start.getTime() + 3_600_000).toISOString(),
      },
    });
    if (created.status !== 201) throw new Error(`could not create a job: ${JSON.stringify(created.body)}`);
    jobIds.push(created.body.data.id);
  }

  const result = await inWorker<{ latencies: number[]; lastOfAll: number[] }>('job-request-managers', {
    baseUrl: org.running.url,
    managerCookies: managers.flatMap((c) => Array.from({ length: TABS_PER_MANAGER }, () => c)),
    associates,
    jobIds,
  });
  await org.close();

  const each = result.latencies.sort((a, b) => a - b);
  const last = result.lastOfAll.sort((a, b) => a - b);
  report(
    `job-request-push-${MANAGERS * TABS_PER_MANAGER}`,
    'Request → manager socket latency (POST /api/jobs/{id}/request → jobRequests.changed on every manager socket)',
    {
      managerSockets: MANAGERS * TABS_PER_MANAGER,
      requests: REQUESTS,
      pushesReceived: each.length,
      p50Ms: +percentile(each, 50).toFixed(2),
      p90Ms: +percentile(each, 90).toFixed(2),
      p99Ms: +percentile(each, 99).toFixed(2),
      maxMs: +each[each.length - 1].toFixed(2),
      lastSocketP50Ms: +percentile(last, 50).toFixed(2),
      lastSocketP99Ms: +percentile(last, 99).toFixed(2),
      targetP99Ms: 50,
    },
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
