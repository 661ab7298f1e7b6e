/**
 * Timers (issue #5): start+stop cycles per second with their p99, and cross-device sync latency.
 * Starts the real app on the embedded default with 20 associates, each signed in on two "devices"
 * (a socket each). In a worker thread (devices are other processes):
 *  1. sync: 400 cycles one after another; each start and each stop is timed from just before the
 *     request on device A to the `timers.changed` push on device B;
 *  2. throughput: the 20 associates cycle at once, 25 cycles each; cycles/s over the wall time, and
 *     the p99 of one cycle (POST /api/time then PATCH /api/time/{id} with its end).
 * Prints a table and writes bench/results/timers.json.
 *
 *   npm run bench:timers
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { CommandBus } from '@nestjs/cqrs';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import { CreateOrganization, CreateUser } from '../src/identity/identity.commands';
import { ApiClient } from '../test/support/app';
import { percentile, report } from './report';

const ASSOCIATES = 20;
const SYNC_CYCLES = 400;
const CYCLES_EACH = 25;
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
  const people: { cookie: string; csrf: string }[] = [];
  for (let i = 0; i < ASSOCIATES; i++) {
    const email = `crew${i}@example.test`;
    await commands.execute(new CreateUser({ firstName: `Crew${i}`, lastName: 'Bench', email, role: 'Associate', password: PASSWORD }, meta()));
    const client = await new ApiClient(running.url).signIn(email, PASSWORD);
    people.push({ cookie: client.cookie, csrf: client.csrfToken! });
  }

  const result = await runDevices({ baseUrl: running.url, people, syncCycles: SYNC_CYCLES, cyclesEach: CYCLES_EACH });
  await running.close();
  rmSync(dataDir, { recursive: true, force: true });

  const sync = result.sync.sort((a, b) => a - b);
  const cycles = result.cycles.sort((a, b) => a - b);
  const summary = {
    associates: ASSOCIATES,
    syncMeasurements: sync.length,
    p50Ms: +percentile(sync, 50).toFixed(2), p99Ms: +percentile(sync, 99).toFixed(2), maxMs: +sync[sync.length - 1].toFixed(2),
    concurrentCycles: cycles.length, cyclesPerSecond: +((cycles.length / result.wallMs) * 1000).toFixed(1),
    cycleP50Ms: +percentile(cycles, 50).toFixed(2), cycleP99Ms: +percentile(cycles, 99).toFixed(2),
    targetP99Ms: 1000,
  };
  report('timers', 'Timers: cross-device sync (start or stop on one device → push on the other) and start+stop cycles', summary);
}

const DEVICES = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const { io } = require(require.resolve('socket.io-client', { paths: [workerData.cwd] }));
const { baseUrl, people, syncCycles, cyclesEach } = workerData;

function connect(cookie) {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, { path: '/socket.io', forceNew: true, reconnection: false, transports: ['websocket'], extraHeaders: { cookie } });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
async function call(person, method, path, body) {
  const response = await fetch(baseUrl + path, { method, headers: { cookie: person.cookie, 'x-csrf-token': person.csrf, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(method + ' ' + path + ' ' + response.status + ' ' + text);
  return text ? JSON.parse(text) : null;
}
const start = (person) => call(person, 'POST', '/api/time', { type: 'Unassigned', label: 'bench' });
const stop = (person, id) => call(person, 'PATCH', '/api/time/' + id, { endDateTime: new Date(Date.now() + 1000).toISOString() });
function pushOn(socket, timerId, since) {
  return new Promise((resolve) => {
    const listener = (p) => {
      if (p.timerId !== timerId) return;
      socket.off('timers.changed', listener);
      resolve(performance.now() - since.at);
    };
    socket.on('timers.changed', listener);
  });
}

(async () => {
  const otherDevices = [];
  for (const person of people) otherDevices.push(await connect(person.cookie));
  // 1. Sync latency, one cycle at a time: the push is awaited by timer id, so a listener is in place before the request.
  const sync = [];
  for (let i = 0; i < syncCycles; i++) {
    const person = people[i % people.length];
    const device = otherDevices[i % people.length];
    const since = { at: 0 };
    let timerId = null;
    const started = new Promise((resolve) => {
      const listener = (p) => { if (timerId === null || p.timerId === timerId) { device.off('timers.changed', listener); resolve(performance.now() - since.at); } };
      device.on('timers.changed', listener);
    });
    since.at = performance.now();
    timerId = (await start(person)).data.id;
    sync.push(await started);
    const stopSince = { at: performance.now() };
    const stopped = pushOn(device, timerId, stopSince);
    await stop(person, timerId);
    sync.push(await stopped);
  }
  // 2. Throughput: everyone at once.
  const cycles = [];
  const t0 = performance.now();
  await Promise.all(people.map(async (person) => {
    for (let i = 0; i < cyclesEach; i++) {
      const t = performance.now();
      const { data } = await start(person);
      await stop(person, data.id);
      cycles.push(performance.now() - t);
    }
  }));
  const wallMs = performance.now() - t0;
  for (const socket of otherDevices) socket.disconnect();
  parentPort.postMessage({ sync, cycles, wallMs });
})().catch((error) => { throw error; });
`;

function runDevices(data: { baseUrl: string; people: { cookie: string; csrf: string }[]; syncCycles: number; cyclesEach: number }): Promise<{ sync: number[]; cycles: number[]; wallMs: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(DEVICES, { eval: true, workerData: { ...data, cwd: join(__dirname, '..') } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
