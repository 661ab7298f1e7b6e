// Each associate has a second device listening. 1: start/stop one at a time, timed to the other
// device's push. 2: everyone cycles at once, for cycles per second.
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const { connect, call } = require('./sockets');

const { baseUrl, people, syncCycles, cyclesEach } = workerData;
const start = (person) => call(baseUrl, person, 'POST', '/api/time', { type: 'Unassigned', label: 'bench' });
const stop = (person, id) =>
  call(baseUrl, person, 'PATCH', `/api/time/${id}`, { endDateTime: new Date(Date.now() + 1000).toISOString() });

/** The next `timers.changed` on the device (for `timerId`, or any when it is not known yet), in ms since `since.at`. */
function nextChange(device, since, timerId = () => null) {
  return new Promise((resolve) => {
    const listener = (p) => {
      const id = timerId();
      if (id !== null && p.timerId !== id) return;
      device.off('timers.changed', listener);
      resolve(performance.now() - since.at);
    };
    device.on('timers.changed', listener);
  });
}

(async () => {
  const otherDevices = [];
  for (const person of people) otherDevices.push(await connect(baseUrl, person.cookie));
  const sync = [];
  for (let i = 0; i < syncCycles; i++) {
    const person = people[i % people.length];
    const device = otherDevices[i % people.length];
    // The start's push may arrive before its reply (and so before its id is known).
    let id = null;
    const startedSince = { at: 0 };
    const started = nextChange(device, startedSince);
    startedSince.at = performance.now();
    id = (await start(person)).data.id;
    sync.push(await started);
    const stoppedSince = { at: performance.now() };
    const stopped = nextChange(device, stoppedSince, () => id);
    await stop(person, id);
    sync.push(await stopped);
  }
  const cycles = [];
  const t0 = performance.now();
  await Promise.all(
    people.map(async (person) => {
      for (let i = 0; i < cyclesEach; i++) {
        const t = performance.now();
        const { data } = await start(person);
        await stop(person, data.id);
        cycles.push(performance.now() - t);
      }
    }),
  );
  const wallMs = performance.now() - t0;
  for (const socket of otherDevices) socket.disconnect();
  parentPort.postMessage({ sync, cycles, wallMs });
})();
