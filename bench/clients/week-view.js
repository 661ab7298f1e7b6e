// Week-view fetches, one after another: the time is request to last byte; parsing comes afterwards.
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');

const { baseUrl, cookie, paths, warmUp } = workerData;

async function get(path) {
  const response = await fetch(baseUrl + path, { headers: { accept: 'application/json', cookie } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`fetch failed: ${response.status} ${text}`);
  return text;
}

(async () => {
  for (const path of paths.slice(0, warmUp)) await get(path);
  const times = [];
  let jobs = 0;
  for (const path of paths) {
    const t = performance.now();
    const text = await get(path);
    times.push(performance.now() - t);
    jobs += JSON.parse(text).length;
  }
  parentPort.postMessage({ times, jobs });
})();
