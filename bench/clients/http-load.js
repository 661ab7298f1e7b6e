// Sends GET requests from a worker thread and returns each one's status and time (request to last byte).
// `concurrency` loops share `paths` in turn until `count` requests are done, or until `untilMs` have passed.
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');

const { baseUrl, headers, paths, concurrency = 1, count = paths.length, untilMs = null, pauseMs = 0 } = workerData;

(async () => {
  const began = performance.now();
  const results = [];
  let next = 0;
  const more = () => (untilMs === null ? next < count : performance.now() - began < untilMs);
  async function loop(lane) {
    while (more()) {
      const i = next++;
      const path = paths[i % paths.length];
      // A client of its own per request: the public callers are many visitors, not one.
      const h = { accept: 'application/json', 'x-forwarded-for': `198.18.${(i >> 8) & 255}.${i & 255}`, ...headers };
      const t = performance.now();
      let status = 0;
      try {
        const response = await fetch(baseUrl + path, { headers: h });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = -1;
      }
      results.push({ lane, status, ms: performance.now() - t });
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, lane) => loop(lane)));
  parentPort.postMessage(results);
})();
