/**
 * Request → manager socket latency (issue #4: p99 ≤ 50 ms with 200 connected manager sockets).
 * Starts the real app on the embedded default, opens 200 manager sockets (10 managers × 20 tabs)
 * and, one after another, has associates request 300 open jobs over HTTP. The sockets and the
 * requests run in a worker thread (browsers are other processes), which times each request from
 * just before it is sent to the moment each socket receives its `jobRequests.changed`.
 * Prints a table and writes bench/results/job-request-push.json.
 *
 *   npm run bench:job-request-push
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { CommandBus } from '@nestjs/cqrs';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import { CreateOrganization, CreateUser, UpdateOrganizationSettings } from '../src/identity/identity.commands';
import { ApiClient } from '../test/support/app';
import { percentile, report } from './report';

const MANAGERS = 10;
const TABS_PER_MANAGER = 20;
const ASSOCIATES = 20;
const REQUESTS = 300;
const PASSWORD = 'bench-password';

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewclock-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATA_DIR: dataDir, SCRYPT_LOG_N: '10', SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
  const running = await createApp(config);
  const organizationId = randomUUID();
  const adminId = randomUUID();
  const meta = () => ({ organizationId, actorUserId: adminId, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() });
  const commands = running.app.get(CommandBus);
  await commands.execute(new CreateOrganization({ organizationId, name: 'Bench Co', timeZone: 'America/New_York', admin: { userId: adminId, firstName: 'Bench', lastName: 'Admin', email: 'bench@example.test', password: PASSWORD } }, meta()));
  await commands.execute(new UpdateOrganizationSettings({ pickUpJobsEnabled: true }, meta()));
  const people = async (role: 'Customer Manager' | 'Associate', count: number) => {
    const cookies: string[] = [];
    for (let i = 0; i < count; i++) {
      const email = `${role === 'Associate' ? 'crew' : 'manager'}${i}@example.test`;
      await commands.execute(new CreateUser({ firstName: `${role.split(' ')[0]}${i}`, lastName: 'Bench', email, role, password: PASSWORD }, meta()));
      cookies.push((await new ApiClient(running.url).signIn(email, PASSWORD)).cookie);
    }
    return cookies;
  };
  const managers = await people('Customer Manager', MANAGERS);
  const associates = await people('Associate', ASSOCIATES);

  // Open jobs tomorrow and after, one per request.
  const admin = await new ApiClient(running.url).signIn('bench@example.test', PASSWORD);
  const jobIds: string[] = [];
  const first = Date.now() + 86_400_000;
  for (let i = 0; i < REQUESTS; i++) {
    const start = new Date(first + i * 3_600_000);
    const created = await admin.post('/api/recurrence-jobs', { jobModel: { name: `Open job ${i}`, startDateTime: start.toISOString(), endDateTime: new Date(start.getTime() + 3_600_000).toISOString() } });
    if (created.status !== 201) throw new Error(`could not create a job: ${JSON.stringify(created.body)}`);
    jobIds.push(created.body.data.id);
  }

  const result = await runClients({
    baseUrl: running.url,
    managerCookies: managers.flatMap((c) => Array.from({ length: TABS_PER_MANAGER }, () => c)),
    associateCookies: associates,
    jobIds,
  });
  await running.close();
  rmSync(dataDir, { recursive: true, force: true });

  const each = result.latencies.sort((a, b) => a - b);
  const last = result.lastOfAll.sort((a, b) => a - b);
  const summary = {
    managerSockets: MANAGERS * TABS_PER_MANAGER, requests: REQUESTS, pushesReceived: each.length,
    p50Ms: +percentile(each, 50).toFixed(2), p90Ms: +percentile(each, 90).toFixed(2), p99Ms: +percentile(each, 99).toFixed(2), maxMs: +each[each.length - 1].toFixed(2),
    lastSocketP50Ms: +percentile(last, 50).toFixed(2), lastSocketP99Ms: +percentile(last, 99).toFixed(2),
    targetP99Ms: 50,
  };
  report('job-request-push', 'Request → manager socket latency (POST /api/jobs/{id}/request → jobRequests.changed on every manager socket)', summary);
}

/** The manager tabs and the requesting associates, in a worker thread. */
const CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const { io } = require(require.resolve('socket.io-client', { paths: [workerData.cwd] }));
const { baseUrl, managerCookies, associateCookies, jobIds } = workerData;

function connect(cookie) {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, { path: '/socket.io', forceNew: true, reconnection: false, transports: ['websocket'], extraHeaders: { cookie } });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

(async () => {
  const sockets = [];
  for (const cookie of managerCookies) sockets.push(await connect(cookie));
  const latencies = [];
  const lastOfAll = [];
  for (let i = 0; i < jobIds.length; i++) {
    const jobId = jobIds[i];
    let sentAt = 0;
    const heard = Promise.all(sockets.map((socket) => new Promise((resolve) => {
      const listener = (p) => {
        if (p.jobId !== jobId) return;
        socket.off('jobRequests.changed', listener);
        resolve(performance.now() - sentAt);
      };
      socket.on('jobRequests.changed', listener);
    })));
    const cookie = associateCookies[i % associateCookies.length];
    const csrf = (await (await fetch(baseUrl + '/api/session', { headers: { cookie } })).json()).csrfToken;
    sentAt = performance.now();
    const response = await fetch(baseUrl + '/api/jobs/' + jobId + '/request', { method: 'POST', headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' }, body: '{}' });
    if (response.status !== 200) throw new Error('request failed: ' + response.status + ' ' + (await response.text()));
    const times = await heard;
    latencies.push(...times);
    lastOfAll.push(Math.max(...times));
  }
  for (const socket of sockets) socket.disconnect();
  parentPort.postMessage({ latencies, lastOfAll });
})().catch((error) => { throw error; });
`;

function runClients(data: { baseUrl: string; managerCookies: string[]; associateCookies: string[]; jobIds: string[] }): Promise<{ latencies: number[]; lastOfAll: number[] }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENTS, { eval: true, workerData: { ...data, cwd: join(__dirname, '..') } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
